import { AT_PARK_AVE, PARK_AVE } from '../support/booking-flow';
import { deflateSync, crc32 } from 'node:zlib';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '../support/test';
import { ADMIN, DRIVER, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * Chain of custody (decision 048), at 390×844: on a pickup job the driver walks through the pickup
 * inspection — odometer, fuel, six camera photos, a damage note and the customer's signature on the screen —
 * and the customer's tracking page (opened from the link, no account) shows it.
 */
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let booking: { id: string; trackingToken: string };

/** A small real PNG (a solid colour), so the browser can decode and resize it as it would a camera photo. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

/** A guest's paid pickup booking on a later day, assigned to the demo driver. */
async function bookPickup(baseURL: string): Promise<{ id: string; trackingToken: string }> {
  const guest = await playwrightRequest.newContext({ baseURL });
  const services = (await (await guest.get('/api/services')).json()) as Array<{ id: string; locationOptions: { pickup: boolean } }>;
  const service = services.find((s) => s.locationOptions.pickup)!;
  for (let days = 1; days < 21; days++) {
    const slots = (await (await guest.get(`/api/services/${service.id}/available-slots?date=${pacificDay(days)}&${AT_PARK_AVE}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    const free = slots.find((s) => s.availableCapacity > 0);
    if (!free) continue;
    const created = await guest.post('/api/bookings', {
      headers: { 'Idempotency-Key': `inspection-${Date.now()}` },
      data: { serviceId: service.id, serviceType: 'pickup', slotId: free.id, address: PARK_AVE, guestEmail: uniqueEmail('inspect'), guestName: 'Ivy Inspect', guestPhone: '4085550111', vehicle: 'Red Mazda 3' },
    });
    expect(created.status(), await created.text()).toBe(201);
    const made = (await created.json()) as { id: string; trackingToken: string };
    const intent = await guest.post('/api/create-payment-intent', { headers: { 'x-tracking-token': made.trackingToken }, data: { bookingId: made.id } });
    const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
    const card = await guest.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } });
    expect(card.ok(), await card.text()).toBeTruthy();
    return made;
  }
  throw new Error('no free pickup slot in three weeks');
}

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const driverApi = await playwrightRequest.newContext({ baseURL });
  const driverId = ((await (await driverApi.post('/api/auth/login', { data: DRIVER })).json()) as { id: string }).id;
  booking = await bookPickup(baseURL!);
  expect((await admin.post(`/api/drivers/${driverId}/assign/${booking.id}`, { data: { override: true } })).ok()).toBeTruthy();
  // On the way and at the car: the pickup inspection is due.
  for (const status of ['en_route_pickup', 'arrived_pickup']) {
    const moved = await driverApi.put(`/api/driver/bookings/${booking.id}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }
});

test('the driver records the pickup inspection with photos and a signature; the customer sees it on tracking', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.context().route('**/tile.openstreetmap.org/**', (route) => route.abort());
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  await page.goto('/driver');
  const job = page.locator(`article[data-booking-id="${booking.id}"]`);
  await expect(job).toBeVisible();
  await job.getByRole('button', { name: 'Inspect at pickup' }).click();
  const walk = job.getByRole('region', { name: 'Pickup inspection' });
  await expect(walk).toBeVisible();

  await walk.getByLabel('Odometer (miles)').fill('48211');
  await walk.getByLabel('Fuel level').selectOption('5');
  const photos: Array<[string, [number, number, number]]> = [
    ['Front photo', [200, 30, 30]],
    ['Rear photo', [30, 200, 30]],
    ['Left side photo', [30, 30, 200]],
    ['Right side photo', [200, 200, 30]],
    ['Interior photo', [30, 200, 200]],
    ['Odometer photo', [90, 90, 90]],
  ];
  for (const [label, colour] of photos) {
    // A camera photo far larger than 1600 px: the phone makes it small before sending.
    await walk.getByLabel(label).setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png(2400, 1800, colour) });
  }
  await expect(walk.getByLabel('Photo ready')).toHaveCount(6);

  await walk.getByRole('button', { name: 'Add a damage note' }).click();
  await walk.getByLabel('Where').selectOption('left');
  await walk.getByLabel('What').fill('Scratch on the rear door');

  // Saving without a signature is refused on the phone, before anything is sent.
  await walk.getByRole('button', { name: 'Save inspection' }).click();
  await expect(page.getByText('The customer signs, or tick “Customer not present”.')).toBeVisible();

  // The customer signs with a finger.
  const pad = walk.getByTestId('signature-pad');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height / 2);
  await page.mouse.down();
  for (let step = 1; step <= 12; step++) await page.mouse.move(box.x + 20 + step * 20, box.y + box.height / 2 + (step % 2 ? -18 : 18), { steps: 3 });
  await page.mouse.up();

  const upload = page.waitForResponse((response) => response.url().endsWith(`/api/driver/bookings/${booking.id}/inspections`) && response.request().method() === 'POST');
  await walk.getByRole('button', { name: 'Save inspection' }).click();
  const answer = await upload;
  expect(answer.status(), await answer.text()).toBe(201);
  const record = (await answer.json()) as { photos: Array<{ slot: string; contentType: string; size: number }>; signature: { contentType: string } | null };
  // Resized on the phone: JPEG, far below the camera file.
  expect(record.photos.filter((p) => p.slot !== 'damage').map((p) => p.contentType)).toEqual(Array(6).fill('image/jpeg'));
  expect(record.signature?.contentType).toBe('image/png');
  await expect(page.getByText('Inspection saved')).toBeVisible();
  await expect(walk).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/driver-inspection.png', fullPage: true });

  // The customer opens the tracking link from the e-mail (a guest: no account, the token only).
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  await customer.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  const tracking = await customer.newPage();
  await tracking.goto(`/tracking?bookingId=${booking.id}&token=${booking.trackingToken}`);
  const pickup = tracking.getByTestId('inspection-pickup');
  await expect(pickup).toBeVisible();
  await expect(tracking.getByTestId('odometer-pickup')).toHaveText('48,211');
  await expect(tracking.getByTestId('fuel-pickup')).toHaveText('5/8');
  await expect(pickup.getByText('Scratch on the rear door')).toBeVisible();
  await expect(tracking.getByTestId('inspection-return')).toContainText('Not recorded yet');
  // Every photo and the signature load through the authorised route with the link's token.
  const images = pickup.locator('img');
  await expect(images).toHaveCount(7);
  for (const image of await images.all()) {
    await image.scrollIntoViewIfNeeded();
    await expect.poll(() => image.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
  }
  await expect(pickup.getByRole('img', { name: 'Customer signature' })).toBeVisible();
  // Nothing is wider than the phone.
  expect(await tracking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tracking.screenshot({ path: 'test-results/screenshots/tracking-inspection.png', fullPage: true });
  await customer.close();
});

test('the return inspection appears on the open tracking page live, side by side, and the customer flags a concern', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const driverApi = await playwrightRequest.newContext({ baseURL });
  expect((await driverApi.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  for (const status of ['picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return']) {
    const moved = await driverApi.put(`/api/driver/bookings/${booking.id}/status`, { data: { status } });
    expect(moved.ok(), await moved.text()).toBeTruthy();
  }

  // The customer is watching the tracking page.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  await customer.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  const tracking = await customer.newPage();
  await tracking.goto(`/tracking?bookingId=${booking.id}&token=${booking.trackingToken}`);
  await expect(tracking.getByTestId('inspection-return')).toContainText('Not recorded yet');
  await expect(tracking.getByTestId('live-indicator')).toBeVisible();
  await tracking.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));

  // Nobody is home at the return: the driver ticks "Customer not present".
  await page.context().route('**/tile.openstreetmap.org/**', (route) => route.abort());
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  await page.goto('/driver');
  const job = page.locator(`article[data-booking-id="${booking.id}"]`);
  await job.getByRole('button', { name: 'Inspect at return' }).click();
  const walk = job.getByRole('region', { name: 'Return inspection' });
  await walk.getByLabel('Odometer (miles)').fill('48230');
  await walk.getByLabel('Fuel level').selectOption('4');
  for (const label of ['Front photo', 'Rear photo', 'Left side photo', 'Right side photo', 'Interior photo', 'Odometer photo']) {
    await walk.getByLabel(label).setInputFiles({ name: 'camera.png', mimeType: 'image/png', buffer: png(640, 480, [120, 60, 160]) });
  }
  await walk.getByLabel('Customer not present').check();
  await walk.getByRole('button', { name: 'Save inspection' }).click();
  await expect(page.getByText('Inspection saved')).toBeVisible();

  // The customer's page shows it without a reload, next to the pickup one.
  await expect(tracking.getByTestId('odometer-return')).toHaveText('48,230', { timeout: 15_000 });
  await expect(tracking.getByTestId('fuel-return')).toHaveText('4/8');
  await expect(tracking.getByTestId('inspection-return')).toContainText('Customer not present');
  await expect(tracking.getByTestId('odometer-pickup')).toHaveText('48,211');
  expect(await tracking.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  const [pickupBox, returnBox] = await Promise.all([tracking.getByTestId('inspection-pickup').boundingBox(), tracking.getByTestId('inspection-return').boundingBox()]);
  expect(Math.abs(pickupBox!.y - returnBox!.y)).toBeLessThan(2);
  expect(returnBox!.x).toBeGreaterThan(pickupBox!.x);

  // Within 24 hours of the return the customer may flag a concern; the office sees it with the inspections.
  await tracking.getByLabel(/Something not right with your car/).fill('A new scuff on the front bumper');
  await tracking.getByRole('button', { name: 'Flag a concern' }).click();
  await expect(tracking.getByText('Thank you. We will look into it and get back to you.')).toBeVisible();
  await expect(tracking.getByTestId('inspection-concerns')).toContainText('A new scuff on the front bumper');
  const office = (await (await admin.get(`/api/driver/bookings/${booking.id}/inspections`)).json()) as { concerns: Array<{ text: string }> };
  expect(office.concerns.map((c) => c.text)).toEqual(['A new scuff on the front bumper']);
  expect(await tracking.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await tracking.screenshot({ path: 'test-results/screenshots/tracking-inspections-both.png', fullPage: true });
  await customer.close();
});
