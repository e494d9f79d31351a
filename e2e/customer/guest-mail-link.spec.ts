import { expect, request as playwrightRequest, test } from '../support/test';
import { AT_PARK_AVE, PARK_AVE } from '../support/booking-flow';
import { ADMIN, DRIVER, latestMail, pacificDay, uniqueEmail } from '../support/helpers';

test.beforeEach(async ({ context }) => {
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
});

/** The next day (from tomorrow) the service has free times, and its first slot. */
async function firstFreeSlot(api: Awaited<ReturnType<typeof playwrightRequest.newContext>>, serviceId: string): Promise<string> {
  for (let days = 1; days < 14; days++) {
    const date = pacificDay(days);
    const slots = (await (await api.get(`/api/services/${serviceId}/available-slots?date=${date}&${AT_PARK_AVE}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    const free = slots.find((s) => s.availableCapacity > 0);
    if (free) return free.id;
  }
  throw new Error('no free slot in two weeks');
}

test("a guest's on-my-way e-mail link opens the full tracking view", async ({ page, baseURL }) => {
  const guest = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail('guest-mail');
  const services = (await (await guest.get('/api/services')).json()) as Array<{ id: string; name: string; locationOptions: { mobile: boolean } }>;
  const service = services.find((s) => s.locationOptions.mobile)!;
  const created = await guest.post('/api/bookings', {
    headers: { 'Idempotency-Key': `guest-mail-${Date.now()}` },
    data: { serviceId: service.id, serviceType: 'mobile', slotId: await firstFreeSlot(guest, service.id), address: PARK_AVE, guestEmail: email, guestName: 'Gale Guest', guestPhone: '4085550100' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; trackingToken: string };
  const intent = await guest.post('/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, data: { bookingId: booking.id } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  const card = await guest.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } });
  expect(card.ok(), await card.text()).toBeTruthy();

  // The business assigns the demo driver, who sets off.
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const drivers = (await (await admin.get('/api/drivers')).json()) as Array<{ id: string; email?: string; fullName: string }>;
  const driverLogin = await playwrightRequest.newContext({ baseURL });
  const me = (await (await driverLogin.post('/api/auth/login', { data: DRIVER })).json()) as { id: string };
  const driverId = drivers.find((d) => d.id === me.id)?.id ?? drivers[0]!.id;
  expect((await admin.post(`/api/drivers/${driverId}/assign/${booking.id}`, { data: { override: true } })).ok()).toBeTruthy();
  const moved = await driverLogin.put(`/api/driver/bookings/${booking.id}/status`, { data: { status: 'en_route_pickup' } });
  expect(moved.ok(), await moved.text()).toBeTruthy();

  // The technician's on-my-way message tells the en-route step (decision 050).
  const mail = await latestMail(page.request, email, /is on the way/);
  const link = mail.links.find((l) => l.includes('/tracking'))!;
  expect(link).toContain(`token=${booking.trackingToken}`);
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByTestId('live-indicator')).toBeVisible();
  await expect(page.getByText('425 Park Ave')).toBeVisible();
  await expect(page.getByText('Total Amount')).toBeVisible();
  await page.getByRole('button', { name: 'Live Track' }).click();
  await expect(page.getByRole('dialog', { name: 'Live Driver Tracking' })).not.toContainText('To see the address');
  await page.screenshot({ path: 'test-results/screenshots/guest-mail-link.png', fullPage: true });
  await Promise.all([guest.dispose(), admin.dispose(), driverLogin.dispose()]);
});
