import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

test('the bookings list finds a phone by its digits, filters by payment and type, and exports the filtered list as CSV', async ({ page }) => {
  const day = addDays(mondayInWeeks(17), 1);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: day, startTime: '09:00', endTime: '17:00', maxCapacity: 3 } })).status()).toBe(201);
  const phone = `(408) 555-${String(Date.now()).slice(-4)}`;
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: '=cmd|calc', customerEmail: uniqueEmail('filters'), customerPhone: phone, serviceId: await serviceId(page.request, 'Headlight Restoration'), date: day, time: '10:00', notes: 'Ring, then "wait"' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const number = ((await made.json()) as { id: string }).id.slice(-8).toUpperCase();

  await page.goto('/admin/bookings');
  await expect(page.getByLabel('Sort')).toHaveValue('job');
  await page.getByLabel('Search bookings').fill(phone.replace(/\D/g, ''));
  await page.getByRole('button', { name: 'Search' }).click();
  const card = page.getByTestId(`booking-${number}`);
  await expect(card).toBeVisible();
  await expect(page.locator('[data-testid^="booking-"]')).toHaveCount(1);

  // A payment filter that does not match empties the list; the right one brings it back.
  await page.getByLabel('Payment filter').selectOption({ label: 'Paid' });
  await expect(page.getByText('No bookings found')).toBeVisible();
  await page.getByLabel('Payment filter').selectOption({ label: 'Unpaid' });
  await expect(card).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/bookings-filters-1280.png' });

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^bookings-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines).toHaveLength(2); // the header and the one filtered booking
  expect(lines[1]).toContain(`"${number}"`);
  expect(lines[1]).toContain(`"'=cmd|calc"`);
  expect(lines[1]).toContain('"Ring, then ""wait"""');

  for (const [width, height] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await expect(card).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.screenshot({ path: `test-results/screenshots/bookings-filters-${width}.png`, fullPage: true });
  }
});
