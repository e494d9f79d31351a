import { expect, request as playwrightRequest, test } from '../support/test';
import { ADMIN } from '../support/helpers';

test.beforeEach(async ({ context }) => {
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
});

test('the tracking page without a booking, and with an unknown one', async ({ page }) => {
  await page.goto('/tracking');
  await expect(page.getByRole('heading', { name: 'No Booking Found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return Home' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/tracking?bookingId=00000000-0000-4000-8000-00000000abcd');
  await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
  await expect(page.getByText('00000000-0000-4000-8000-00000000abcd')).toBeVisible();
  await page.goto('/tracking?bookingId=garbage');
  await expect(page.getByRole('heading', { name: 'Booking Not Found' })).toBeVisible();
});

test('a guest with the tracking link sees everything; without the token only service, status and time', async ({ page, browser, baseURL }) => {
  // The test-booking route books and pays as a guest and redirects to the tracking link with its token.
  await page.goto('/api/create-test-booking-redirect');
  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]+&token=/);
  const url = new URL(page.url());
  const bookingId = url.searchParams.get('bookingId')!;
  // The confirmed booking went to a technician at once (decision 055): the office takes it off again, so the
  // page shows the wait for a driver.
  const office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  expect((await office.post(`/api/drivers/unassign/assign/${bookingId}`)).ok()).toBeTruthy();
  await office.dispose();
  await page.reload();

  await expect(page.getByText(`Booking #${bookingId.slice(-8).toUpperCase()}`)).toBeVisible();
  await expect(page.getByText('Total Amount')).toBeVisible();
  await expect(page.getByTestId('live-indicator')).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toHaveText(/Confirmed|Pickup Scheduled/);

  await page.getByRole('button', { name: 'Live Track' }).click();
  await expect(page.getByRole('dialog', { name: 'Live Driver Tracking' })).toContainText('Live tracking will be available once a driver is assigned to your booking.');
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Message' }).click();
  const message = page.getByRole('dialog', { name: 'Message' });
  await expect(message).toContainText('In-app messaging is coming soon.');
  await expect(message.getByRole('link', { name: /Call Glint/ })).toHaveAttribute('href', /^tel:/);
  await page.keyboard.press('Escape');
  await page.screenshot({ path: 'test-results/screenshots/tracking-guest.png', fullPage: true });

  // Someone with only the booking id: no address, amount, live socket or map.
  const stranger = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });
  const other = await stranger.newPage();
  await other.goto(`/tracking?bookingId=${bookingId}`);
  await expect(other.getByText('Scheduled Time')).toBeVisible();
  await expect(other.getByText('To see the address, amount and live map, sign in or open the tracking link from your confirmation e-mail.')).toBeVisible();
  await expect(other.getByText('Total Amount')).toHaveCount(0);
  await expect(other.getByTestId('live-indicator')).toHaveCount(0);
  await other.getByRole('button', { name: 'Live Track' }).click();
  await expect(other.getByRole('dialog', { name: 'Live Driver Tracking' })).toContainText('To see the address');
  const api = await other.request.get(`/api/bookings/guest/${bookingId}`);
  expect(Object.keys(await api.json()).sort()).toEqual(['access', 'id', 'scheduledDate', 'service', 'serviceName', 'serviceType', 'status']);
  await stranger.close();
});

test('when the live connection drops, the page reconnects by itself and refetches the booking', async ({ page }) => {
  // Stand between the page and the real socket so the test can cut the first connection.
  let connections = 0;
  await page.routeWebSocket(/\/ws\?/, (ws) => {
    connections += 1;
    ws.connectToServer();
    if (connections === 1) setTimeout(() => void ws.close({ code: 3000, reason: 'network dropped' }), 1500);
  });
  await page.goto('/api/create-test-booking-redirect');
  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]+&token=/);
  const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
  await expect(page.getByTestId('live-indicator')).toBeVisible();

  const refetch = page.waitForRequest((request) => request.url().includes(`/api/bookings/guest/${bookingId}`), { timeout: 15_000 });
  await expect(page.getByTestId('live-indicator')).toHaveCount(0); // dropped
  await expect(page.getByTestId('live-indicator')).toBeVisible({ timeout: 15_000 }); // back, after a backoff
  await refetch;
  expect(connections).toBe(2);
});
