import { expect, test } from '../support/test';
import { latestMail, uniqueEmail } from '../support/helpers';
import { adminLogin } from './admin-support';

// The machine running the suite is shared and slow; these walk through several pages each.
test.describe.configure({ timeout: 90_000 });

test('on a phone the admin finds a customer, edits them, sends a reset, creates a user and deletes one', async ({ page, request }) => {
  const email = uniqueEmail('quinn');
  const tag = Math.random().toString(36).slice(2, 7);
  const registered = await request.post('/api/auth/register', { data: { fullName: `Quinn ${tag}`, email, phone: '6505550147', password: 'quinn-password' } });
  expect(registered.status()).toBe(201);

  await adminLogin(page);
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Customers' }).click();
  await expect(page.getByRole('heading', { name: 'Customer Management' })).toBeVisible();

  // Search: name case-insensitively; phone as a substring.
  await page.getByLabel('Search customers').fill(`QUINN ${tag.toUpperCase()}`);
  await expect(page.getByTestId('customer-count')).toHaveText('1 customer');
  const cards = page.getByRole('list', { name: 'Customers' });
  await expect(cards.getByText(email)).toBeVisible();
  await expect(page.getByRole('table', { name: 'Customers' })).toBeHidden(); // cards, not the table, on a phone
  await page.getByLabel('Search customers').fill(email.toUpperCase());
  await expect(page.getByTestId('customer-count')).toHaveText('1 customer');
  await page.screenshot({ path: 'test-results/screenshots/admin-customers-phone.png', fullPage: true });

  // Edit.
  await cards.getByRole('button', { name: `Edit Quinn ${tag}` }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Customer' });
  await edit.getByLabel('Full Name *').fill('');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await edit.getByLabel('Full Name *').fill(`Quinn ${tag} Renamed`);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Customer updated')).toBeVisible();
  await expect(cards.getByText(`Quinn ${tag} Renamed`)).toBeVisible();

  // Reset Password e-mails a working link.
  await cards.getByRole('button', { name: `Reset password of Quinn ${tag} Renamed` }).click();
  await expect(page.getByText('Password reset sent')).toBeVisible();
  const mail = await latestMail(page.request, email, /reset/i);
  expect(mail.links.some((l) => l.includes('/reset-password?token='))).toBe(true);

  // Delete: personal data erased, the customer is gone from the list.
  await cards.getByRole('button', { name: `Delete Quinn ${tag} Renamed` }).click();
  await page.getByRole('dialog', { name: 'Delete customer?' }).getByRole('button', { name: 'Delete Customer' }).click();
  await expect(page.getByText('Customer deleted', { exact: true })).toBeVisible();
  await expect(page.getByText('No customers found')).toBeVisible();
  expect((await request.post('/api/auth/login', { data: { email, password: 'quinn-password' } })).status()).toBe(401);

  // Create User: no password is shown; the customer is welcomed by e-mail with a link to choose one.
  const walkIn = uniqueEmail('walkin');
  await page.getByRole('button', { name: 'Create User' }).click();
  const create = page.getByRole('dialog', { name: 'Create User' });
  await create.getByLabel('Full Name *').fill('Walk In Customer');
  await create.getByLabel('Email *').fill(walkIn);
  await create.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByText(`${walkIn} was e-mailed a link to choose a password.`)).toBeVisible();
  await expect(page.getByText(/temporary password/i)).toHaveCount(0);
  const welcome = await latestMail(page.request, walkIn, /welcome/i);
  const token = new URL(welcome.links.find((l) => l.includes('/reset-password?token='))!).searchParams.get('token')!;
  expect((await request.post('/api/auth/reset-password', { data: { token, newPassword: 'walk-in-password' } })).status()).toBe(200);
  expect((await request.post('/api/auth/login', { data: { email: walkIn, password: 'walk-in-password' } })).status()).toBe(200);
});
