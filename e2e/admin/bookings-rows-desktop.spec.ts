import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

test('the bookings list shows a compact row per booking — at least 8 in view at 1280×800 — each opening into its card; on a phone the filters fold', async ({ page }) => {
  test.setTimeout(90_000);
  const day = addDays(mondayInWeeks(22), 3);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: day, startTime: '08:00', endTime: '18:00', maxCapacity: 10 } })).status()).toBe(201);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  for (let i = 0; i < 9; i++) {
    const made = await page.request.post('/api/admin/appointments', {
      data: { customerName: `Row Person ${i + 1}`, customerEmail: uniqueEmail(`rows${i}`), serviceId: headlights, date: day, time: `${String(8 + i).padStart(2, '0')}:00`, payment: 'on_site' },
    });
    expect(made.status(), await made.text()).toBe(201);
  }

  await page.goto(`/admin/bookings?from=${day}&to=${day}&sort=job_asc`);
  const rows = page.getByRole('list', { name: 'Bookings' }).locator(':scope > li');
  await expect(rows).toHaveCount(9);
  // Rows, not cards: at least eight start and end inside the 1280×800 window without scrolling.
  const inView = await rows.evaluateAll((items) => items.filter((li) => { const box = li.getBoundingClientRect(); return box.top >= 0 && box.bottom <= window.innerHeight; }).length);
  expect(inView).toBeGreaterThanOrEqual(8);
  await expect(rows.first()).toContainText('Row Person 1');
  await expect(rows.first()).toContainText('Headlight Restoration');
  await expect(rows.first().getByLabel('Payment: Pay on site')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/bookings-rows-1280.png' });

  // A click opens the full card with its actions; another closes it.
  const first = rows.first();
  const toggle = first.getByRole('button', { expanded: false }).first();
  await expect(first.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await toggle.click();
  await expect(first.getByRole('button', { expanded: true }).first()).toBeVisible();
  await expect(first.getByRole('button', { name: 'Reschedule' })).toBeVisible();
  await expect(first.getByLabel('Status')).toHaveValue('confirmed');
  await page.screenshot({ path: 'test-results/screenshots/bookings-row-open-1280.png' });
  await first.getByRole('button', { expanded: true }).first().click();
  await expect(first.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);

  // On a phone the filters fold behind "Filters" (open from the start only when a filter is set).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/admin/bookings');
  await expect(page.getByLabel('Search bookings')).toBeVisible();
  await expect(page.getByLabel('Status filter')).toBeHidden();
  await page.getByRole('button', { name: /^Filters/ }).click();
  await expect(page.getByLabel('Status filter')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Filters/ })).toHaveAttribute('aria-expanded', 'true');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/bookings-filters-folded-390.png', fullPage: true });
});
