import { expect, test } from '../support/test';
import { bookingNumber } from '../../src/shared/format';
import { adminLogin, searchBookings } from './admin-support';

/** Decision 049: the office refunds part of a card payment, behind a confirm step that names the amount. */
test('the admin refunds part of a card payment after confirming it, and the booking shows part refunded', async ({ page }) => {
  // A guest booking paid with the test card through the real checkout (development route).
  const made = await page.request.get('/api/create-test-booking-redirect', { maxRedirects: 0 });
  expect(made.status()).toBe(303);
  const bookingId = new URL(made.headers()['location']!, 'http://localhost').searchParams.get('bookingId')!;
  const number = bookingNumber(bookingId);

  await adminLogin(page);
  await searchBookings(page, bookingId);
  const card = page.getByTestId(`booking-${number}`);
  await expect(card.getByLabel('Payment: Paid')).toBeVisible();
  await card.getByRole('button', { name: 'Payments' }).click();
  await expect(card.getByTestId('ledger-row')).toHaveText([/Payment · Card/]);
  await card.getByRole('button', { name: 'Refund' }).click();
  await card.getByLabel('Refund amount ($)').fill('5.00');
  await card.getByLabel('Reason (the customer sees it)').fill('Missed a spot on the hood');
  await card.getByRole('button', { name: 'Review refund' }).click();

  // Nothing moves until the second, deliberate click; Back leaves it untouched.
  const confirm = card.getByRole('alertdialog', { name: 'Refund' });
  await expect(confirm).toContainText('Refund $5.00 to the customer? This cannot be undone.');
  await confirm.getByRole('button', { name: 'Back' }).click();
  await expect(card.getByTestId('ledger-row')).toHaveCount(1);
  await card.getByRole('button', { name: 'Review refund' }).click();
  await confirm.getByRole('button', { name: 'Yes, refund $5.00' }).click();

  await expect(page.getByText('Refunded $5.00')).toBeVisible();
  await expect(card.getByTestId('ledger-row')).toHaveText([/Payment · Card/, /Refund · Card · Missed a spot on the hood\s*−\$5\.00/]);
  await expect(card.getByLabel('Payment: Part refunded')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-partial-refund.png', fullPage: true });
});
