import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, serviceId } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the owner opens a phone customer’s record, keeps a note on it and sees their history', async ({ page }) => {
  await adminLogin(page);
  const tag = Date.now().toString(36);
  const name = `Paula Phone ${tag}`;
  const email = uniqueEmail('paula-phone');
  const service = await serviceId(page.request, 'Headlight Restoration');
  const ids: string[] = [];
  for (const [days, time] of [[1, '10:00'], [2, '11:00']] as const) {
    const made = await page.request.post('/api/admin/appointments', {
      data: { customerName: name, customerEmail: email, customerPhone: '4085550191', serviceId: service, date: addDays(mondayInWeeks(17), days), time, payment: 'on_site' },
    });
    expect(made.status()).toBe(201);
    ids.push(((await made.json()) as { id: string }).id);
  }

  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill('555-0191');
  await expect(page.getByTestId('customer-count')).toHaveText('1 customer');
  const table = page.getByRole('table', { name: 'Customers' });
  await expect(table.getByRole('row').filter({ hasText: name }).getByText('Phone', { exact: true })).toBeVisible(); // the source badge
  await table.getByRole('link', { name }).click();

  await expect(page).toHaveURL(/\/admin\/customers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const history = page.getByRole('table', { name: 'Booking history' });
  for (const id of ids) await expect(history.getByText(`#${id.slice(-8).toUpperCase()}`)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings (2)' })).toBeVisible();

  await page.getByLabel('Notes').fill('Calls from the office line. Prefers mornings.');
  await page.getByLabel('Tags (comma separated)').fill('fleet, vip');
  await page.getByRole('button', { name: 'Save Notes' }).click();
  await expect(page.getByText('Notes saved')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-client-record-1280.png', fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  await page.reload();
  await expect(page.getByLabel('Notes')).toHaveValue('Calls from the office line. Prefers mornings.');
  await expect(page.getByLabel('Tags', { exact: true }).getByText('vip')).toBeVisible();
});

test('the owner merges a phone customer into their account and the duplicate leaves the list', async ({ page }) => {
  await adminLogin(page);
  const tag = Date.now().toString(36);
  const email = uniqueEmail('mia-merge');
  const created = await page.request.post('/api/admin/users', { data: { fullName: `Mia Merge ${tag}`, email } });
  expect(created.status()).toBe(201);
  const made = await page.request.post('/api/admin/appointments', {
    data: { customerName: `Mia M ${tag}`, customerEmail: uniqueEmail('mia-work'), customerPhone: '4085550192', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: addDays(mondayInWeeks(17), 3), time: '13:00', payment: 'on_site' },
  });
  expect(made.status()).toBe(201);

  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill(`Mia M ${tag}`);
  await page.getByRole('table', { name: 'Customers' }).getByRole('link', { name: `Mia M ${tag}` }).click();
  await page.getByRole('button', { name: 'Merge…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Merge customer' });
  await dialog.getByLabel('Find the other customer').fill(email);
  await dialog.getByRole('radio').first().check();
  await expect(dialog.getByText('This cannot be undone.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Merge' }).click();
  await expect(page.getByText('Customers merged')).toBeVisible();
  await expect(page.getByRole('heading', { name: `Mia Merge ${tag}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bookings (1)' })).toBeVisible();

  await page.goto('/admin/customers');
  await page.getByLabel('Search customers').fill(`${tag}`);
  await expect(page.getByTestId('customer-count')).toHaveText('1 customer');
});
