import { expect, test } from '../support/test';
import { addDays, adminLogin, clearLanesDay, pacificToday, unassignedJob } from './admin-support';

test.describe.configure({ timeout: 90_000 });

const DIEGO = 'Diego Ramirez';

test("the lanes refuse a move onto a technician's busy time with the reason, and Assign anyway moves it with the override recorded", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  // Three days ahead: a day of its own (the other dispatch spec works tomorrow).
  const day = addDays(pacificToday(), 3);
  await adminLogin(page);
  const [diego] = await clearLanesDay(page.request, day, [DIEGO], 'Lanes spec');
  const stamp = Date.now();
  const make = (customerName: string) => unassignedJob(page.request, day, customerName);
  const busyName = `Lane Lou ${stamp}`;
  const busy = await make(busyName);
  const waiting = await make(`Lane Bea ${stamp}`);
  expect((await page.request.post(`/api/drivers/${diego.id}/assign/${busy.id}`, { data: { override: true } })).status()).toBe(200);

  await page.goto('/admin/dispatch');
  await expect(page.getByRole('heading', { name: 'Dispatch' })).toBeVisible();
  await page.getByRole('button', { name: 'Lanes' }).click();
  await page.getByLabel('Lanes day').fill(day);
  const unassigned = page.getByRole('region', { name: 'Lane: Unassigned' });
  const lane = page.getByRole('region', { name: `Lane: ${DIEGO}` });
  const block = unassigned.getByTestId(`lane-job-${waiting.number}`);
  await expect(block).toBeVisible();
  await expect(lane.getByTestId(`lane-job-${busy.number}`)).toBeVisible();
  await expect(lane.getByText(/🚗 \d+ min/).first()).toBeVisible();
  await expect(lane.getByTestId('lane-total-drive')).toContainText('min driving today');

  // Move it onto Diego at his busy 10:00 with the keyboard-friendly control: refused, with the reason.
  await block.getByRole('button', { name: `Move job #${waiting.number}` }).click();
  const moveDialog = page.getByRole('dialog', { name: `Move job #${waiting.number}` });
  await moveDialog.getByLabel('Technician').selectOption({ label: DIEGO });
  await moveDialog.getByLabel('Start time').selectOption('10:00');
  await moveDialog.getByRole('button', { name: 'Move job' }).click();
  const conflict = page.getByRole('dialog', { name: 'Assign anyway?' });
  await expect(conflict.getByTestId('assignment-conflict')).toContainText('overlaps');
  await expect(conflict.getByTestId('assignment-conflict')).toContainText(busyName);
  await expect(conflict.getByTestId('assignment-conflict')).toContainText(DIEGO);
  await page.screenshot({ path: 'test-results/screenshots/dispatch-lanes-conflict-1280.png' });

  // Cancel leaves it unassigned.
  await conflict.getByRole('button', { name: 'Cancel' }).click();
  await expect(conflict).toHaveCount(0);
  await expect(unassigned.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();

  // Again, and Assign anyway: it lands on Diego's lane, and the override is in the booking's history.
  await block.getByRole('button', { name: `Move job #${waiting.number}` }).click();
  await moveDialog.getByLabel('Technician').selectOption({ label: DIEGO });
  await moveDialog.getByRole('button', { name: 'Move job' }).click();
  await conflict.getByRole('button', { name: 'Assign anyway' }).click();
  await expect(page.getByText('Job moved')).toBeVisible();
  await expect(lane.getByTestId(`lane-job-${waiting.number}`)).toBeVisible();
  await expect(unassigned.getByTestId(`lane-job-${waiting.number}`)).toHaveCount(0);
  const history = (await (await page.request.get(`/api/admin/bookings/${waiting.id}`)).json()) as { updates: Array<{ kind: string; params: Record<string, unknown> }> };
  expect(history.updates.find((u) => u.kind === 'driver_assigned')?.params).toMatchObject({ driverName: DIEGO, conflict: 'overlap', conflictTime: '10:00 AM' });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
  await page.screenshot({ path: 'test-results/screenshots/dispatch-lanes-1280.png', fullPage: true });
});
