import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 120_000 });

test('the admin syncs the demo store and sees its customers, orders and webhooks', async ({ page }) => {
  await adminLogin(page, '/admin/shopify');
  await expect(page.getByRole('heading', { name: 'Shopify Integration' })).toBeVisible();
  await expect(page.getByText('Demo store', { exact: true })).toBeVisible();
  // A fresh demo database imported the store at start-up; wait for that first run to end.
  await expect(page.getByTestId('sync-state')).toHaveText(/Completed|Idle/, { timeout: 60_000 });

  // Reset (after a confirmation: it throws the progress away), so the next run is a full import again.
  await page.getByRole('button', { name: 'Reset Progress' }).click();
  const confirm = page.getByRole('dialog', { name: 'Reset sync progress?' });
  await expect(confirm).toBeVisible();
  await expect(page.getByTestId('sync-state')).not.toHaveText('Idle');
  await confirm.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByText('Progress Reset', { exact: true })).toBeVisible();
  await expect(page.getByTestId('sync-state')).toHaveText('Idle');
  await expect(page.getByTestId('synced-customers')).toContainText('0 of 0 synced');

  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByTestId('sync-state')).toHaveText('Running');
  await expect(page.getByRole('button', { name: 'Start Sync' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Reset Progress' })).toBeDisabled();
  await expect(page.getByRole('progressbar', { name: 'Sync progress' })).toBeVisible();
  await expect(page.getByText('Sync Started', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-shopify-running.png' });

  // Polled every 2 s until it ends.
  await expect(page.getByTestId('sync-state')).toHaveText('Completed', { timeout: 60_000 });
  await expect(page.getByTestId('synced-customers')).toContainText('6 of 6 synced');
  // Six orders, #1277 and #1278 whose lines book services and an add-on (decision 044), and #1279 of two services.
  await expect(page.getByTestId('synced-orders')).toContainText('9 of 9 synced');
  await expect(page.getByRole('button', { name: 'Start Sync' })).toBeEnabled();
  await expect(page.getByLabel('Customers', { exact: true }).getByText('6')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-shopify-overview.png' });

  // A second run reads only what changed: nothing did, and the page says so instead of "0 of 0 synced".
  await page.getByRole('button', { name: 'Start Sync' }).click();
  await expect(page.getByTestId('sync-up-to-date')).toContainText('Up to date — nothing changed since', { timeout: 60_000 });
  await expect(page.getByText('0 of 0 synced')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Customers' }).click();
  const customers = page.getByRole('table', { name: 'Store customers' });
  await expect(customers.getByRole('row').filter({ hasText: 'jordan.rivera@example.com' })).toContainText('Jordan Rivera');

  await page.getByRole('tab', { name: 'Orders' }).click();
  const order = page.getByRole('table', { name: 'Store orders' }).getByRole('row').filter({ hasText: '#1276' });
  await expect(order).toContainText('jordan.rivera@example.com');
  await expect(order).toContainText('paid');
  await page.screenshot({ path: 'test-results/screenshots/admin-shopify-orders.png' });

  await page.getByRole('tab', { name: 'Webhooks' }).click();
  await expect(page.getByText('No webhook events found.')).toBeVisible();
  await page.getByRole('button', { name: 'Register Webhooks' }).click();
  await expect(page.getByText('Webhooks Registered', { exact: true })).toBeVisible();
  await expect(page.getByText('9 webhooks registered')).toBeVisible();
  const registered = page.getByRole('table', { name: 'Registered webhooks' });
  await expect(registered.getByRole('row')).toHaveCount(10);
  await expect(registered.getByRole('row').filter({ hasText: 'orders/create' })).toContainText('/api/webhooks/shopify');
  await page.screenshot({ path: 'test-results/screenshots/admin-shopify-webhooks.png' });
});
