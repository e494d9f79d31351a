import { AT_PARK_AVE, PARK_AVE } from '../support/booking-flow';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '../support/test';
import { ADMIN, DRIVER, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * The driver on the road, at 390×844 with a phone's user agent: jobs grouped Today / Later, the car
 * and gate code on the card, tap-to-navigate and tap-to-call, a message that reaches the customer's open
 * tracking page, a notice when the office takes a job away, and Offline asking first during a job.
 */
test.describe.configure({ mode: 'serial' });

type Api = APIRequestContext;
let admin: Api;
let driverApi: Api;
let driverId: string;
let todayJob: string;
let laterJob: { id: string; trackingToken: string };

const VEHICLE = 'Blue Honda Civic';
const GATE = 'Gate code 4821, visitor spot 3';

/** A service-location appointment the office books for today (opening today first if it is closed). */
async function bookToday(serviceId: string): Promise<string> {
  const date = pacificDay(0);
  await admin.post('/api/admin/business-availability', { data: { date, startTime: '08:00', endTime: '20:00', maxCapacity: 3 } });
  for (let minutes = 8 * 60; minutes <= 18 * 60; minutes += 30) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const created = await admin.post('/api/admin/appointments', {
      headers: { 'Idempotency-Key': `driver-road-today-${Date.now()}-${minutes}` },
      data: { customerName: 'Tara Today', customerEmail: uniqueEmail('today'), customerPhone: '(408) 555-0142', serviceId, date, time, notes: 'Ring twice, dog is friendly' },
    });
    if (created.status() === 201) return ((await created.json()) as { id: string }).id;
  }
  throw new Error('no open time today');
}

/** A guest's paid mobile booking on a later day, with the car and the gate code from checkout. */
async function bookLater(guest: Api, serviceId: string): Promise<{ id: string; trackingToken: string }> {
  for (let days = 1; days < 14; days++) {
    const slots = (await (await guest.get(`/api/services/${serviceId}/available-slots?date=${pacificDay(days)}&${AT_PARK_AVE}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    const free = slots.find((s) => s.availableCapacity > 0);
    if (!free) continue;
    const created = await guest.post('/api/bookings', {
      headers: { 'Idempotency-Key': `driver-road-later-${Date.now()}` },
      data: {
        serviceId,
        serviceType: 'mobile',
        slotId: free.id,
        address: PARK_AVE,
        guestEmail: uniqueEmail('later'),
        guestName: 'Lee Later',
        guestPhone: '4085550100',
        vehicle: VEHICLE,
        accessNotes: GATE,
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const booking = (await created.json()) as { id: string; trackingToken: string };
    const intent = await guest.post('/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, data: { bookingId: booking.id } });
    const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
    const card = await guest.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } });
    expect(card.ok(), await card.text()).toBeTruthy();
    return booking;
  }
  throw new Error('no free slot in two weeks');
}

const card = (page: Page, id: string) => page.locator(`article[data-booking-id="${id}"]`);

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  driverApi = await playwrightRequest.newContext({ baseURL });
  driverId = ((await (await driverApi.post('/api/auth/login', { data: DRIVER })).json()) as { id: string }).id;
  const services = (await (await admin.get('/api/services')).json()) as Array<{ id: string; locationOptions: { mobile: boolean } }>;
  const mobile = services.find((s) => s.locationOptions.mobile)!;
  todayJob = await bookToday(mobile.id);
  laterJob = await bookLater(await playwrightRequest.newContext({ baseURL }), mobile.id);
  for (const id of [todayJob, laterJob.id]) expect((await admin.post(`/api/drivers/${driverId}/assign/${id}`, { data: { override: true } })).ok()).toBeTruthy();
});

test.beforeEach(async ({ page, context }) => {
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
});

test('jobs are grouped Today / Later with the car, the gate code, tap-to-navigate and tap-to-call', async ({ page }) => {
  await page.goto('/driver');
  const today = page.getByTestId('jobs-today');
  const later = page.getByTestId('jobs-later');
  await expect(today.getByRole('heading', { name: /^Today \(\d+\)$/ })).toBeVisible();
  await expect(card(page, todayJob)).toBeVisible();
  await expect(today.locator(`article[data-booking-id="${todayJob}"]`)).toHaveCount(1);
  await expect(later.locator(`article[data-booking-id="${laterJob.id}"]`)).toHaveCount(1);
  await expect(today.locator(`article[data-booking-id="${laterJob.id}"]`)).toHaveCount(0);

  const job = card(page, laterJob.id);
  await expect(job.getByText(VEHICLE)).toBeVisible();
  await expect(job.getByText(GATE)).toBeVisible();
  // A phone (Android user agent) gets a geo: link that opens its navigation app.
  const navigate = job.getByTestId('navigate');
  await expect(navigate).toHaveText(/425 Park Ave, San Jose, CA 95110/);
  expect(await navigate.getAttribute('href')).toMatch(/^geo:[-\d.]+,[-\d.]+\?q=425%20Park%20Ave%2C%20San%20Jose%2C%20CA%2095110$/);
  // Phone numbers in national format, tappable.
  const call = job.getByRole('link', { name: /Call Lee Later/ });
  await expect(call).toHaveText('(408) 555-0100');
  expect(await call.getAttribute('href')).toBe('tel:+14085550100');
  await expect(card(page, todayJob).getByRole('link', { name: /Call Tara Today/ })).toHaveText('(408) 555-0142');
  await expect(card(page, todayJob).getByText('Ring twice, dog is friendly')).toBeVisible();

  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/driver-road-phone.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await expect(card(page, laterJob.id)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/driver-road-desktop.png', fullPage: true });
});

test("the driver's message reaches the customer's open tracking page, and the status stays", async ({ page, browser }) => {
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tracking = await customer.newPage();
  await tracking.goto(`/tracking?bookingId=${laterJob.id}&token=${laterJob.trackingToken}`);
  await expect(tracking.getByTestId('live-indicator')).toBeVisible();

  await page.goto('/driver');
  const job = card(page, laterJob.id);
  await job.getByRole('button', { name: 'Message customer' }).click();
  await job.getByLabel(/Message to the customer/).fill('Running 10 minutes late, sorry!');
  await job.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Message sent to the customer')).toBeVisible();

  await expect(tracking.getByTestId('live-updates').getByText('Message from your detailer: Running 10 minutes late, sorry!')).toBeVisible();
  await expect(job.getByText('Confirmed', { exact: true })).toBeVisible();
  await tracking.screenshot({ path: 'test-results/screenshots/driver-road-tracking-note.png', fullPage: true });
  await customer.close();
});

test('going Offline during a job asks first', async ({ page }) => {
  await page.goto('/driver');
  const job = card(page, todayJob);
  await job.getByRole('button', { name: /^Mark as/ }).click();
  await expect(job.getByRole('button', { name: 'Mark as Driver Arrived' })).toBeVisible();
  await expect(page.getByTestId('driver-availability')).toHaveText('Busy');

  // Cancelled: nothing changes.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Offline' }).click();
  await expect.poll(() => asked).toContain('is under way');
  await expect(page.getByTestId('driver-availability')).toHaveText('Busy');
  expect(((await (await page.request.get('/api/driver/status')).json()) as { status: string }).status).toBe('busy');

  // Confirmed: offline, sharing off.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Offline' }).click();
  await expect(page.getByTestId('driver-availability')).toHaveText('Offline');
  await expect(page.getByTestId('location-sharing')).toHaveText(/Off/);
});

test('the office unassigns or cancels a job: the open page says so at once and the server refuses further actions', async ({ page }) => {
  await page.goto('/driver');
  await expect(card(page, todayJob)).toBeVisible();
  await expect(card(page, laterJob.id)).toBeVisible();

  expect((await admin.post(`/api/drivers/unassign/assign/${todayJob}`)).ok()).toBeTruthy();
  const notices = page.getByRole('list', { name: 'Notices from the office' });
  await expect(notices.getByText(/was unassigned by the office/)).toBeVisible();
  await expect(card(page, todayJob)).toHaveCount(0);
  const refused = await driverApi.put(`/api/driver/bookings/${todayJob}/status`, { data: { status: 'arrived_pickup' } });
  expect(refused.status()).toBe(403);

  expect((await admin.post(`/api/admin/bookings/${laterJob.id}/cancel`, { data: { message: 'Customer called' } })).ok()).toBeTruthy();
  await expect(notices.getByText(/was cancelled by the office/)).toBeVisible();
  await expect(card(page, laterJob.id)).toHaveCount(0);
  expect((await driverApi.post(`/api/driver/bookings/${laterJob.id}/notes`, { data: { message: 'On my way' } })).status()).toBe(409);
  await page.screenshot({ path: 'test-results/screenshots/driver-road-notices.png', fullPage: true });

  await notices.getByRole('button', { name: 'Dismiss notice' }).first().click();
  await expect(notices.getByRole('alert')).toHaveCount(1);
});

test('the job on the way is pinned at the top; completing a job before its day asks for a reason first', async ({ page, baseURL }) => {
  const services = (await (await admin.get('/api/services')).json()) as Array<{ id: string; locationOptions: { mobile: boolean } }>;
  const job = await bookLater(await playwrightRequest.newContext({ baseURL }), services.find((s) => s.locationOptions.mobile)!.id);
  expect((await admin.post(`/api/drivers/${driverId}/assign/${job.id}`, { data: { override: true } })).ok()).toBeTruthy();
  const move = async (status: string) => expect((await driverApi.put(`/api/driver/bookings/${job.id}/status`, { data: { status } })).ok()).toBeTruthy();
  await move('en_route_pickup');

  await page.goto('/driver');
  const pinned = page.getByTestId('jobs-on-the-way');
  await expect(pinned.getByRole('heading', { name: 'On the way now' })).toBeVisible();
  await expect(pinned.locator(`article[data-booking-id="${job.id}"]`)).toHaveCount(1);
  await expect(page.getByTestId('jobs-later').locator(`article[data-booking-id="${job.id}"]`)).toHaveCount(0);
  const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!.y;
  expect(await top('jobs-on-the-way')).toBeLessThan(await top('jobs-today'));

  for (const status of ['arrived_pickup', 'in_progress', 'completed_service']) await move(status);
  await page.reload();
  const jobCard = card(page, job.id);
  let confirmed = 0;
  page.on('dialog', (dialog) => {
    confirmed += 1;
    void dialog.accept();
  });
  await jobCard.getByRole('button', { name: /^Mark as/ }).click();
  await expect(page.getByText('This job is for a later day. Write why it is complete already in the status message, then complete it.')).toBeVisible();
  expect(confirmed).toBe(0);
  expect(((await (await driverApi.get('/api/driver/bookings?scope=active')).json()) as { items: Array<{ id: string; status: string }> }).items.find((b) => b.id === job.id)?.status).toBe('completed_service');

  await jobCard.locator(`#status-message-${job.id}`).fill('The customer asked for it a day early');
  await jobCard.getByRole('button', { name: /^Mark as/ }).click();
  await expect(page.getByTestId('jobs-on-the-way').locator(`article[data-booking-id="${job.id}"]`)).toHaveCount(0);
  await expect.poll(() => confirmed).toBe(1);
  await expect
    .poll(async () => ((await (await driverApi.get('/api/driver/bookings?scope=completed')).json()) as { items: Array<{ id: string; status: string }> }).items.find((b) => b.id === job.id)?.status)
    .toBe('completed');
});
