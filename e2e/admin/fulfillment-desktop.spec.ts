import { expect, test } from '../support/test';
import { ensureTomorrowOpen, storeSynced, tomorrowKey } from '../support/booking-flow';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the admin sees paid store orders, opens one and creates its booking; the order moves to Linked to Booking', async ({ page, request }) => {
  // The demo store's paid order #1272 for Marcus Chen (the customer spec schedules #1276 in the same run).
  const orderNumber = '1272';
  await storeSynced(request);
  await ensureTomorrowOpen(request, 'Full Detail');

  await adminLogin(page, '/admin/fulfillment');
  await expect(page.getByRole('heading', { name: 'Order Fulfillment' })).toBeVisible();
  const stats = page.getByRole('list', { name: 'Fulfillment summary' });
  for (const label of ['Total Orders', 'Paid Orders', 'Linked to Bookings', 'Pending Fulfillment', 'Completed Services']) await expect(stats.getByLabel(label)).toBeVisible();
  // The figures arrive after the labels: the count is read once it is a number.
  const linkedCount = stats.getByLabel('Linked to Bookings').locator('span.text-2xl');
  await expect(linkedCount).toHaveText(/^\d+$/);
  const linkedBefore = Number(await linkedCount.innerText());
  await expect(page.getByRole('tab', { name: /Pending Fulfillment \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole('tab', { name: /All Orders \(\d+\)/ })).toBeVisible();

  const card = page.getByLabel(`Order #${orderNumber}`);
  await expect(card.getByText('Paid')).toBeVisible();
  await expect(card.getByText('Unfulfilled')).toBeVisible();
  await expect(card.getByText(/ × 1$/).first()).toBeVisible();
  // Each line says what it books.
  await expect(card.getByRole('list', { name: 'Line items' }).getByText('Headlight Restoration', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: `View order #${orderNumber}` }).click();
  const details = page.getByRole('dialog', { name: `Order #${orderNumber}` });
  await expect(details.getByText('marcus.chen@example.com')).toBeVisible();
  await expect(details.getByText('No booking yet.')).toBeVisible();
  await details.getByRole('button', { name: 'Close' }).click();

  await card.getByRole('button', { name: `Create booking for order #${orderNumber}` }).click();
  const dialog = page.getByRole('dialog', { name: `Create Booking for Order #${orderNumber}` });
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Missing Information')).toBeVisible();
  // The order's products preselect what it books (Interior Refresh + Headlight Restoration): no service to choose.
  await expect(dialog.getByRole('checkbox', { name: /^Interior Refresh – \$89\.00/ })).toBeChecked();
  await expect(dialog.getByRole('checkbox', { name: /^Headlight Restoration – \$69\.00/ })).toBeChecked();
  await expect(dialog.getByLabel('Service *')).toHaveCount(0);
  await dialog.getByLabel('Scheduled date and time (Pacific) *').fill(`${tomorrowKey()}T13:00`);
  await dialog.getByLabel('Notes').fill('Customer prefers the afternoon');
  await page.screenshot({ path: 'test-results/screenshots/admin-fulfillment-create.png' });
  await dialog.getByRole('button', { name: 'Create Booking' }).click();
  await expect(page.getByText('Booking Created', { exact: true })).toBeVisible();
  await expect(dialog).toBeHidden();

  await expect(linkedCount).toHaveText(String(linkedBefore + 1));
  await page.getByRole('tab', { name: /All Orders/ }).click();
  const linked = page.getByLabel(`Order #${orderNumber}`);
  await expect(linked.getByText('Linked to Booking')).toBeVisible();
  await expect(linked.getByText(/Booking: .*1:00 PM/)).toBeVisible();
  await expect(linked.getByRole('button', { name: `Create booking for order #${orderNumber}` })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/admin-fulfillment.png' });

  // Not fulfilled until its booking is completed.
  await page.getByRole('tab', { name: 'Fulfilled Orders' }).click();
  await expect(page.getByRole('tab', { name: 'Fulfilled Orders' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByLabel(`Order #${orderNumber}`)).toHaveCount(0);
});
