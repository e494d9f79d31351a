import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '../support/test';
import { ensureTomorrowOpen, startBooking } from '../support/booking-flow';
import { CUSTOMER, signInViaApi } from '../support/helpers';

/**
 * axe on every customer page, in the light and the dark theme (the device's preference, which the app
 * follows): a serious or critical violation fails the test, listed with the page, rule and elements.
 */
const found: string[] = [];

async function check(page: Page, name: string): Promise<void> {
  await page.waitForLoadState('networkidle');
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Transitions finish before colours are measured.
    await page.waitForTimeout(250);
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${name} (${colorScheme}): ${v.id} — ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`).join('\n    ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test.beforeEach(() => {
  found.length = 0;
});

test('signed-out pages and the guest booking path have no serious or critical axe violation, light or dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  await ensureTomorrowOpen(request, 'Full Detail');
  for (const [path, name] of [
    ['/', 'home (signed out)'],
    ['/auth', 'sign in'],
    ['/forgot-password', 'forgot password'],
    ['/packages', 'packages'],
    ['/sww-offer', 'offer'],
    ['/tracking', 'tracking without a booking'],
    ['/no-such-page', '404'],
  ] as const) {
    await page.goto(path);
    await check(page, name);
  }
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByText('Browsing as guest')).toBeVisible();
  await check(page, 'booking start (guest)');
  await startBooking(page, { service: 'Full Detail', type: 'Mobile Service', addressLabel: 'Service Location', typed: '425 Park Ave, San Jose, CA 95110', pick: /425 Park Ave, San Jose, CA 95110/ });
  // Guest chosen on the home page: the checkout opens on the guest details.
  await expect(page.getByLabel('Email *')).toBeVisible();
  await check(page, 'checkout: guest details');
  // A visitor who did not choose yet is asked first.
  await page.evaluate(() => localStorage.removeItem('glint.guestMode'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
  await check(page, 'checkout: sign in or guest');
  await page.goto('/help');
  await check(page, 'help (guest)');
  expect(found, found.join('\n')).toEqual([]);
});

test('signed-in customer pages have no serious or critical axe violation, light or dark', async ({ page, request }) => {
  test.setTimeout(180_000);
  await ensureTomorrowOpen(request, 'Wash & Wax');
  await page.goto('/auth');
  await signInViaApi(page, CUSTOMER);
  for (const [path, name] of [
    ['/', 'booking start (signed in)'],
    ['/bookings', 'my bookings'],
    ['/account', 'account'],
    ['/profile', 'profile'],
    ['/addresses', 'addresses'],
    ['/payment-methods', 'payment methods'],
    ['/settings', 'settings'],
    ['/reviews', 'reviews'],
    ['/my-packages', 'my packages'],
    ['/help', 'help'],
  ] as const) {
    await page.goto(path);
    await check(page, name);
  }
  const mine = (await (await page.request.get('/api/bookings?pageSize=50')).json()) as { items: Array<{ id: string; status: string }> };
  const upcoming = mine.items.find((b) => b.status === 'confirmed')!;
  const done = mine.items.find((b) => b.status === 'completed')!;
  await page.goto(`/tracking?bookingId=${upcoming.id}`);
  await expect(page.getByTestId('status-label')).toBeVisible();
  await check(page, 'tracking');
  await page.goto(`/bookings/${done.id}/receipt`);
  await check(page, 'receipt');
  await page.goto('/');
  await startBooking(page, { service: 'Wash & Wax', type: 'Pickup Service', addressLabel: 'Pickup Address', typed: 'Park', pick: /425 Park Ave, San Jose, CA 95110/ });
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await check(page, 'checkout (signed in)');
  expect(found, found.join('\n')).toEqual([]);
});
