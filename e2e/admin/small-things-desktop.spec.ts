import { expect, test } from '../support/test';
import { adminLogin, mondayInWeeks, addDays } from './admin-support';

// Issue 27's small things on the owner's side, at 1280×800.
test.describe.configure({ timeout: 90_000 });

test('past hours of today look unavailable and cannot be opened; the "·3" capacity hint says what it means', async ({ page }) => {
  await adminLogin(page);
  // "Today" is a Wednesday far ahead, 3:30 PM Pacific, with its own 9–5 window of 3 places.
  const wednesday = addDays(mondayInWeeks(11), 2);
  const opened = await page.request.post('/api/admin/business-availability', { data: { date: wednesday, startTime: '09:00', endTime: '17:00', maxCapacity: 3 } });
  expect([201, 409]).toContain(opened.status());
  await page.clock.setFixedTime(new Date(`${wednesday}T15:30:00-08:00`));
  await page.goto('/admin/schedule');

  const cell = (hour: string) => page.getByTestId(`cell-${wednesday} ${hour}`);
  await expect(cell('10:00')).toHaveAttribute('data-state', 'past');
  await expect(cell('14:00')).toHaveAttribute('data-state', 'past');
  await expect(cell('10:00').getByRole('button', { name: /Open slot/ })).toHaveCount(0);
  await expect(cell('10:00')).toHaveAttribute('title', 'This hour is over');
  // The hour under way and later ones can still be booked.
  await expect(cell('15:00')).toHaveAttribute('data-state', 'available');
  await expect(cell('16:00').getByRole('button', { name: `Open slot ${wednesday} 16:00` })).toBeAttached();
  // The day before is over entirely.
  await expect(page.getByTestId(`cell-${addDays(wednesday, -1)} 16:00`)).not.toHaveAttribute('data-state', 'available');

  // "09:00–17:00 ·3" is explained, on the chip and in the legend.
  await expect(page.getByRole('button', { name: 'Edit availability 09:00–17:00, 3 places at a time' })).toHaveAttribute('title', '3 places at a time');
  await expect(page.getByRole('list', { name: 'Legend' }).getByTestId('legend-capacity')).toContainText('3 places at a time');
  await expect(page.getByRole('list', { name: 'Legend' })).toContainText('Past');
});

test('a service image that fails to load shows a placeholder, and saving a description with HTML removed says so', async ({ page, baseURL }) => {
  await adminLogin(page);
  const created = await page.request.post('/api/admin/services', {
    data: { name: `Broken Image Wash ${Date.now()}`, description: '<p>Plain</p>', price: '10', duration: 30, isActive: false, imageUrl: `${baseURL}/uploads/no-such-image.png` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const service = (await created.json()) as { id: string; name: string };
  await page.goto('/admin/services');
  const card = page.getByLabel(service.name, { exact: true });
  await expect(card.getByTestId('image-placeholder')).toBeVisible();
  await expect(card.locator('img')).toHaveCount(0);

  // The owner types a script into the description: the saved answer and the page both say it was removed.
  await card.getByRole('button', { name: `Edit ${service.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await dialog.getByLabel(/^Description/).fill('<p>Shiny</p><script>alert(1)</script>');
  await dialog.getByRole('button', { name: 'Update Service' }).click();
  await expect(page.getByText('Some HTML was removed from the description', { exact: false })).toBeVisible();
});
