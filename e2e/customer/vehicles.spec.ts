import { expect, test, type Page } from '../support/test';
import { uniqueEmail } from '../support/helpers';

/** A fresh customer, signed in through the API (the page shares the cookies). */
async function newCustomer(page: Page) {
  const response = await page.request.post('/api/auth/register', { data: { fullName: 'Vera Vehicle', email: uniqueEmail('vehicles'), phone: '4085550166', password: 'vehicles-e2e-pass' } });
  expect(response.status(), await response.text()).toBe(201);
}

test('a customer adds a vehicle with the size suggested by the catalogue, edits it, and deletes it after a confirm', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Vehicles' }).click();
  await expect(page).toHaveURL(/\/vehicles$/);
  await expect(page.getByText('No saved vehicles')).toBeVisible();

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Add New' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Vehicle' });
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(dialog.getByText('Make is required')).toBeVisible();
  await expect(dialog.getByText('Please choose a size')).toBeVisible();

  // Make and model from the catalogue choose the usual size class.
  await dialog.getByLabel('Make').fill('Honda');
  await dialog.getByLabel('Model').fill('CR-V');
  await expect(dialog.getByRole('radio', { name: /^SUV/ })).toBeChecked();
  await expect(dialog.getByText('Usually SUV for this model')).toBeVisible();
  await dialog.getByLabel('Year (optional)').fill('2019');
  await dialog.getByLabel('Color (optional)').fill('Blue');
  await dialog.getByLabel('License plate (optional)').fill('7abc 123');
  await dialog.getByRole('button', { name: 'Add Vehicle' }).click();
  await expect(page.getByText('Vehicle added')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByTestId('vehicle-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('2019 Honda CR-V');
  await expect(card).toContainText('Blue · Plate 7ABC123');
  await expect(card.getByText('SUV', { exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/account-vehicles.png', fullPage: true });

  // A lifted truck is oversize whatever the catalogue says: the customer's pick stands.
  await page.getByRole('button', { name: 'Edit 2019 Honda CR-V' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Vehicle' });
  await expect(edit.getByLabel('Make')).toHaveValue('Honda');
  await edit.getByLabel('Make').fill('Ford');
  await edit.getByLabel('Model').fill('F-150');
  await edit.getByRole('radio', { name: /^Oversize/ }).check();
  await edit.getByLabel('Notes for the detailer (optional)').fill('Lifted 4 inches');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Vehicle updated')).toBeVisible();
  await page.reload();
  await expect(card).toContainText('2019 Ford F-150');
  await expect(card.getByText('Oversize', { exact: true })).toBeVisible();
  await expect(card).toContainText('Lifted 4 inches');

  // Delete asks first; keeping it changes nothing.
  await page.getByRole('button', { name: 'Delete 2019 Ford F-150' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this vehicle?' });
  await expect(confirm).toContainText('2019 Ford F-150 will be removed from your account');
  await confirm.getByRole('button', { name: 'Keep It' }).click();
  await expect(confirm).toBeHidden();
  await expect(card).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete 2019 Ford F-150' }).click();
  await page.getByRole('dialog', { name: 'Delete this vehicle?' }).getByRole('button', { name: 'Delete Vehicle' }).click();
  await expect(page.getByText('Vehicle deleted')).toBeVisible();
  await expect(page.getByText('No saved vehicles')).toBeVisible();
  await page.reload();
  await expect(page.getByText('No saved vehicles')).toBeVisible();
});
