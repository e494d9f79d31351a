import { expect, request as playwrightRequest, test, type APIRequestContext } from '../support/test';
import { AT_PARK_AVE, dayKey, PARK_AVE, payHeld, serviceId } from '../support/booking-flow';
import { ADMIN, pacificWhen, uniqueEmail } from '../support/helpers';

test.describe.configure({ timeout: 90_000 });

const SERVICE = 'Express Exterior Wash';

/** Books a mobile wash a few days ahead as the checkout does, agreeing to the cancellation policy, and pays it by test card. */
async function bookAndPay(api: APIRequestContext): Promise<string> {
  const id = await serviceId(api, SERVICE);
  for (const days of [3, 4, 5, 6]) {
    const slots = (await (await api.get(`/api/services/${id}/available-slots?date=${dayKey(days)}&${AT_PARK_AVE}`)).json()) as Array<{ id: string }>;
    for (const slot of slots.reverse()) {
      const created = await api.post('/api/bookings', {
        headers: { 'Idempotency-Key': `late-cancel-${Date.now()}-${Math.random()}` },
        data: { serviceId: id, serviceType: 'mobile', slotId: slot.id, address: PARK_AVE, policyConsent: true, totalAmount: '0.00', serviceFee: '0.00', tax: '0.00' },
      });
      if (created.status() === 409) continue;
      expect(created.status(), await created.text()).toBe(201);
      const bookingId = ((await created.json()) as { id: string }).id;
      await payHeld(api, bookingId);
      return bookingId;
    }
  }
  throw new Error('no free start a technician can reach in the coming days');
}

test('a customer cancels a paid booking 10 hours ahead: the dialog shows the late fee, they confirm, and the receipt shows the fee kept', async ({ page, baseURL }) => {
  const email = uniqueEmail('late-cancel');
  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Lena Late', email, phone: '4085550191', password: 'late-cancel-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const bookingId = await bookAndPay(page.request);

  // The owner moves it to 10 hours from now (any hour, with the override): inside the 24-hour free window.
  const office = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await office.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const at = new Date(Math.ceil((Date.now() + 10 * 3_600_000) / 1_800_000) * 1_800_000);
  const { date, time } = pacificWhen(at);
  const moved = await office.put(`/api/admin/appointments/${bookingId}`, {
    data: { customerName: 'Lena Late', customerEmail: email, customerPhone: '', serviceId: await serviceId(office, SERVICE), date, time, notes: '', serviceType: 'mobile', address: PARK_AVE, override: true },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  await page.goto('/bookings');
  const card = page.getByTestId('booking-card').filter({ hasText: SERVICE }).first();
  await expect(card).toBeVisible();
  // Moving is closed inside 24 hours; cancelling is still open.
  await expect(card.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await card.getByRole('button', { name: 'Cancel' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
  await expect(dialog.getByText(/^Cancelling now, inside 24 hours of the start, costs a late-cancellation fee of \$25\.00\./)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/late-cancel-fee-390.png' });
  await dialog.getByRole('button', { name: 'Cancel and pay the $25.00 fee' }).click();
  await expect(page.getByText('A late-cancellation fee of $25.00 was kept.')).toBeVisible();

  await page.goto(`/bookings/${bookingId}/receipt`);
  const feeRow = page.getByRole('row').filter({ hasText: /^Fee/ });
  await expect(feeRow).toContainText('$25.00');
  // The ledger behind the receipt: the fee kept from the card payment, the rest refunded (decision 057's rows).
  const receipt = (await (await page.request.get(`/api/bookings/${bookingId}/receipt`)).json()) as { paymentSummary: { feesCents: number; refundableCents: number } };
  // What stays with the business is the fee alone (the office could still give it back).
  expect(receipt.paymentSummary).toMatchObject({ feesCents: 25_00, refundableCents: 25_00 });
  await page.screenshot({ path: 'test-results/screenshots/late-cancel-receipt-390.png', fullPage: true });
  await office.dispose();
});
