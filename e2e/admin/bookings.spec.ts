import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

// The machine running the suite is shared and slow; these walk through several pages each.
test.describe.configure({ timeout: 90_000 });

test('on a phone the admin filters bookings, changes status, assigns the driver, reschedules within capacity and deletes', async ({ page, request }) => {
  const tuesday = addDays(mondayInWeeks(13), 1);
  const email = uniqueEmail('reese');
  expect((await request.post('/api/auth/register', { data: { fullName: 'Reese Phone', email, phone: '4085550163', password: 'reese-password' } })).status()).toBe(201);

  await adminLogin(page);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  // A day with room for one at a time, an appointment for Reese at 10:00 and another customer's at 15:00.
  expect((await page.request.post('/api/admin/business-availability', { data: { date: tuesday, startTime: '09:00', endTime: '17:00', maxCapacity: 1 } })).status()).toBe(201);
  const appointment = (time: string, who: string, whoEmail: string) =>
    page.request.post('/api/admin/appointments', { data: { customerName: who, customerEmail: whoEmail, customerPhone: '', serviceId: headlights, date: tuesday, time, notes: '' } });
  const mine = await appointment('10:00', 'Reese Phone', email);
  expect(mine.status()).toBe(201);
  const number = ((await mine.json()) as { id: string }).id.slice(-8).toUpperCase();
  expect((await appointment('15:00', 'Someone Else', uniqueEmail('else'))).status()).toBe(201);

  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Bookings' }).click();
  await expect(page.getByRole('heading', { name: 'Manage Bookings' })).toBeVisible();
  await page.getByLabel('Search bookings').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByTestId(`booking-${number}`);
  await expect(card).toBeVisible();
  await expect(page.getByRole('list', { name: 'Bookings' }).locator(':scope > li')).toHaveCount(1);
  await expect(card.getByText('Reese Phone')).toBeVisible();
  await expect(card.getByText(`#${number}`)).toBeVisible();

  // Status: any status, badge colour follows.
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByText('Booking status updated', { exact: true })).toBeVisible();
  await expect(card.locator('span', { hasText: /^In Progress$/ }).first()).toHaveClass(/bg-orange-100/);

  // Driver assignment.
  const drivers = (await (await page.request.get('/api/drivers')).json()) as Array<{ id: string; email: string }>;
  await card.getByLabel('Driver').selectOption(drivers.find((d) => d.email === 'driver@glint.local')!.id);
  await expect(page.getByText('Driver assigned', { exact: true })).toBeVisible();
  await expect(card.getByText('Driver assigned: Diego Ramirez')).toBeVisible();

  // Reschedule: required fields, a full time the owner is asked to confirm (and declines), then a free one.
  await card.getByRole('button', { name: 'Reschedule' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reschedule Booking' });
  await dialog.getByLabel('New Date *').fill('');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('New Date *').fill(tuesday);
  await dialog.getByLabel('New Time *').fill('15:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  const override = page.getByRole('dialog', { name: 'Book it anyway?' });
  await expect(override.getByTestId('override-reason')).toHaveText('Every place at this time is already booked: the slot is at its capacity.');
  await override.getByRole('button', { name: 'Choose another time' }).click();
  await expect(override).toBeHidden();
  await dialog.getByLabel('New Time *').fill('13:00');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Booking rescheduled', { exact: true })).toBeVisible();
  await expect(card.getByText(/Rescheduled to .* at 1:00 PM/)).toBeVisible();
  await expect(card.getByText(/1:00 PM/).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-bookings-phone.png', fullPage: true });

  // Filters: folded on a phone; by status and by date range.
  await expect(page.getByLabel('Status filter')).toBeHidden();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await page.getByLabel('Status filter').selectOption('completed');
  await expect(page.getByText('No bookings found')).toBeVisible();
  await page.getByLabel('Status filter').selectOption('in_progress');
  await expect(card).toBeVisible();
  await page.getByLabel('From date').fill(addDays(tuesday, 1));
  await expect(page.getByText('No bookings found')).toBeVisible();
  await page.getByLabel('From date').fill(tuesday);
  await page.getByLabel('To date').fill(tuesday);
  await expect(card).toBeVisible();

  // Delete: not while the job is under way (the dialog says why); back to confirmed, it never started and may go.
  await card.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('dialog', { name: 'This booking cannot be deleted' });
  await expect(refusal.getByText(/This job has started or is finished/)).toBeVisible();
  await refusal.getByRole('button', { name: 'Keep booking' }).click();
  const id = ((await mine.json()) as { id: string }).id;
  expect((await page.request.patch(`/api/bookings/${id}/status`, { data: { status: 'confirmed' } })).status()).toBe(200);
  await page.getByLabel('Status filter').selectOption('confirmed');
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  // The DELETE's answer is held until the live update of the deletion has taken the card (and its dialog) off
  // the list, which on a busy machine can happen first: the toast still says so.
  await expect(page.getByTestId('staff-live')).toHaveAttribute('data-state', 'live');
  await page.route(`**/api/admin/bookings/${id}`, async (route) => {
    const answer = await route.fetch();
    await expect(card).toBeHidden();
    await route.fulfill({ response: answer });
  });
  await page.getByRole('dialog', { name: 'Delete this booking?' }).getByRole('button', { name: 'Delete Booking' }).click();
  await expect(page.getByText('Booking deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No bookings found')).toBeVisible();
});
