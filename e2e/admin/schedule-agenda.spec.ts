import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

test('on a phone the schedule is a day agenda: hours with their fill, jobs with status, type, payment and driver', async ({ page }) => {
  const monday = mondayInWeeks(14);
  const tuesday = addDays(monday, 1);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: tuesday, startTime: '09:00', endTime: '13:00', maxCapacity: 3 } })).status()).toBe(201);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  const made: string[] = [];
  for (const name of ['Agenda Ann', 'Agenda Ben']) {
    const response = await page.request.post('/api/admin/appointments', {
      data: { customerName: name, customerEmail: uniqueEmail('agenda'), customerPhone: '', serviceId: headlights, date: tuesday, time: '10:00', notes: '', payment: 'on_site' },
    });
    expect(response.status(), await response.text()).toBe(201);
    made.push(((await response.json()) as { id: string }).id);
  }
  const drivers = (await (await page.request.get('/api/drivers')).json()) as Array<{ id: string; fullName: string }>;
  const diego = drivers.find((d) => d.fullName === 'Diego Ramirez')!;
  // Confirmed jobs go to a technician at once (decision 055): Ann's to Diego by the owner, Ben's left to nobody.
  expect((await page.request.post(`/api/drivers/${diego.id}/assign/${made[0]}`, { data: { override: true } })).status()).toBe(200);
  expect((await page.request.post(`/api/drivers/unassign/assign/${made[1]}`)).status()).toBe(200);

  await page.goto('/admin/schedule');
  const weeks = Math.round((Date.parse(`${monday}T12:00:00Z`) - Date.parse(`${mondayInWeeks(0)}T12:00:00Z`)) / (7 * 86_400_000));
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByRole('table', { name: 'Week schedule' })).toBeHidden();
  const agenda = page.getByTestId('schedule-agenda');
  await agenda.getByTestId(`agenda-day-${tuesday}`).click();
  await expect(agenda.getByTestId(`agenda-day-${tuesday}`)).toHaveAttribute('aria-selected', 'true');
  const ten = agenda.getByTestId(`agenda-${tuesday} 10:00`);
  await expect(ten.getByLabel('2 of 3 booked')).toBeVisible();
  await expect(ten.getByRole('button', { name: /Agenda Ann/ })).toContainText('Diego Ramirez');
  await expect(ten.getByRole('button', { name: /Agenda Ann/ })).toContainText('Confirmed');
  await expect(ten.getByRole('button', { name: /Agenda Ann/ })).toContainText('Pay on site');
  await expect(ten.getByRole('button', { name: /Agenda Ben/ })).toContainText('No driver');
  await expect(agenda.getByTestId(`agenda-${tuesday} 09:00`).getByLabel('0 of 3 booked')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/schedule-agenda-390.png', fullPage: true });

  // A job opens its Edit Appointment; a free hour offers booking.
  await ten.getByRole('button', { name: /Agenda Ben/ }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Appointment' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel', exact: true }).click();
  await agenda.getByRole('button', { name: `Open slot ${tuesday} 09:00 (agenda)` }).click();
  await expect(page.getByRole('dialog', { name: 'Time Slot Action' })).toBeVisible();
});
