import { expect, test } from '../support/test';
import { CUSTOMER, DRIVER } from '../support/helpers';

test('a visitor is sent to sign in and comes back to the driver dashboard', async ({ page }) => {
  await page.goto('/driver');
  await expect(page).toHaveURL(/\/auth$/);
  await page.getByLabel('Email').fill(DRIVER.email);
  await page.getByLabel('Password').fill(DRIVER.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).toHaveURL(/\/driver$/);
  await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toBeVisible();
  await expect(page.getByText('Diego Ramirez · driver@glint.local')).toBeVisible();
});

test('a customer cannot use the driver dashboard, nor its API', async ({ page }) => {
  expect((await page.request.post('/api/auth/login', { data: CUSTOMER })).ok()).toBeTruthy();
  await page.goto('/driver/dashboard');
  // Sent to /auth with /driver remembered; the sign-in page then sends a signed-in customer home.
  await expect(page).toHaveURL(/\/(auth)?$/);
  await expect(page.getByRole('heading', { name: 'Driver Dashboard' })).toHaveCount(0);
  expect(await page.evaluate(() => sessionStorage.getItem('glint.redirectAfterLogin'))).toBe('/driver');
  expect((await page.request.get('/api/driver/bookings')).status()).toBe(403);
  expect((await page.request.put('/api/driver/location', { data: { latitude: 37.3, longitude: -121.9 } })).status()).toBe(403);
});

test('the driver sets the status, shares a position and logs out', async ({ page, context }) => {
  await context.grantPermissions(['geolocation']);
  await context.setGeolocation({ latitude: 37.33, longitude: -121.89 });
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  await page.goto('/driver');
  await expect(page.getByRole('heading', { name: 'Driver Status' })).toBeVisible();

  await page.getByRole('button', { name: 'Break' }).click();
  await expect(page.getByText('Status updated successfully')).toBeVisible();
  await expect(page.getByTestId('driver-availability')).toHaveText('Break');

  // Going offline with a job under way (other specs leave the demo driver one) or sharing on asks first.
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Offline' }).click();
  await expect(page.getByTestId('driver-availability')).toHaveText('Offline');
  await expect(page.getByTestId('location-sharing')).toHaveText(/Off/);

  await page.getByRole('button', { name: 'Available' }).click();
  await expect(page.getByTestId('driver-availability')).toHaveText('Available');
  await expect(page.getByTestId('location-sharing')).toHaveText(/On/);
  // Sharing starts at once: the point reaches the server.
  await expect(page.getByText(/Last sent/)).toBeVisible();
  const status = await (await page.request.get('/api/driver/status')).json();
  expect(status).toMatchObject({ status: 'available', isLocationSharing: true });
  expect(status.lastSeen).not.toBeNull();

  // The server refuses a bad point with its message.
  const bad = await page.request.put('/api/driver/location', { data: { latitude: 123, longitude: 0 } });
  expect(bad.status()).toBe(400);
  expect((await bad.json()).message).toBe('latitude must be between -90 and 90');

  await expect(page.getByRole('heading', { name: 'Recent Completed' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/driver-dashboard.png', fullPage: true });
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect((await page.request.get('/api/driver/status')).status()).toBe(401);
});
