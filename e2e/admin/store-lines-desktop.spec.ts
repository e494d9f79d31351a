import { expect, test } from '../support/test';
import { storeSynced } from '../support/booking-flow';
import { bookTwoServiceOrder, TWO_SERVICE_ORDER } from '../support/store-lines';
import { adminLogin, searchBookings } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('on /admin/shopify the admin sees what each store product books and changes a product’s vehicle size', async ({ page, request }) => {
  await storeSynced(request);
  await adminLogin(page, '/admin/shopify');
  await page.getByRole('tab', { name: 'Products' }).click();
  const products = page.getByRole('list', { name: 'Store products' });
  const petHair = products.getByLabel('Product Pet hair removal');
  await expect(petHair.getByText('Books Pet hair removal')).toBeVisible();
  await expect(products.getByLabel('Product Interior Refresh').getByText('Books Interior Refresh')).toBeVisible();
  await expect(products.getByLabel('Product Microfiber towel pack').getByText('Not booked', { exact: true })).toBeVisible();
  await expect(products.getByLabel('Product Microfiber towel pack').getByLabel('What Microfiber towel pack books')).toHaveValue('');

  // The pet hair product is sold for oversize vehicles: saved, and still so after a reload.
  const size = petHair.getByLabel('Vehicle size for Pet hair removal');
  await size.selectOption('oversize');
  await petHair.getByRole('button', { name: 'Save mapping for Pet hair removal' }).click();
  await expect(page.getByText('Mapping saved')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-store-products.png', fullPage: true });
  await page.reload();
  await page.getByRole('tab', { name: 'Products' }).click();
  await expect(page.getByLabel('Vehicle size for Pet hair removal')).toHaveValue('oversize');

  // Back to the default size, as the demo store has it.
  await page.getByLabel('Vehicle size for Pet hair removal').selectOption('');
  await page.getByRole('button', { name: 'Save mapping for Pet hair removal' }).click();
  await expect(page.getByLabel('Product Pet hair removal').getByLabel('Vehicle size for Pet hair removal')).toHaveValue('');
  const listed = (await (await page.request.get('/api/admin/shopify/products?pageSize=100')).json()) as { items: Array<{ title: string; mapping: { sizeClass: string | null } | null }> };
  expect(listed.items.find((p) => p.title === 'Pet hair removal')?.mapping?.sizeClass).toBeNull();
});

test("a store order of two services and an add-on is one booking whose admin card shows every line", async ({ page, request }) => {
  const { bookingId } = await bookTwoServiceOrder(request);
  const number = bookingId.slice(-8).toUpperCase();
  await adminLogin(page);
  await searchBookings(page, TWO_SERVICE_ORDER.email);
  const card = page.getByLabel(`Booking #${number}`);
  const lines = card.getByRole('region', { name: 'What is booked' });
  await expect(lines.getByText('Full Detail')).toBeVisible();
  await expect(lines.getByText('Pet hair removal')).toBeVisible();
  await expect(lines.getByText('Headlight Restoration')).toBeVisible();
  await expect(lines.getByRole('heading', { name: 'Sedan' })).toHaveCount(2);
  await expect(lines.getByText('Total')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-booking-lines.png', fullPage: true });
});
