import { expect, test } from '../support/test';
import { upcomingUsHolidays } from '../../src/shared/us-holidays';
import { adminLogin } from './admin-support';

test('the schedule suggests the coming federal holidays; one closes only when the owner adds it', async ({ page }) => {
  await adminLogin(page, '/admin/schedule');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  const holidays = upcomingUsHolidays(today);
  const range = `startDate=${today}&endDate=${holidays.at(-1)!.date}`;
  const closuresBefore = (await (await page.request.get(`/api/admin/business-closures?${range}`)).json()) as Array<{ date: string }>;

  await page.getByRole('button', { name: 'Suggested Holidays' }).click();
  const dialog = page.getByRole('dialog', { name: 'Suggested Holidays' });
  const list = dialog.getByRole('list', { name: 'Suggested holidays' });
  await expect(list.getByRole('listitem')).toHaveCount(holidays.length);
  await expect(list.getByRole('listitem', { name: 'Thanksgiving Day' }).first()).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Christmas Day' }).first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-suggested-holidays.png' });
  // Suggesting closes nothing.
  expect(await (await page.request.get(`/api/admin/business-closures?${range}`)).json()).toEqual(closuresBefore);

  // The farthest one not yet closed (clear of the days the other specs book).
  const target = [...holidays].reverse().find((h) => !closuresBefore.some((c) => c.date === h.date))!;
  const row = list.getByRole('listitem', { name: target.name }).filter({ hasText: target.date.slice(0, 4) });
  await row.getByRole('button', { name: `Add ${target.name}` }).click();
  await expect(row.getByText('Added')).toBeVisible();
  await expect(row.getByRole('button', { name: `Add ${target.name}` })).toHaveCount(0);
  const after = (await (await page.request.get(`/api/admin/business-closures?startDate=${target.date}&endDate=${target.date}`)).json()) as Array<{ id: string; name: string; type: string }>;
  expect(after).toEqual([expect.objectContaining({ name: target.name, type: 'holiday' })]);
  expect((await (await page.request.get(`/api/admin/business-closures?${range}`)).json()).length).toBe(closuresBefore.length + 1);

  expect((await page.request.delete(`/api/admin/business-closures/${after[0]!.id}`)).ok()).toBeTruthy();
});
