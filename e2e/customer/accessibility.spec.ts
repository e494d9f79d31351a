import axe from 'axe-core';
import { expect, test, type Page } from '../support/test';
import { ensureTomorrowOpen, startBooking } from '../support/booking-flow';
import { CUSTOMER, signInViaApi } from '../support/helpers';

/**
 * axe on every customer page, in the light and the dark theme (the device's preference, which the app
 * follows): a serious or critical violation fails the test, listed with the page, rule and elements. One test
 * per page state, so a failure names its page and the run spreads them over the workers (decision 062).
 */
test.describe.configure({ mode: 'parallel' });

/** The WCAG 2.1 A and AA rules. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

async function expectNoSeriousViolation(page: Page, name: string): Promise<void> {
  const found: string[] = [];
  await page.waitForLoadState('networkidle');
  // axe runs in the page, put there once for both themes (through the debugger, so the page's script policy
  // does not apply); our customer pages have no frames for it to look into.
  expect(page.frames()).toHaveLength(1);
  await page.evaluate(axe.source);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    // Colours are measured once the theme's transitions have ended: asking for the animations applies the new
    // class's styles, so every transition it starts is in the list (spinners and pulses repeat: not waited for).
    await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
    const violations = await page.evaluate(async (tags) => {
      const { violations } = await (window as unknown as { axe: typeof axe }).axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'], iframes: false });
      return violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target, failureSummary }) => ({ target: target.map(String), failureSummary })) }));
    }, WCAG_AA);
    for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
      found.push(`${name} (${colorScheme}): ${v.id} — ${v.help}\n    ${v.nodes.map((n) => `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`).join('\n    ')}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  expect(found, found.join('\n')).toEqual([]);
}

for (const [path, name] of [
  ['/', 'home (signed out)'],
  ['/auth', 'sign in'],
  ['/forgot-password', 'forgot password'],
  ['/packages', 'packages'],
  ['/sww-offer', 'offer'],
  ['/tracking', 'tracking without a booking'],
  ['/no-such-page', '404'],
] as const) {
  test(`${name} (${path}, signed out) has no serious or critical axe violation, light or dark`, async ({ page }) => {
    await page.goto(path);
    await expectNoSeriousViolation(page, name);
  });
}

test('the guest booking path (start, guest details, sign in or guest) and help have no serious or critical axe violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await ensureTomorrowOpen(request, 'Full Detail');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByText('Browsing as guest')).toBeVisible();
  await expectNoSeriousViolation(page, 'booking start (guest)');
  await startBooking(page, { service: 'Full Detail', type: 'Mobile Service', addressLabel: 'Service Location', typed: '425 Park Ave, San Jose, CA 95110', pick: /425 Park Ave, San Jose, CA 95110/ });
  // Guest chosen on the home page: the checkout opens on the guest details.
  await expect(page.getByLabel('Email *')).toBeVisible();
  await expectNoSeriousViolation(page, 'checkout: guest details');
  // A visitor who did not choose yet is asked first.
  await page.evaluate(() => localStorage.removeItem('glint.guestMode'));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toBeVisible();
  await expectNoSeriousViolation(page, 'checkout: sign in or guest');
  await page.goto('/help');
  await expectNoSeriousViolation(page, 'help (guest)');
});

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
  test(`${name} (${path}, signed in) has no serious or critical axe violation, light or dark`, async ({ page }) => {
    await signInViaApi(page, CUSTOMER);
    await page.goto(path);
    await expectNoSeriousViolation(page, name);
  });
}

test("a signed-in customer's tracking and receipt pages have no serious or critical axe violation", async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
  const mine = (await (await page.request.get('/api/bookings?pageSize=50')).json()) as { items: Array<{ id: string; status: string }> };
  const upcoming = mine.items.find((b) => b.status === 'confirmed')!;
  const done = mine.items.find((b) => b.status === 'completed')!;
  await page.goto(`/tracking?bookingId=${upcoming.id}`);
  await expect(page.getByTestId('status-label')).toBeVisible();
  await expectNoSeriousViolation(page, 'tracking');
  await page.goto(`/bookings/${done.id}/receipt`);
  await expectNoSeriousViolation(page, 'receipt');
});

test('the signed-in checkout has no serious or critical axe violation', async ({ page, request }) => {
  test.setTimeout(120_000);
  await ensureTomorrowOpen(request, 'Wash & Wax');
  await signInViaApi(page, CUSTOMER);
  await page.goto('/');
  await startBooking(page, { service: 'Wash & Wax', type: 'Pickup Service', addressLabel: 'Pickup Address', typed: 'Park', pick: /425 Park Ave, San Jose, CA 95110/ });
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await expectNoSeriousViolation(page, 'checkout (signed in)');
});
