import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, pacificToday, serviceId } from './admin-support';

test.describe.configure({ timeout: 90_000 });

const DRIVER = { email: 'driver@glint.local', password: 'glint-demo-pass', name: 'Diego Ramirez' };

test('the dispatcher assigns from the board, and a driver going on break reaches the open board live', async ({ page, browser }) => {
  const tomorrow = addDays(pacificToday(), 1);
  await adminLogin(page);
  // Tomorrow is open (the run's setup opens it with room for ten).
  const opened = await page.request.post('/api/admin/business-availability', { data: { date: tomorrow, startTime: '08:00', endTime: '18:00', maxCapacity: 4 } });
  expect([201, 409]).toContain(opened.status());
  const name = `Dispatch Dora ${Date.now()}`;
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: name, customerEmail: uniqueEmail('dispatch'), customerPhone: '(408) 555-0142', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: tomorrow, time: '14:00', notes: 'Gate code 4411' },
  });
  expect(made.status(), await made.text()).toBe(201);
  // Confirmed jobs go to a technician at once (decision 055): this one is left to the dispatcher, and Diego
  // works tomorrow whatever weekday it is, so the board's assignment fits his day (decision 056).
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.post(`/api/drivers/unassign/assign/${id}`)).status()).toBe(200);
  const diego = ((await (await page.request.get('/api/drivers')).json()) as Array<{ id: string; fullName: string }>).find((d) => d.fullName === DRIVER.name)!;
  // Diego's other jobs of tomorrow (the run's checkouts go to technicians) go back to the board, so 14:00 fits his day.
  const his = (await (await page.request.get(`/api/admin/bookings?driverId=${diego.id}&from=${tomorrow}&to=${tomorrow}&pageSize=100`)).json()) as { items: Array<{ id: string }> };
  for (const other of his.items) expect((await page.request.post(`/api/drivers/unassign/assign/${other.id}`)).status()).toBe(200);
  const hours = await page.request.post(`/api/admin/technicians/${diego.id}/exceptions`, { data: { date: tomorrow, startTime: '08:00', endTime: '18:00', note: 'Dispatch spec' } });
  expect(hours.status(), await hours.text()).toBe(201);
  const number = ((await made.json()) as { id: string }).id.slice(-8).toUpperCase();

  // The driver is on shift in their own browser.
  const driverContext = await browser.newContext();
  const driver = driverContext.request;
  expect((await driver.post('/api/auth/login', { data: { email: DRIVER.email, password: DRIVER.password } })).status()).toBe(200);
  expect((await driver.put('/api/driver/status', { data: { status: 'available' } })).ok()).toBeTruthy();

  await page.goto('/admin/dispatch');
  await expect(page.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await expect(page.getByTestId('staff-live')).toHaveAttribute('data-state', 'live');
  const unassigned = page.getByRole('region', { name: 'Unassigned' });
  const job = unassigned.getByTestId(`job-${number}`);
  await expect(job).toBeVisible();
  await expect(job.getByText(`Headlight Restoration · ${name}`)).toBeVisible();
  await expect(job.getByText('Tomorrow')).toBeVisible();
  await expect(job.getByLabel('Payment: Unpaid')).toBeVisible();
  await expect(job.getByText('Gate code 4411')).toBeVisible();
  await expect(job.getByRole('link', { name: '(408) 555-0142' })).toHaveAttribute('href', 'tel:+14085550142');
  await expect(page.getByTestId('dispatch-map')).toBeVisible();
  await expect(page.locator('.leaflet-container')).toBeVisible();

  // Assign from the board: the job moves into the driver's lane.
  const lane = page.getByRole('region', { name: DRIVER.name });
  await expect(lane.getByText('Available')).toBeVisible();
  await job.getByLabel('Driver').selectOption({ label: DRIVER.name });
  await expect(page.getByText('Driver assigned')).toBeVisible();
  await expect(lane.getByTestId(`job-${number}`)).toBeVisible();
  await expect(unassigned.getByTestId(`job-${number}`)).toHaveCount(0);
  const jobs = (await (await driver.get('/api/driver/bookings')).json()) as { items?: Array<{ id: string }> } | Array<{ id: string }>;
  expect(JSON.stringify(jobs)).toContain(((await made.json()) as { id: string }).id);

  // The driver goes on break elsewhere: the open board follows without a reload.
  expect((await driver.put('/api/driver/status', { data: { status: 'break' } })).ok()).toBeTruthy();
  await expect(lane.getByText('On break')).toBeVisible({ timeout: 10_000 });

  // A position from the driver's phone (between jobs) appears on the map live, over tiles or not.
  // (Other specs may have left this driver a position already: the marker must then move to the new one.)
  const map = page.getByTestId('dispatch-map');
  const driverId = ((await (await driver.get('/api/auth/me')).json()) as { id: string }).id;
  const marker = map.locator('.leaflet-marker-icon', { has: page.locator(`[data-driver-id="${driverId}"]`) });
  const placed = async () => ((await marker.count()) ? await marker.first().getAttribute('style') : null);
  const before = await placed();
  expect((await driver.put('/api/driver/location', { data: { latitude: 37.3349, longitude: -121.8881 } })).ok()).toBeTruthy();
  await expect.poll(placed, { timeout: 10_000 }).not.toBe(before);
  await expect(marker).toHaveCount(1);
  await expect(map).not.toHaveAttribute('data-drivers', '0');
  await page.screenshot({ path: 'test-results/screenshots/dispatch-1280.png', fullPage: true });

  // By time: one list, unassigned first.
  await page.getByRole('button', { name: 'By time' }).click();
  await expect(page.getByTestId(`job-${number}`)).toBeVisible();

  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(page.getByTestId(`job-${number}`)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screenshots/dispatch-${width}.png`, fullPage: true });
  }

  // The dashboard's top shows today's part of the board.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('dispatch-compact')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/dashboard-dispatch-1280.png' });
  await driverContext.close();
});

test('the calendar feed card makes a private link that serves an iCal feed, and turns it off', async ({ page }) => {
  await adminLogin(page, '/admin/dispatch');
  const card = page.getByTestId('calendar-feed-card');
  await card.getByRole('button', { name: 'Create calendar link' }).click();
  const input = card.getByRole('textbox', { name: 'Calendar feed' });
  await expect(input).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = new URL(await input.inputValue());
  const feed = await page.request.get(url.pathname);
  expect(feed.status()).toBe(200);
  expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/calendar-feed-card-1280.png' });
  page.once('dialog', (dialog) => void dialog.accept());
  await card.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('Calendar link turned off')).toBeVisible();
  expect((await page.request.get(url.pathname)).status()).toBe(404);
  await expect(card.getByRole('button', { name: 'Create calendar link' })).toBeVisible();
});
