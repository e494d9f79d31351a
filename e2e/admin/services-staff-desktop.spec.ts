import { expect, test } from '../support/test';
import { latestMail, uniqueEmail } from '../support/helpers';
import { adminLogin } from './admin-support';

// The machine running the suite is shared and slow; these walk through several pages each.
test.describe.configure({ timeout: 90_000 });

test('the admin creates a service, switches it off, seeds the catalogue and asks for a password reset link', async ({ page, request }) => {
  await adminLogin(page, '/admin/services');
  const name = `Pet Hair Removal ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByRole('button', { name: 'Add Service' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Service' });
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('Name *').fill(name);
  await dialog.getByLabel(/Description \*/).fill('<p>All the fur, <strong>gone</strong>.</p><script>alert(1)</script>');
  await dialog.getByLabel('Price ($) *').fill('39.50');
  await dialog.getByLabel('Duration (min) *').fill('45');
  await dialog.getByLabel('Image URL').fill('not a url');
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Image URL must be a valid URL')).toBeVisible();
  await dialog.getByLabel('Image URL').fill('');
  await dialog.getByRole('button', { name: 'Create Service' }).click();
  await expect(page.getByText('Service created successfully')).toBeVisible();
  const card = page.getByRole('list', { name: 'Services' }).getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('$39.50')).toBeVisible();
  await expect(card.locator('strong', { hasText: 'gone' })).toBeVisible(); // HTML rendered, script dropped on save

  // The active toggle takes it off the customers' list.
  await card.getByRole('switch', { name: `Active: ${name}` }).click();
  await expect(card.getByText('Inactive')).toBeVisible();
  const publicList = (await (await request.get('/api/services')).json()) as Array<{ name: string }>;
  expect(publicList.some((s) => s.name === name)).toBe(false);

  await page.getByRole('button', { name: 'Seed Services' }).click();
  await expect(page.getByText('Services seeded successfully!')).toBeVisible();
  await expect(page.getByText('All standard services are already there')).toBeVisible();

  // The admin's password reset is on the Staff page, not among the services.
  await expect(page.getByRole('button', { name: 'Reset Admin Password' })).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Reset Admin Password' }).click();
  await expect(page.getByText('Admin password reset!')).toBeVisible();
  const mail = await latestMail(page.request, 'admin@glint.local', /reset/i);
  expect(mail.links.some((l) => l.includes('/reset-password?token='))).toBe(true);
});

test('the admin adds a driver who sets a password from the invitation, then disables them', async ({ page, browser }) => {
  const email = uniqueEmail('new-driver');
  await adminLogin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Staff' }).click();
  await page.getByRole('button', { name: 'Add Driver' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Driver' });
  await dialog.getByLabel('Full Name *').fill('Nova Driver');
  await dialog.getByLabel('Email *').fill(email);
  await dialog.getByLabel('Phone').fill('4085550190');
  await dialog.getByRole('button', { name: 'Add Driver' }).click();
  await expect(page.getByText('Driver added')).toBeVisible();
  const staffCard = page.getByRole('list', { name: 'Drivers' }).getByRole('listitem').filter({ hasText: email });
  await expect(staffCard.getByText('Invitation pending')).toBeVisible();
  await expect(staffCard.getByText('Off shift')).toBeVisible();
  // Off shift and offline say the same thing: only one of them shows.
  await expect(staffCard.getByText('offline', { exact: true })).toHaveCount(0);

  // The driver follows the e-mailed link in their own browser and signs in.
  const driverContext = await browser.newContext();
  const driver = await driverContext.newPage();
  const mail = await latestMail(page.request, email, /invited/i);
  const link = new URL(mail.links.find((l) => l.includes('/reset-password?token='))!);
  await driver.goto(link.pathname + link.search);
  await driver.getByLabel('New password').fill('nova-drives-well');
  await driver.getByRole('button', { name: 'Reset Password' }).click();
  await expect(driver.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  expect((await driver.request.post('/api/auth/login', { data: { email, password: 'nova-drives-well' } })).status()).toBe(200);
  // Going on shift in the driver dashboard's API shows on the staff page.
  expect((await driver.request.put('/api/driver/status', { data: { status: 'available', isLocationSharing: false } })).ok()).toBeTruthy();
  await page.reload();
  await expect(staffCard.getByText('Invitation pending')).toHaveCount(0);
  await expect(staffCard.getByText('On shift')).toBeVisible();

  // Disabled: the session ends and sign-in is refused.
  await staffCard.getByRole('switch', { name: 'Enabled: Nova Driver' }).click();
  await expect(page.getByText('Driver disabled')).toBeVisible();
  await expect(staffCard.getByText('Disabled')).toBeVisible();
  expect((await driver.request.get('/api/auth/me')).status()).toBe(401);
  expect((await driver.request.post('/api/auth/login', { data: { email, password: 'nova-drives-well' } })).status()).toBe(403);
  await driverContext.close();
});
