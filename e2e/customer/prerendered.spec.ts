import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { CUSTOMER, signInViaApi } from '../support/helpers';

/**
 * Decision 061: the public pages arrive as HTML rendered by React's server renderer at build time, with their
 * styles, filled with this server's configuration, and the app hydrates that same HTML.
 */

/** Messages React logs when hydration fails or recovers (a mismatch makes it throw the server's HTML away). */
const HYDRATION_TROUBLE = /hydrat|#418|#419|#421|#422|#423|#425|didn't match|did not match|recoverable/i;

/** Every console message and page error of `page` from now on. */
function listen(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => messages.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}
test('a visitor gets / as prerendered, styled HTML that reads the same before and after the scripts run', async ({ browser, request, baseURL }) => {
  const config = (await (await request.get('/api/config')).json()) as { businessName: string; businessPhone: string };
  const html = await (await request.get('/')).text();
  expect(html).toContain('data-prerendered="/"');
  expect(html).toContain(`>${config.businessName}</a>`);
  expect(html).not.toContain('@@glint-');
  expect(html).not.toMatch(/<link rel="stylesheet"/);
  expect(html).not.toContain('glint-boot');
  // No script in the head: the entry and its chunks are added by the loader at the end of the body.
  expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/<script type="module"|rel="modulepreload"/);

  // Without any script, the page is already there and styled: hero, sign-in form, bottom navigation.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL });
  const still = await noScript.newPage();
  await still.goto('/');
  await expect(still.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(still.getByLabel('Email')).toBeVisible();
  expect(await still.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontWeight)).toBe('700');
  const staticHero = await still.getByRole('heading', { level: 1 }).textContent();
  await noScript.close();

  // With scripts, the app hydrates the same page: same hero, and the form works (a wrong password says so).
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const page = await context.newPage();
  const messages = listen(page);
  await page.goto('/');
  await expect(page.locator('#root[data-prerendered="/"][data-hydrated]')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(staticHero!);
  // The page painted before its scripts were asked for (decision 076).
  const timings = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance.getEntriesByType('resource').filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js')).map((r) => r.startTime),
  }));
  expect(timings.paint).toBeGreaterThan(0);
  expect(timings.scripts.length).toBeGreaterThan(0);
  expect(Math.min(...timings.scripts)).toBeGreaterThanOrEqual(timings.paint!);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
  await expect(page.getByText(/invalid|incorrect|wrong/i).first()).toBeVisible();
  expect(messages.filter((m) => m.startsWith('pageerror') || HYDRATION_TROUBLE.test(m))).toEqual([]);
  await context.close();
});

test('/auth, /sww-offer, /packages and /tracking arrive prerendered; a tracking link gets the loading shell, not "No Booking Found"', async ({ request }) => {
  for (const path of ['/auth', '/sww-offer', '/packages', '/tracking']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain(`data-prerendered="${path}"`);
  }
  expect(await (await request.get('/tracking')).text()).toContain('No Booking Found');
  const shell = await (await request.get('/tracking?bookingId=00000000-0000-0000-0000-000000000000&token=abc')).text();
  expect(shell).toContain('data-prerendered="/tracking?bookingId=prerendered"');
  expect(shell).not.toContain('No Booking Found');
});

test('a signed-in customer gets the app, with the session, services and booking start fetched in one round', async ({ page }) => {
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

test('the public pages hydrate with the server configuration, escaped, and React reports no mismatch', async ({ page, request }) => {
  const config = (await (await request.get('/api/config')).json()) as { businessName: string; businessCity: string; businessPhone: string };
  for (const path of ['/', '/auth', '/sww-offer', '/packages', '/tracking', '/tracking?bookingId=00000000-0000-0000-0000-000000000000&token=abc']) {
    const html = await (await request.get(path)).text();
    // The configuration is in the HTML from the server: the name and city as text, escaped like any text.
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    expect(html, path).toContain(`>${escape(config.businessName)}</a>`);
    expect(html, path).toContain(escape(config.businessCity));
    expect(html, path).not.toContain('@@glint-');

    const messages = listen(page);
    await page.goto(path);
    await expect(page.locator('#root[data-prerendered][data-hydrated]'), path).toHaveCount(1);
    // The hydrated page shows the same configuration; the data a shell waited for arrives after hydration.
    await expect(page.getByRole('banner').getByRole('link', { name: config.businessName, exact: true }), path).toBeVisible();
    await expect(page.getByTestId('header-city'), path).toHaveText(`${config.businessCity}, CA`);
    await page.waitForLoadState('networkidle');
    expect(messages.filter((m) => m.startsWith('pageerror') || HYDRATION_TROUBLE.test(m)), path).toEqual([]);
  }
  // A page whose data was loading on the server shows it once hydrated.
  await page.goto('/packages');
  await expect(page.getByText('Loading...')).toHaveCount(0);
});

test('typing into the prerendered sign-in form while the app loads keeps the focus and every character', async ({ page }) => {
  // The app's chunk (the one the HTML's inline entry starts, decision 078) is held back until the visitor is
  // half-way through the e-mail address.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/web-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const messages = listen(page);
  // The page paints before its (held) module script runs: wait for the HTML, not for the load event.
  await page.goto('/auth', { waitUntil: 'commit' });
  await expect(page.locator('#root[data-prerendered="/auth"]')).toHaveCount(1);
  await page.getByLabel('Email').click();
  await page.keyboard.type('customer@');
  // Enter before the app is there submits nothing (the browser's own submit would put the fields in the URL).
  await page.keyboard.press('Enter');
  await expect(page.locator('#root[data-hydrated]')).toHaveCount(0);
  expect(new URL(page.url()).search).toBe('');
  release();
  // The app hydrates the same elements while the field has the focus: what was typed is still there.
  await expect(page.locator('#root[data-prerendered="/auth"][data-hydrated]')).toHaveCount(1);
  await expect(page.getByLabel('Email')).toBeFocused();
  await expect(page.getByLabel('Email')).toHaveValue('customer@');
  await page.keyboard.type('glint.local');
  await expect(page.getByLabel('Email')).toHaveValue('customer@glint.local');
  await page.keyboard.press('Tab');
  await page.keyboard.type('not-the-password');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
  expect(messages.filter((m) => m.startsWith('pageerror') || HYDRATION_TROUBLE.test(m))).toEqual([]);
});

test('Continue as Guest tapped before the scripts run still goes on as a guest, and the address is cleaned', async ({ browser, baseURL }) => {
  // No scripts at all: the tap is the page's own form, which asks for /?guest=1.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 }, baseURL });
  const early = await noScript.newPage();
  await early.goto('/');
  await early.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(early).toHaveURL(/\/\?guest=1$/);
  await noScript.close();

  // That address with scripts: the booking start for a guest, the parameter gone, no hydration trouble.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const page = await context.newPage();
  const messages = listen(page);
  await page.goto('/?guest=1');
  await expect(page.getByText('Browsing as guest')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  expect(new URL(page.url()).search).toBe('');
  // A reload keeps the choice (it is the browser's), with the visitor's HTML under it rendered over afresh.
  await page.reload();
  await expect(page.getByText('Browsing as guest')).toBeVisible();
  expect(messages.filter((m) => HYDRATION_TROUBLE.test(m))).toEqual([]);
  await context.close();
});
