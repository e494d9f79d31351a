import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';

test('a customer adds a card from the account through the payment provider, then a second from Add New', async ({ page }) => {
  await page.goto('/');
  const response = await page.request.post('/api/auth/register', { data: { fullName: 'Casey Cards', email: uniqueEmail('cards'), phone: '4085550177', password: 'cards-e2e-pass' } });
  expect(response.status(), await response.text()).toBe(201);

  await page.goto('/payment-methods');
  await expect(page.getByText('No saved cards')).toBeVisible();
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  await expect(dialog.getByText('Nothing is charged now.', { exact: false })).toBeVisible();
  await dialog.getByLabel('Card number').fill('4242424242424242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1233');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Card saved')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('card-row')).toHaveCount(1);
  // One wording for a card everywhere (issue 27): the list says it as checkout and the receipt do.
  await expect(page.getByTestId('card-row')).toContainText('Visa ending 4242');
  await expect(page.getByTestId('card-row')).toContainText('12/2033');

  // A declined card is not kept, and says why.
  await page.getByRole('button', { name: 'Add New' }).click();
  await dialog.getByLabel('Card number').fill('4000 0000 0000 0002');
  await dialog.getByLabel('Expiry (MM/YY)').fill('1133');
  await dialog.getByLabel('CVC').fill('123');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByText('Your card was declined.')).toBeVisible();
  await dialog.getByLabel('Card number').fill('5555 5555 5555 4444');
  await dialog.getByRole('button', { name: 'Save Card' }).click();
  await expect(page.getByTestId('card-row')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/screenshots/payment-methods-added.png', fullPage: true });
});
