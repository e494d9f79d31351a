import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the owner edits a technician’s week, start place and a day off on the staff page, and the technician sees them', async ({ page, browser }) => {
  await adminLogin(page, '/admin/staff');
  const marcus = page.getByRole('listitem').filter({ has: page.getByText('Marcus Lee', { exact: true }) });
  await expect(marcus.getByTestId('technician-summary')).toContainText('Tue 08:00–18:00');
  await expect(marcus.getByTestId('technician-summary')).toContainText('Morgan Hill');
  await marcus.getByRole('button', { name: 'Hours & services: Marcus Lee' }).click();

  const dialog = page.getByRole('dialog', { name: 'Hours & services — Marcus Lee' });
  await expect(dialog.getByRole('columnheader', { name: 'Start' })).toBeVisible();
  await dialog.getByLabel('Works Monday').check();
  await dialog.getByLabel('Monday start').fill('09:00');
  await dialog.getByLabel('Monday end').fill('08:00');
  await dialog.getByRole('button', { name: 'Save hours & services' }).click();
  await expect(page.getByText('The end time must be after the start time')).toBeVisible();
  await dialog.getByLabel('Monday end').fill('17:00');

  // A start place chosen from the address search, so it carries its coordinates.
  await dialog.getByLabel('Search an address for “Ends the day at”').fill('Monterey Rd Morgan Hill');
  await dialog.getByRole('button', { name: 'Find' }).nth(1).click();
  const found = dialog.getByRole('list', { name: 'Addresses for “Ends the day at”' }).getByRole('button').first();
  await expect(found).toBeVisible();
  await found.click();
  await dialog.getByRole('button', { name: 'Save hours & services' }).click();
  await expect(page.getByText('Hours & services saved')).toBeVisible();
  await expect(marcus.getByTestId('technician-summary')).toContainText('Mon 09:00–17:00');

  await marcus.getByRole('button', { name: 'Hours & services: Marcus Lee' }).click();
  const again = page.getByRole('dialog', { name: 'Hours & services — Marcus Lee' });
  const days = again.getByRole('region', { name: 'Days off and other hours' });
  await days.getByLabel('Date').fill('2031-05-12');
  await days.getByLabel('Note').fill('Family visit');
  await days.getByRole('button', { name: 'Add' }).click();
  await expect(page.getByText('Day off added')).toBeVisible();
  await expect(days.getByRole('listitem').filter({ hasText: '2031-05-12' })).toContainText('2031-05-12 Day off · Family visit');
  await page.screenshot({ path: 'test-results/screenshots/technician-hours-1280.png' });

  const driver = await browser.newPage({ viewport: { width: 390, height: 844 } });
  const signedIn = await driver.request.post('/api/auth/login', { data: { email: 'marcus@glint.local', password: 'glint-demo-pass' } });
  expect(signedIn.ok()).toBeTruthy();
  await driver.goto('/driver');
  const hours = driver.getByRole('region', { name: 'My hours' });
  await expect(hours.getByTestId('my-hours')).toContainText('Mon09:00–17:00');
  await expect(hours).toContainText('2031-05-12: Day off · Family visit');
  await expect(hours).toContainText('Your day starts at 17090 Monterey Rd, Morgan Hill');
  await driver.screenshot({ path: 'test-results/screenshots/driver-my-hours-390.png', fullPage: true });
  await driver.close();
});
