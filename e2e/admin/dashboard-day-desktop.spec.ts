import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, pacificToday, serviceId } from './admin-support';

test("the dashboard shows the owner's day: money received today and this week, tomorrow at a glance, and what needs attention", async ({ page }) => {
  await adminLogin(page);
  const tomorrow = addDays(pacificToday(), 1);
  // A mobile job tomorrow with no driver (the owner's override in case tomorrow is closed or full).
  const made = await page.request.post('/api/admin/appointments', {
    data: {
      customerName: 'Tomi Tomorrow',
      customerEmail: uniqueEmail('tomorrow'),
      serviceId: await serviceId(page.request, 'Headlight Restoration'),
      date: tomorrow,
      time: '10:00',
      serviceType: 'mobile',
      address: { street: '12 Elm St', city: 'San Jose', state: 'CA', zipCode: '95110' },
      override: true,
    },
    headers: { 'idempotency-key': `dashboard-${Date.now()}` },
  });
  expect(made.status(), await made.text()).toBe(201);
  // Confirming placed it with a technician free then: taken back to the unassigned lane, whatever else tomorrow holds.
  const unassigned = await page.request.patch(`/api/admin/dispatch/bookings/${((await made.json()) as { id: string }).id}`, { data: { technicianId: null } });
  expect(unassigned.status(), await unassigned.text()).toBe(200);

  await page.goto('/admin/dashboard');
  await expect(page.getByTestId('stat-received-today')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByTestId('stat-received-week')).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(page.getByRole('heading', { name: /^Tomorrow, / })).toBeVisible();
  await expect(page.getByTestId('tomorrow')).toContainText(/still without a driver/);
  const attention = page.getByTestId('needs-attention');
  await expect(attention.getByRole('link', { name: /of the next 7 days without a driver/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-dashboard-day-1280.png', fullPage: true });
});
