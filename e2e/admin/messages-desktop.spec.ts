import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, searchBookings, serviceId } from './admin-support';

test("the admin sees a booking's scheduled reminders: kind, channel, due time and state", async ({ page }) => {
  const email = uniqueEmail('reminders');
  const tuesday = addDays(mondayInWeeks(15), 1);
  await adminLogin(page);
  const created = await page.request.post('/api/admin/appointments', {
    data: { customerName: 'Remy Reminder', customerEmail: email, customerPhone: '4085550178', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: tuesday, time: '10:00', payment: 'on_site' },
  });
  expect(created.status(), await created.text()).toBe(201);

  await searchBookings(page, email);
  const card = page.locator('[data-testid^="booking-"]').first();
  await card.getByRole('button', { name: 'Messages' }).click();
  const rows = card.getByTestId('booking-message');
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(0)).toContainText('Reminder 24 h');
  await expect(rows.nth(0)).toContainText('E-mail');
  await expect(rows.nth(0)).toContainText('scheduled');
  await expect(rows.nth(1)).toContainText('SMS');
  // Due the day before at the booked time, and two hours before on the day.
  await expect(rows.nth(0)).toContainText('10:00 AM');
  await expect(rows.nth(2)).toContainText('Reminder 2 h');
  await expect(rows.nth(2)).toContainText('8:00 AM');
  await page.screenshot({ path: 'test-results/screenshots/admin-booking-messages.png', fullPage: true });
});
