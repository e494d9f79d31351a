import { expect, test, type Page } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, searchBookings, serviceId } from './admin-support';

test.describe.configure({ timeout: 90_000 });

/** Every element fits inside the viewport horizontally (nothing clipped, no sideways scroll). */
async function expectInside(page: Page, name: string | RegExp) {
  const width = page.viewportSize()!.width;
  for (const button of await page.getByRole('button', { name }).all()) {
    if (!(await button.isVisible())) continue;
    const box = (await button.boundingBox())!;
    expect(box.x + box.width, `${String(name)} at ${width}`).toBeLessThanOrEqual(width);
  }
}

test('a paid booking is cancelled (with the refund spelled out), never deleted; payment shows as a badge; Cancelled asks first', async ({ page }) => {
  await adminLogin(page);
  await searchBookings(page, 'customer@glint.local');
  // A paid booking not yet started (other specs move the demo customer's jobs on): its row opens into the card.
  await expect(page).toHaveURL(/search=customer/);
  await page.waitForLoadState('networkidle');
  const row = page.getByRole('list', { name: 'Bookings' }).locator(':scope > li', { has: page.getByLabel('Payment: Paid') }).filter({ hasNotText: 'Cancelled' }).filter({ hasText: /Confirmed|Pickup Scheduled/ }).first();
  const paid = page.getByTestId((await row.getAttribute('data-testid'))!);
  await paid.getByRole('button', { expanded: false }).first().click();
  await expect(paid.getByRole('button', { name: 'Cancel booking' })).toBeVisible();
  // Delete is not offered for it: its dialog says why and leads to Cancel instead.
  await paid.getByRole('button', { name: 'Delete' }).click();
  const refusal = page.getByRole('dialog', { name: 'This booking cannot be deleted' });
  await expect(refusal.getByText(/carries a payment .* cannot be deleted\. Cancel it instead: the payment is refunded and the customer is told\./)).toBeVisible();
  await expect(refusal.getByRole('button', { name: 'Delete Booking' })).toHaveCount(0);
  await refusal.getByRole('button', { name: 'Cancel booking instead' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel and refund this booking?' });
  await expect(dialog.getByText(/is refunded to the customer's card\. The customer is e-mailed\./)).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Cancel and refund \$/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/owner-cancel-refund-1280.png' });
  await dialog.getByRole('button', { name: 'Keep booking' }).click();
  // 'Cancelled' in the status list opens the same confirmation instead of refunding at once.
  await paid.getByLabel('Status').selectOption('cancelled');
  await expect(page.getByRole('dialog', { name: 'Cancel and refund this booking?' })).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep booking' }).click();
  await expect(paid.getByLabel('Payment: Paid')).toBeVisible();
});

test('an unpaid appointment the business made is cancelled with the no-refund wording and the customer list fits at 1280 and 1024', async ({ page }) => {
  const day = addDays(mondayInWeeks(15), 2);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: day, startTime: '09:00', endTime: '17:00', maxCapacity: 2 } })).status()).toBe(201);
  const longName = `Maximilianus${'x'.repeat(60)}`;
  const email = uniqueEmail('owner');
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: longName, customerEmail: email, customerPhone: '', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: day, time: '10:00', notes: '' },
  });
  expect(made.status()).toBe(201);
  const number = ((await made.json()) as { id: string }).id.slice(-8).toUpperCase();
  await searchBookings(page, email);
  const card = page.getByTestId(`booking-${number}`);
  await expect(card.getByLabel('Payment: Unpaid')).toBeVisible();
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  await expect(page.getByRole('dialog', { name: 'Cancel this booking?' }).getByText(/nothing is refunded/)).toBeVisible();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep booking' }).click();

  // The long unbroken name does not widen the page on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/owner-bookings-long-name-390.png', fullPage: true });

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: width === 1280 ? 800 : 768 });
    await page.goto('/admin/customers');
    await expect(page.getByRole('table', { name: 'Customers' })).toBeVisible();
    await expectInside(page, 'Delete');
    await expectInside(page, /Reset Password/);
    await page.screenshot({ path: `test-results/screenshots/owner-customers-${width}.png` });
  }
});

test('the admin page shows Live and refreshes itself when a booking changes elsewhere', async ({ page }) => {
  const day = addDays(mondayInWeeks(15), 3);
  await adminLogin(page);
  expect((await page.request.post('/api/admin/business-availability', { data: { date: day, startTime: '09:00', endTime: '17:00', maxCapacity: 2 } })).status()).toBe(201);
  const email = uniqueEmail('live');
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: 'Live Larry', customerEmail: email, customerPhone: '', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: day, time: '11:00', notes: '' },
  });
  const id = ((await made.json()) as { id: string }).id;
  await searchBookings(page, email);
  const card = page.getByTestId(`booking-${id.slice(-8).toUpperCase()}`);
  await expect(card).toBeVisible();
  await expect(page.getByTestId('staff-live')).toHaveAttribute('data-state', 'live');
  // Someone else (another tab, the API) changes the booking: the open page follows without a reload.
  expect((await page.request.patch(`/api/bookings/${id}/status`, { data: { status: 'in_progress', message: 'Started from another device' } })).status()).toBe(200);
  await expect(card.getByText('Started from another device')).toBeVisible({ timeout: 10_000 });
});
