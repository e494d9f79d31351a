import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the admin creates a package, assigns it to a new customer and marks a service used', async ({ page }) => {
  await adminLogin(page, '/admin/packages');
  const name = `Wash Pack ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByRole('button', { name: 'Create Package' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Package' });
  await dialog.getByLabel('Package name *').fill(name);
  await dialog.getByLabel('Service *').selectOption({ label: 'Express Exterior Wash' });
  await dialog.getByLabel('Number of services *').fill('5');
  // The regular price starts as the service's price × the count.
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ name: string; price: string }>;
  const express = services.find((s) => s.name === 'Express Exterior Wash')!;
  await expect(dialog.getByLabel('Regular price ($) *')).toHaveValue(((Math.round(Number(express.price) * 100) * 5) / 100).toFixed(2));
  await dialog.getByLabel('Regular price ($) *').fill('200');
  await dialog.getByLabel('Package price ($) *').fill('160');
  await dialog.getByLabel('Regular price ($) *').focus();
  await expect(dialog.getByLabel('Discount (%)')).toHaveValue('20.00');
  await dialog.getByRole('button', { name: 'Create Package' }).click();
  await expect(page.getByText('Package created')).toBeVisible();
  const card = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').filter({ hasText: name });
  await expect(card.getByText('5 x Express Exterior Wash')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-packages.png' });

  await card.getByRole('button', { name: `Assign ${name}` }).click();
  const assign = page.getByRole('dialog', { name: `Assign ${name}` });
  await assign.getByRole('button', { name: 'Assign Package' }).click();
  await expect(page.getByText('Please select a customer or create a new one')).toBeVisible();
  await assign.getByLabel('New customer').check();
  const email = uniqueEmail('pack');
  await assign.getByLabel('Full name *').fill('Pat Package');
  await assign.getByLabel('Email *').fill(email);
  await assign.getByRole('button', { name: 'Assign Package' }).click();
  await expect(page.getByText('Package assigned')).toBeVisible();

  await page.goto('/admin/package-purchases');
  await page.getByLabel('Search purchases').fill(email);
  const purchase = page.getByRole('article').or(page.locator('li')).filter({ hasText: email }).first();
  await expect(purchase.getByText('Complimentary').first()).toBeVisible();
  await purchase.getByRole('button', { name: 'Mark Service Used' }).click();
  await page.getByRole('dialog', { name: 'Mark Service Used' }).getByLabel('Notes').fill('Washed at the shop');
  await page.getByRole('button', { name: 'Mark Used' }).click();
  await expect(page.getByText('4 remaining')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-package-purchases.png' });
});

test('the admin assigns a package paid by card to an existing customer', async ({ page, request }) => {
  const email = uniqueEmail('cardpack');
  const registered = await request.post('/api/auth/register', { data: { fullName: 'Casey Card', email, phone: '4085550199', password: 'card-pack-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await adminLogin(page);
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  const name = `Card Pack ${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post('/api/admin/packages', {
    data: { name, serviceId: services.find((s) => s.name === 'Interior Refresh')!.id, serviceCount: 2, originalPrice: '100', packagePrice: '90', sendNotificationEmail: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  await page.goto('/admin/packages');
  const card = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: `Assign ${name}` }).click();
  const assign = page.getByRole('dialog', { name: `Assign ${name}` });
  await assign.getByLabel('Search customers').fill(email);
  await assign.getByLabel('Customer *').selectOption({ label: `Casey Card — ${email}` });
  await assign.getByLabel('Card').check();
  await assign.getByRole('button', { name: 'Continue to Payment' }).click();
  await assign.getByLabel('Card number').fill('4242 4242 4242 4242');
  await assign.getByLabel('Expiry (MM/YY)').fill('12/34');
  await assign.getByLabel('CVC').fill('123');
  await page.screenshot({ path: 'test-results/screenshots/admin-assign-card.png' });
  await assign.getByRole('button', { name: 'Charge $90.00' }).click();
  await expect(page.getByText('Package assigned')).toBeVisible();

  await page.goto('/admin/package-purchases');
  await page.getByLabel('Search purchases').fill(email);
  const purchase = page.getByRole('article').or(page.locator('li')).filter({ hasText: email }).first();
  await expect(purchase).toBeVisible();
  await expect(purchase.getByText('Complimentary')).toHaveCount(0);
});

test('a package paid in cash is recorded as cash and counted in the money received today', async ({ page }) => {
  await adminLogin(page);
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  const name = `Cash Pack ${Math.random().toString(36).slice(2, 6)}`;
  const created = await page.request.post('/api/admin/packages', {
    data: { name, serviceId: services.find((s) => s.name === 'Express Exterior Wash')!.id, serviceCount: 3, originalPrice: '120', packagePrice: '99', sendNotificationEmail: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  const before = (await (await page.request.get('/api/admin/dashboard')).json()) as { received: { today: string } };

  await page.goto('/admin/packages');
  const card = page.getByRole('list', { name: 'Packages' }).getByRole('listitem').filter({ hasText: name });
  await card.getByRole('button', { name: `Assign ${name}` }).click();
  const assign = page.getByRole('dialog', { name: `Assign ${name}` });
  await assign.getByLabel('New customer').check();
  const email = uniqueEmail('cashpack');
  await assign.getByLabel('Full name *').fill('Cass Cash');
  await assign.getByLabel('Email *').fill(email);
  await assign.getByLabel('Cash').check();
  await expect(assign.getByLabel('Amount received ($) *')).toHaveValue('99.00');
  await page.screenshot({ path: 'test-results/screenshots/admin-package-assign-cash.png' });
  await assign.getByRole('button', { name: 'Assign Package' }).click();
  await expect(page.getByText('Package assigned')).toBeVisible();

  await page.goto('/admin/package-purchases');
  await page.getByLabel('Search purchases').fill(email);
  const purchase = page.locator('li').filter({ hasText: email }).first();
  await expect(purchase.getByText('$99.00 by cash')).toBeVisible();
  await expect(purchase.getByRole('button', { name: 'Refund' })).toHaveCount(0);

  await page.goto('/admin/dashboard');
  const cents = Math.round(Number(before.received.today) * 100) + 9900;
  await expect(page.getByTestId('stat-received-today')).toHaveText(`$${Math.floor(cents / 100).toLocaleString('en-US')}.${String(cents % 100).padStart(2, '0')}`);
});
