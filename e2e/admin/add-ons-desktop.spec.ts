import { expect, test } from '../support/test';
import { adminLogin, serviceId } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the admin prices a service for SUVs and adds an add-on that the service then lists', async ({ page }) => {
  const request = page.request;
  await adminLogin(page, '/admin/services');
  const engineBay = await serviceId(request, 'Engine Bay Detail');

  // The size table: an SUV price and time; Sedan and Oversize stay empty (the base).
  await page.getByRole('button', { name: 'Edit Engine Bay Detail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await dialog.getByLabel('SUV price').fill('94.00');
  await dialog.getByLabel('SUV minutes').fill('75');
  await dialog.getByLabel('Oversize price').fill('');
  await dialog.getByRole('button', { name: 'Update Service' }).click();
  await expect(page.getByText('Service updated successfully')).toBeVisible();
  const service = await (await request.get(`/api/services/${engineBay}`)).json();
  expect(service.sizePrices).toEqual({ sedan: { price: null, duration: null }, suv: { price: '94.00', duration: 75 }, oversize: { price: null, duration: null } });
  await page.getByRole('button', { name: 'Edit Engine Bay Detail' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Service' }).getByLabel('SUV price')).toHaveValue('94.00');
  await page.keyboard.press('Escape');

  // A new add-on, priced by size and offered with that service.
  const name = `Undercarriage rinse ${Math.random().toString(36).slice(2, 6)}`;
  const addOns = page.getByRole('region', { name: 'Add-ons' });
  await addOns.getByRole('button', { name: 'Add Add-on' }).click();
  const create = page.getByRole('dialog', { name: 'Create Add-on' });
  await create.getByLabel('Name *').fill(name);
  await create.getByLabel('Description', { exact: true }).fill('Salt and mud off the underside.');
  await create.getByLabel('Base price ($) *').fill('25');
  await create.getByLabel('Minutes *').fill('20');
  await create.getByLabel('SUV price').fill('30');
  await create.getByLabel('Oversize price').fill('40');
  await create.getByLabel('Engine Bay Detail').check();
  await create.getByRole('button', { name: 'Create Add-on' }).click();
  await expect(page.getByText('Add-on created')).toBeVisible();
  const card = addOns.getByRole('listitem').filter({ hasText: name });
  await expect(card).toContainText('Sedan $25.00');
  await expect(card).toContainText('SUV $30.00');
  await expect(card).toContainText('Oversize $40.00');
  await expect(card).toContainText('For Engine Bay Detail');
  await page.screenshot({ path: 'test-results/screenshots/admin-add-ons.png', fullPage: true });

  const listed = async () => ((await (await request.get(`/api/services/${engineBay}`)).json()).addOns as Array<{ name: string; prices: unknown; minutes: number }>).find((a) => a.name === name);
  expect(await listed()).toMatchObject({ prices: { sedan: '25.00', suv: '30.00', oversize: '40.00' }, minutes: 20 });

  // Delete asks first.
  await card.getByRole('button', { name: `Delete ${name}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete this add-on?' });
  await confirm.getByRole('button', { name: 'Delete Add-on' }).click();
  await expect(page.getByText('Add-on deleted')).toBeVisible();
  await expect(card).toHaveCount(0);
  expect(await listed()).toBeUndefined();
});
