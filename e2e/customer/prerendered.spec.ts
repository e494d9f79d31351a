import { expect, test } from '@playwright/test';
import { CUSTOMER, signInViaApi } from '../support/helpers';

/** Decision 019: the public pages arrive as HTML with their styles, filled with this server's configuration. */
test('a visitor gets / as prerendered, styled HTML that reads the same before and after the scripts run', async ({ browser, request, baseURL }) => {
  const config = (await (await request.get('/api/config')).json()) as { businessName: string; businessPhone: string };
  const html = await (await request.get('/')).text();
  expect(html).toContain('data-prerendered="/"');
  expect(html).toContain(`>${config.businessName}</a>`);
  expect(html).not.toContain('@@glint-');
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).not.toContain('glint-boot');

  // Without any script, the page is already there and styled: hero, sign-in form, bottom navigation.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL });
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(still.getByLabel('Email')).toBeVisible();
  expect(await still.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontWeight)).toBe('700');
  const staticHero = await still.getByRole('heading', { level: 1 }).textContent();
  await noScript.close();

  // With scripts, the app takes over the same page: same hero, and the form works (a wrong password says so).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticHero!);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText(/invalid|incorrect|wrong/i).first()).toBeVisible();
  expect(errors).toEqual([]);
  await context.close();
});

test('/auth, /sww-offer and /tracking arrive prerendered; a tracking link gets the loading shell, not "No Booking Found"', async ({ request }) => {
  for (const path of ['/auth', '/sww-offer', '/tracking']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
  }
  expect(await (await request.get('/tracking')).text()).toContain('No Booking Found');
  const shell = await (await request.get('/tracking?bookingId=00000000-0000-0000-0000-000000000000&token=abc')).text();
  expect(shell).toContain('data-prerendered="/tracking?bookingId=prerendered"');
  expect(shell).not.toContain('No Booking Found');
});

test('a signed-in customer gets the app, with the session, services and booking start fetched in one round', async ({ page }) => {
  await page.goto('/help');
  await signInViaApi(page, CUSTOMER);
  const html = await (await page.request.get('/')).text();
  expect(html).not.toContain('data-prerendered');
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/booking-start-[^"]+\.js">/);

  const asked: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/api/auth/session') || path === '/api/services' || path === '/api/config') asked.push(path);
  });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  // Each started by the HTML and taken by the app: never fetched a second time.
  expect(asked.filter((p) => p === '/api/auth/session')).toHaveLength(1);
  expect(asked.filter((p) => p === '/api/services')).toHaveLength(1);
  expect(asked.filter((p) => p === '/api/config')).toHaveLength(1);
});
