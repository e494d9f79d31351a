import { expect, request as playwrightRequest, test } from '../support/test';
import { AT_PARK_AVE, PARK_AVE } from '../support/booking-flow';
import { ADMIN, DRIVER, latestMail, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * Issue 26's "Done means": the technician taps En Route on the phone, and the guest gets the on-my-way
 * e-mail and text (the SMS outbox when Twilio is not configured), each with the tracking link and their token.
 */
test('the technician’s En Route sends the on-my-way e-mail and text with the guest’s tracking link', async ({ page, baseURL }) => {
  const guest = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail('on-my-way');
  const services = (await (await guest.get('/api/services')).json()) as Array<{ id: string; locationOptions: { mobile: boolean } }>;
  const service = services.find((s) => s.locationOptions.mobile)!;
  let slotId: string | undefined;
  for (let days = 1; days < 14 && !slotId; days++) {
    const slots = (await (await guest.get(`/api/services/${service.id}/available-slots?date=${pacificDay(days)}&${AT_PARK_AVE}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    slotId = slots.find((s) => s.availableCapacity > 0)?.id;
  }
  const created = await guest.post('/api/bookings', {
    headers: { 'Idempotency-Key': `on-my-way-${Date.now()}` },
    data: { serviceId: service.id, serviceType: 'mobile', slotId, address: PARK_AVE, guestEmail: email, guestName: 'Omar Way', guestPhone: '4085550187' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; trackingToken: string };
  const intent = await guest.post('/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, data: { bookingId: booking.id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  expect((await guest.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } })).ok()).toBeTruthy();

  // The office gives the job to the demo technician.
  const office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  const me = (await (await page.request.get('/api/auth/me')).json()) as { id: string };
  expect((await office.post(`/api/drivers/${me.id}/assign/${booking.id}`, { data: { override: true } })).ok()).toBeTruthy();

  // On the phone: the job's next step is "Mark as … En Route …".
  page.on('dialog', (dialog) => void dialog.accept());
  await page.goto('/driver');
  const card = page.locator(`article[data-booking-id="${booking.id}"]`);
  await card.getByRole('button', { name: /^Mark as .*En Route/i }).click();
  await expect(page.getByTestId('jobs-on-the-way').locator(`article[data-booking-id="${booking.id}"]`)).toHaveCount(1);

  const mail = await latestMail(page.request, email, /is on the way/);
  expect(mail.links.find((l) => l.includes('/tracking'))).toContain(`token=${booking.trackingToken}`);
  // The text carries a short link (decision 070) that leads to the same tracking link with the guest's token.
  const texts = async () => ((await (await page.request.get('/api/dev/sms')).json()) as Array<{ to: string; body: string }>).filter((m) => m.to === '+14085550187').map((m) => m.body);
  const onMyWay = /^Glint: .* is on the way, ETA .*Track: (http\S*\/s\/[0-9A-Za-z]{10})$/;
  await expect.poll(texts).toContainEqual(expect.stringMatching(onMyWay));
  const shortLink = (await texts()).map((body) => onMyWay.exec(body)?.[1]).find(Boolean)!;
  const hop = await page.request.get(shortLink, { maxRedirects: 0 });
  expect(hop.status()).toBe(302);
  expect(hop.headers().location).toMatch(new RegExp(`/tracking\\?bookingId=${booking.id}&token=${booking.trackingToken}$`));
  await page.screenshot({ path: 'test-results/screenshots/driver-on-my-way.png', fullPage: true });
  await Promise.all([guest.dispose(), office.dispose()]);
});
