import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test('Weekly Hours has column headings, and a capacity of 15 or none is refused with the reason, not saved as 10 or 1', async ({ page }) => {
  await adminLogin(page, '/admin/schedule');
  const before = (await (await page.request.get('/api/admin/business-hours')).json()) as Array<{ dayOfWeek: number; capacity: number }>;
  await page.getByRole('button', { name: 'Weekly Hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Weekly Hours' });
  const headings = dialog.getByTestId('weekly-hours-headings');
  for (const heading of ['Open', 'Opens', 'Closes', 'Capacity']) await expect(headings.getByText(heading, { exact: true })).toBeVisible();

  const monday = dialog.getByLabel('Monday capacity');
  await expect(monday).toBeEnabled();
  for (const typed of ['15', '']) {
    await monday.fill(typed);
    await dialog.getByRole('button', { name: 'Save Weekly Hours' }).click();
    await expect(page.getByText('Max concurrent appointments must be between 1 and 10').first()).toBeVisible();
    await expect(dialog).toBeVisible();
  }
  const after = (await (await page.request.get('/api/admin/business-hours')).json()) as Array<{ dayOfWeek: number; capacity: number }>;
  expect(after.find((h) => h.dayOfWeek === 1)!.capacity).toBe(before.find((h) => h.dayOfWeek === 1)!.capacity);
});

test('the offer editor names the vehicle types as people write them: SUV, not Suv', async ({ page }) => {
  await adminLogin(page, '/admin/marketing/offer');
  await expect(page.getByText('Promotional offer (/sww-offer)')).toBeVisible();
  await expect(page.getByRole('group', { name: 'SUV', exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: 'Sedan', exact: true })).toBeVisible();
  await expect(page.getByText('Suv', { exact: true })).toHaveCount(0);
});
