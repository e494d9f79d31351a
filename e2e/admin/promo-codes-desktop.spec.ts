import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test('the office creates a promo code under Marketing, sees it listed, and switches it off', async ({ page }) => {
  await adminLogin(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Marketing' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/offer$/);
  await page.getByRole('navigation', { name: 'Marketing' }).getByRole('link', { name: 'Promo codes' }).click();
  await expect(page).toHaveURL(/\/admin\/marketing\/promo-codes$/);

  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await page.getByRole('button', { name: 'New promo code' }).click();
  const form = page.getByRole('dialog', { name: 'New promo code' });
  await form.getByLabel('Code', { exact: true }).fill(code);
  await form.getByRole('radio', { name: 'Amount off' }).check();
  await form.getByLabel('Amount off ($)').fill('7.50');
  await form.getByLabel('Valid to').fill('2031-12-31');
  await form.getByLabel('Max uses').fill('25');
  await form.getByRole('checkbox', { name: 'Once per customer' }).check();
  await form.getByRole('button', { name: 'Save promo code' }).click();
  await expect(page.getByText(`${code} created`)).toBeVisible();

  const row = page.getByRole('row', { name: `Promo code ${code}` });
  await expect(row.getByText('$7.50 off')).toBeVisible();
  await expect(row.getByText('Once per customer')).toBeVisible();
  await expect(row.getByText('All services')).toBeVisible();
  await expect(row.getByText('Until Dec 31, 2031')).toBeVisible();
  await expect(row.getByText('0 / 25')).toBeVisible();
  await expect(row.getByText('Active')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-promo-codes-1280.png', fullPage: true });

  // The same code again is refused with the server's words.
  await page.getByRole('button', { name: 'New promo code' }).click();
  const again = page.getByRole('dialog', { name: 'New promo code' });
  await again.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await again.getByLabel('Percentage off (%)').fill('10');
  await again.getByRole('button', { name: 'Save promo code' }).click();
  await expect(page.getByText('The promo code was not saved')).toBeVisible();
  await again.getByRole('button', { name: 'Cancel' }).click();

  await row.getByRole('button', { name: 'Switch off' }).click();
  await expect(row.getByText('Off', { exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Switch on' })).toBeVisible();
});
