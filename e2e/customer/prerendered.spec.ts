import { expect, test } from '../support/test';
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

test('typing into the prerendered sign-in form while the app loads keeps the focus and every character', async ({ page }) => {
  // The app's script is held back until the visitor is half-way through the e-mail address.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth');
  await expect(page.locator('#root[data-prerendered="/auth"]')).toHaveCount(1);
  await page.getByLabel('Email').click();
  await page.keyboard.type('customer@');
  release();
  // The app takes the page's place (its root is not the prerendered one) while the field has the focus.
  await expect(page.locator('#root[data-prerendered]')).toHaveCount(0);
  await expect(page.getByLabel('Email')).toBeFocused();
  await page.keyboard.type('glint.local');
  await expect(page.getByLabel('Email')).toHaveValue('customer@glint.local');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});
