import { expect, test } from '../support/test';
import { ensureTomorrowOpen, payWithCard, startBooking } from '../support/booking-flow';
import { ADMIN, uniqueEmail } from '../support/helpers';

const ADDRESS = { type: 'Mobile Service', addressLabel: 'Service Location', typed: '425 Park Ave, San Jose, CA 95110', pick: /425 Park Ave, San Jose, CA 95110/ } as const;

/** A guest enters a promo code at checkout: a wrong one is refused under the field, the right one lowers the total, once. */
test('a promo code applied at checkout lowers what the guest pays', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const made = await request.post('/api/admin/promo-codes', { data: { code, kind: 'amount', amountOffCents: 1000, maxUses: 5 } });
  expect(made.status(), await made.text()).toBe(201);

  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await startBooking(page, { service: 'Interior Refresh', ...ADDRESS, slotIndex: 'last' });
  await page.getByLabel('Email *').fill(uniqueEmail('promo'));
  await page.getByLabel('Full Name').fill('Pat Promo');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const pay = page.getByRole('button', { name: /^Complete Payment - \$\d+\.\d{2}$/ });
  await expect(pay).toBeVisible();
  const before = Number((await pay.textContent())!.replace(/[^\d.]/g, ''));

  await page.getByLabel('Promo code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'That promo code is not valid.' })).toBeVisible();
  await expect(pay).toHaveText(`Complete Payment - $${before.toFixed(2)}`);

  await page.getByLabel('Promo code').fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByTestId('promo-applied')).toContainText(`${code} applied`);
  // $10 off the service, and the 10 % tax on it: $11.00 less.
  await expect(pay).toHaveText(`Complete Payment - $${(before - 11).toFixed(2)}`);
  await page.screenshot({ path: 'test-results/screenshots/checkout-promo-390.png', fullPage: true });
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking/);
});
