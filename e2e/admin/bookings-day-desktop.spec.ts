import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

test('the bookings list keeps its filters in the URL, labels its dates, offers the day’s free times to reschedule, and a cancelled booking offers no driver or reschedule', async ({ page }) => {
  const day = addDays(mondayInWeeks(19), 2);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: day, startTime: '09:00', endTime: '13:00', maxCapacity: 2 } })).status()).toBe(201);
  const email = uniqueEmail('listday');
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: 'Lee List', customerEmail: email, serviceId: await serviceId(page.request, 'Headlight Restoration'), date: day, time: '10:00' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const number = ((await made.json()) as { id: string }).id.slice(-8).toUpperCase();

  await page.goto('/admin/bookings');
  // Labelled date fields: found by their visible labels.
  await expect(page.getByText('From date', { exact: true })).toBeVisible();
  await page.getByLabel('From date').fill(day);
  await page.getByLabel('Search bookings').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByLabel('Status filter').selectOption({ label: 'Confirmed' });
  const card = page.getByTestId(`booking-${number}`);
  await expect(card).toBeVisible();
  await expect(page).toHaveURL(/status=confirmed/);
  await expect(page).toHaveURL(new RegExp(`from=${day}`));

  // A reload (or a shared link) shows the same list.
  await page.reload();
  await expect(page.getByLabel('Status filter')).toHaveValue('confirmed');
  await expect(page.getByLabel('From date')).toHaveValue(day);
  await expect(page.getByLabel('Search bookings')).toHaveValue(email);
  await expect(page.locator('[data-testid^="booking-"]')).toHaveCount(1);

  // The reschedule dialog lists the chosen day's free times; a click fills the time.
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  const free = dialog.getByRole('region', { name: 'Free times' });
  await expect(free.getByText(`Free times on ${day}`)).toBeVisible();
  await free.getByRole('button', { name: '11:30 AM' }).click();
  await expect(dialog.getByLabel('New Time *')).toHaveValue('11:30');
  await page.screenshot({ path: 'test-results/screenshots/admin-reschedule-free-times-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // Cancelled: no driver to choose and no reschedule.
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  await page.getByRole('dialog', { name: /Cancel/ }).getByRole('button', { name: 'Cancel booking' }).click();
  // The list asked for confirmed bookings only: the cancelled one leaves it.
  await expect(card).toBeHidden();
  await page.getByLabel('Status filter').selectOption({ label: 'Cancelled' });
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Driver')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Assign to me' })).toHaveCount(0);
});
