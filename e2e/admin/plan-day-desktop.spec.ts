import { expect, test } from '../support/test';
import { PARK_AVE } from '../support/booking-flow';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, pacificToday } from './admin-support';

/** East of the business, next to it, east again: a zig-zag one technician drives in that order. */
// In the early afternoon: the run's checkouts fill tomorrow's mornings and last starts, and a move onto a
// time at the business's capacity would refuse the whole plan (decision 056).
const ZIG_ZAG = [
  { time: '13:00', latitude: 37.3694, longitude: -121.8 },
  { time: '14:00', latitude: 37.3694, longitude: -121.9 },
  { time: '15:00', latitude: 37.372, longitude: -121.8 },
];

test('Plan day shows a technician’s drive before → after and applies the shorter order on confirm', async ({ page }) => {
  const tomorrow = addDays(pacificToday(), 1);
  await adminLogin(page);
  // A technician of their own for this spec, working whatever hours the business opens.
  const name = `Pat Planner ${Date.now() % 100_000}`;
  const staff = await page.request.post('/api/admin/staff', { data: { fullName: name, email: uniqueEmail('planner') } });
  expect(staff.status(), await staff.text()).toBe(201);
  const technicianId = ((await staff.json()) as { id: string }).id;
  const hours = await page.request.put(`/api/admin/technicians/${technicianId}`, { data: { worksJobs: true, start: null, end: null, limitedServices: false, serviceIds: [], hours: [] } });
  expect(hours.ok(), await hours.text()).toBeTruthy();
  // Half-hour jobs (the catalogue's shortest is 45 minutes): each customer's window (booked time ± 1 hour) leaves
  // room to reorder them. Switched off once booked, so the rest of the run's catalogue stays as it was.
  const rinse = { name: `Quick Rinse ${Date.now()}`, description: 'A half-hour rinse for the Plan day spec.', price: '20', duration: 30, locationOptions: { mobile: true, pickup: false, serviceLocation: true } };
  const quick = await page.request.post('/api/admin/services', { data: { ...rinse, isActive: true } });
  expect(quick.status(), await quick.text()).toBe(201);
  const wash = ((await quick.json()) as { id: string }).id;
  for (const [i, stop] of ZIG_ZAG.entries()) {
    const made = await page.request.post('/api/admin/appointments', {
      data: { customerName: `Zig Zag ${i + 1}`, customerEmail: uniqueEmail(`zigzag${i}`), customerPhone: '', serviceId: wash, date: tomorrow, time: stop.time, notes: '', serviceType: 'mobile', address: { ...PARK_AVE, latitude: stop.latitude, longitude: stop.longitude }, override: true },
    });
    expect(made.status(), await made.text()).toBe(201);
    const id = ((await made.json()) as { id: string }).id;
    expect((await page.request.post(`/api/drivers/${technicianId}/assign/${id}`, { data: { override: true } })).ok()).toBeTruthy();
  }
  expect((await page.request.put(`/api/admin/services/${wash}`, { data: { ...rinse, isActive: false } })).ok()).toBeTruthy();

  await page.goto('/admin/dispatch');
  await expect(page.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await page.getByRole('button', { name: `Plan day for ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Plan day: ${name}` });
  await dialog.getByRole('button', { name: 'Tomorrow' }).click();
  const drive = dialog.getByTestId('plan-day-drive');
  await expect(drive).toHaveText(/^Drive tomorrow: \d+ min → \d+ min$/);
  const [before, after] = ((await drive.textContent()) ?? '').match(/\d+/g)!.map(Number);
  expect(after).toBeLessThan(before!);
  await expect(dialog.getByRole('list', { name: 'Moves' }).getByRole('listitem').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/plan-day-1280.png' });
  await dialog.getByRole('button', { name: 'Apply plan' }).click();
  await expect(page.getByText('Plan applied')).toBeVisible();

  // Planned again, the day is already the shortest drive.
  await page.getByRole('button', { name: `Plan day for ${name}` }).click();
  await dialog.getByRole('button', { name: 'Tomorrow' }).click();
  await expect(dialog.getByText('This day is already the shortest drive.')).toBeVisible();
});
