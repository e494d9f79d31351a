import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, searchBookings, serviceId, showWeek } from './admin-support';

test.describe.configure({ timeout: 90_000 });

// A week no other spec books in, so the capacity and the grid are this file's own.
const WEEK = 21;

test('a job under way cannot be deleted: the dialog says why and offers Cancel; a finished one has no Reschedule', async ({ page }) => {
  const day = addDays(mondayInWeeks(WEEK), 1);
  await adminLogin(page);
  const service = await serviceId(page.request, 'Headlight Restoration');
  const email = uniqueEmail('under-way');
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: 'Una Underway', customerEmail: email, customerPhone: '4085550161', serviceId: service, date: day, time: '10:00', payment: 'on_site' },
  });
  expect(made.status()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  expect((await page.request.patch(`/api/bookings/${id}/status`, { data: { status: 'en_route_service' } })).status()).toBe(200);

  await searchBookings(page, email);
  const card = page.getByTestId(`booking-${id.slice(-8).toUpperCase()}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('dialog', { name: 'This booking cannot be deleted' });
  await expect(refusal.getByText('This job has started or is finished, so it stays on record and cannot be deleted. Cancel it instead: the customer is told.')).toBeVisible();
  await expect(refusal.getByRole('button', { name: 'Delete Booking' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/admin-delete-refused-1280.png' });
  await refusal.getByRole('button', { name: 'Cancel booking instead' }).click();
  await expect(page.getByRole('dialog', { name: /Cancel .*this booking\?/ })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep booking' }).click();

  // Finished: it stays where it ended, so the list offers no Reschedule.
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  expect((await page.request.patch(`/api/bookings/${id}/status`, { data: { status: 'completed' } })).status()).toBe(200);
  await searchBookings(page, email);
  await expect(card.getByText('Completed').first()).toBeVisible();
  await expect(card.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
});

test('blocked time opens its own editor, and saving it unchanged keeps its start, end and reason', async ({ page }) => {
  const monday = mondayInWeeks(WEEK);
  const day = addDays(monday, 2);
  await adminLogin(page);
  const blocked = await page.request.post('/api/admin/blocked-time', { data: { date: day, startTime: '13:00', endTime: '15:30', reason: 'Van service' } });
  expect(blocked.status()).toBe(201);
  const id = ((await blocked.json()) as { id: string }).id;

  await page.goto('/admin/schedule');
  await showWeek(page, monday);
  await page.getByTestId(`cell-${day} 13:00`).getByRole('button', { name: /Blocked/ }).click();
  const editor = page.getByRole('dialog', { name: 'Blocked Time' });
  await expect(editor.getByLabel('Date *')).toHaveValue(day);
  await expect(editor.getByLabel('Start Time *')).toHaveValue('13:00');
  await expect(editor.getByLabel('End Time *')).toHaveValue('15:30');
  await expect(editor.getByLabel('Reason')).toHaveValue('Van service');
  await expect(editor.getByLabel('Customer Name *')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/admin-block-editor-1280.png' });
  await editor.getByRole('button', { name: 'Save Blocked Time' }).click();
  await expect(page.getByText('Blocked time updated')).toBeVisible();

  const week = (await (await page.request.get(`/api/admin/schedule?startDate=${day}&days=1`)).json()) as {
    days: Array<{ appointments: Array<{ id: string; startTime: string; endTime: string; durationMinutes: number; blockReason: string | null }> }>;
  };
  expect(week.days[0]!.appointments.find((a) => a.id === id)).toMatchObject({ startTime: '13:00', endTime: '15:30', durationMinutes: 150, blockReason: 'Van service' });
});

test('deleting a customer lists their upcoming bookings and cancels them first', async ({ page }) => {
  const day = addDays(mondayInWeeks(WEEK), 3);
  await adminLogin(page);
  const tag = Date.now().toString(36);
  const email = uniqueEmail('dana-deleteme');
  const created = await page.request.post('/api/admin/users', { data: { fullName: `Dana Deleteme ${tag}`, email, phone: '4085550177' } });
  expect(created.status()).toBe(201);
  const service = await serviceId(page.request, 'Headlight Restoration');
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: `Dana Deleteme ${tag}`, customerEmail: email, customerPhone: '4085550177', serviceId: service, date: day, time: '11:00', payment: 'on_site' },
  });
  expect(made.status()).toBe(201);
  const bookingId = ((await made.json()) as { id: string }).id;

  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill(email);
  await page.getByRole('button', { name: `Delete Dana Deleteme ${tag}` }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Delete customer?' });
  const upcoming = dialog.getByRole('region', { name: 'Upcoming bookings' });
  await expect(upcoming.getByText('This customer has 1 upcoming booking.')).toBeVisible();
  await expect(upcoming.getByText(`#${bookingId.slice(-8).toUpperCase()}`)).toBeVisible();
  await expect(upcoming.getByText('Headlight Restoration')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-customer-delete-upcoming-1280.png' });
  await dialog.getByRole('button', { name: 'Cancel Bookings and Delete' }).click();
  await expect(page.getByText(/Customer deleted/).first()).toBeVisible();
  await expect(page.getByText(/1 upcoming booking was cancelled/)).toBeVisible();

  const booking = (await (await page.request.get(`/api/admin/bookings/${bookingId}`)).json()) as { status: string; guestEmail: string | null; guestName: string | null };
  expect(booking).toMatchObject({ status: 'cancelled', guestEmail: null, guestName: null });
});
