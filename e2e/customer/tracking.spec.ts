import { expect, test, type Browser, type BrowserContext, type Page } from '../support/test';
import { CUSTOMER, DRIVER } from '../support/helpers';

const PHONE = { viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles', locale: 'en-US', isMobile: true, hasTouch: true };

async function signedInContext(browser: Browser, baseURL: string, who: { email: string; password: string }, extra: Parameters<Browser['newContext']>[0] = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ ...PHONE, baseURL, ...extra });
  // The map tiles live on the internet; this machine has none, so answer them quickly.
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  const response = await context.request.post('/api/auth/login', { data: who });
  expect(response.ok(), await response.text()).toBeTruthy();
  return context;
}

async function advance(driver: Page, bookingId: string, nextLabel: string, message?: string) {
  // Every job card carries its own actions.
  const card = driver.locator(`[data-booking-id="${bookingId}"]`);
  if (message) await card.getByLabel('Status message (optional)').fill(message);
  await card.getByRole('button', { name: `Mark as ${nextLabel}` }).click();
  await expect(card.getByRole('button', { name: `Mark as ${nextLabel}` })).toHaveCount(0);
}

test('the customer follows the driver live: new step, the driver’s message and the moving marker, without a reload', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const driverContext = await signedInContext(browser, baseURL!, DRIVER, { permissions: ['geolocation'], geolocation: { latitude: 37.4, longitude: -121.9 } });
  const customerContext = await signedInContext(browser, baseURL!, CUSTOMER);

  const active = await (await driverContext.request.get('/api/driver/bookings')).json();
  const booking = active.items.find((b: { serviceType: string; status: string }) => b.serviceType === 'pickup' && b.status === 'confirmed');
  expect(booking, 'the demo data has a confirmed pickup booking for the demo driver').toBeTruthy();

  const customer = await customerContext.newPage();
  await customer.goto(`/tracking?bookingId=${booking.id}`);
  await expect(customer.getByRole('heading', { name: /Full Detail/ })).toContainText('(Pickup Service)');
  await expect(customer.getByText(`Booking #${booking.id.slice(-8).toUpperCase()}`)).toBeVisible();
  await expect(customer.getByTestId('status-label')).toHaveText('Pickup Scheduled');
  await expect(customer.locator('[aria-current="step"]')).toHaveText(/Pickup Scheduled/);
  await expect(customer.getByTestId('live-indicator')).toBeVisible();
  // The suite's phones ask for less motion: the Live badge keeps still (it pulses for everyone else).
  await expect.poll(() => customer.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running').length)).toBe(0);
  await expect(customer.getByText('425 Park Ave, San Jose, CA 95110')).toBeVisible();
  // Anything that reloads the page would lose this flag.
  await customer.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
  await customer.screenshot({ path: 'test-results/screenshots/tracking-before.png', fullPage: true });

  const driver = await driverContext.newPage();
  // The phone's 10-second location beat runs on a clock the test can move on (time otherwise flows as usual).
  await driver.clock.install();
  // Completing a job asks the driver to confirm first.
  const confirms: string[] = [];
  driver.on('dialog', (dialog) => {
    confirms.push(dialog.message());
    void dialog.accept();
  });
  await driver.goto('/driver');
  await expect(driver.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
  await expect(driver.locator(`[data-booking-id="${booking.id}"]`)).toBeVisible();
  const message = `On my way! (${Date.now()})`;
  await advance(driver, booking.id, 'Driver En Route to Pickup', message);
  await expect(driver.getByText('Booking status updated')).toBeVisible();
  await expect(driver.getByTestId('location-sharing')).toHaveText(/On/);
  await driver.screenshot({ path: 'test-results/screenshots/driver-en-route.png', fullPage: true });

  // The customer's page follows, live.
  await expect(customer.getByTestId('status-label')).toHaveText('Driver En Route to Pickup');
  await expect(customer.getByTestId('live-updates')).toContainText(message);
  await expect(customer.getByTestId('eta')).toContainText('Estimated arrival');

  await customer.getByRole('button', { name: 'Live Track' }).click();
  const dialog = customer.getByRole('dialog', { name: 'Live Driver Tracking' });
  await expect(dialog).toBeVisible();
  const map = dialog.getByTestId('live-map');
  await expect(map).toHaveAttribute('data-driver-lat', '37.40000');
  await expect(dialog).toContainText('Diego Ramirez');
  await expect(dialog.getByTestId('driver-last-updated')).toHaveText('Just now');
  const marker = dialog.locator('.driver-marker');
  await expect(marker).toBeVisible();
  const before = await marker.evaluate((el) => el.style.transform);
  await customer.screenshot({ path: 'test-results/screenshots/tracking-map.png' });

  // The driver moves; the phone reports the new place on its next 10-second beat, which the test brings forward.
  await driverContext.setGeolocation({ latitude: 37.37, longitude: -121.88 });
  await driver.clock.fastForward(10_000);
  await expect(map).toHaveAttribute('data-driver-lat', '37.37000');
  await expect(map).toHaveAttribute('data-driver-lng', '-121.88000');
  await expect.poll(() => marker.evaluate((el) => el.style.transform)).not.toBe(before);
  await customer.keyboard.press('Escape');

  // On through the job: the stepper moves with it.
  await advance(driver, booking.id, 'Driver Arrived for Pickup');
  // A status line names its status once: not again in the small line under it.
  await expect(customer.getByTestId('live-updates').getByText('Driver Arrived for Pickup')).toHaveCount(1);
  await advance(driver, booking.id, 'Vehicle Picked Up', 'Your car is with us');
  await expect(customer.getByTestId('status-label')).toHaveText('Vehicle Picked Up');
  await expect(customer.locator('[aria-current="step"]')).toHaveText(/Picked Up/);
  await expect(customer.getByTestId('live-updates')).toContainText('Your car is with us');
  for (const next of ['En Route to Service Location', 'Arrived at Service Location', 'Detailing in Progress', 'Service Completed', 'Returning Your Vehicle', 'Returned & Complete']) {
    // The seeded job may be for a later day: completing it early takes a reason.
    await advance(driver, booking.id, next, next === 'Returned & Complete' ? 'Finished ahead of the day' : undefined);
  }
  expect(confirms).toEqual([expect.stringMatching(/^Complete booking #/)]);
  await expect(customer.getByTestId('status-label')).toHaveText('Returned & Complete');
  await expect(customer.locator('[data-state="done"]')).toHaveCount(6);
  await expect(driver.locator(`[data-booking-id="${booking.id}"]`)).toContainText('Returned & Complete');
  expect(await customer.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
  await customer.screenshot({ path: 'test-results/screenshots/tracking-complete.png', fullPage: true });

  await driverContext.close();
  await customerContext.close();
});
