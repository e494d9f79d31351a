import { expect, test, type Page } from '../support/test';
import { uniqueEmail } from '../support/helpers';

/** A fresh customer, signed in through the API (the page shares the cookies). */
async function newCustomer(page: Page, fullName = 'Avery Account') {
  const email = uniqueEmail('account');
  const response = await page.request.post('/api/auth/register', { data: { fullName, email, phone: '4085550144', password: 'account-e2e-pass' } });
  expect(response.status(), await response.text()).toBe(201);
  return { email, password: 'account-e2e-pass' };
}

test('a customer edits the profile and sees it after a reload', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
  await page.getByLabel('Full Name').fill('Jordan Quinn');
  await page.getByLabel('Phone').fill('(408) 555-0188');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Profile updated')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveText('JQ');

  await page.reload();
  await expect(page.getByLabel('Full Name')).toHaveValue('Jordan Quinn');
  await expect(page.getByLabel('Phone')).toHaveValue('(408) 555-0188');
  await page.screenshot({ path: 'test-results/screenshots/account-profile.png', fullPage: true });

  await page.goto('/account');
  await expect(page.getByRole('heading', { name: 'Jordan Quinn' })).toBeVisible();
  await expect(page.getByText('(unverified)')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/account-hub.png', fullPage: true });
});

test('a customer adds two addresses, deletes the default and the other becomes the default', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/addresses');
  await expect(page.getByText('No saved addresses')).toBeVisible();

  const addAddress = async (street: string, zip: string) => {
    await page.getByRole('button', { name: 'Add New' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Address' });
    await dialog.getByLabel('Street').fill(street);
    await dialog.getByLabel('City').fill('San Jose');
    await dialog.getByLabel('State').fill('CA');
    await dialog.getByLabel('ZIP Code').fill(zip);
    await dialog.getByRole('button', { name: 'Add Address' }).click();
    await expect(page.getByText('Address added successfully').first()).toBeVisible();
    await expect(dialog).toBeHidden();
  };

  // The form says what is missing before anything is sent.
  await page.getByRole('button', { name: 'Add New' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Add Address' }).click();
  await expect(page.getByText('Street is required')).toBeVisible();
  await page.keyboard.press('Escape');

  await addAddress('425 Park Ave', '95110');
  await addAddress('1 Market St', '95113');
  const cards = page.getByTestId('address-card');
  await expect(cards).toHaveCount(2);
  await expect(cards.filter({ hasText: '425 Park Ave' }).getByText('Default')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/account-addresses.png', fullPage: true });

  await page.getByRole('button', { name: 'Delete 425 Park Ave' }).click();
  await expect(page.getByText('Address deleted successfully')).toBeVisible();
  await page.reload();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('1 Market St');
  await expect(cards.first().getByText('Default')).toBeVisible();
});

test('switches to Spanish and sees the home page in Spanish, and the choice follows the account', async ({ page, context }) => {
  const customer = await newCustomer(page, 'Sofia Idioma');
  await page.goto('/settings');
  await page.getByLabel('Language').selectOption('es');
  await expect(page.getByText('Ajuste actualizado')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ajustes' })).toBeVisible();

  await page.getByRole('link', { name: 'Inicio' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Reservas' })).toBeVisible();

  // Signed out, the home page greets in Spanish.
  await page.request.post('/api/auth/logout');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Comenzar' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar como invitado' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/home-spanish.png', fullPage: true });

  // A fresh browser (nothing stored) takes the language from the account at sign-in.
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await page.getByLabel('Email').fill(customer.email);
  await page.getByLabel('Password').fill(customer.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Inicio' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Cuenta' })).toBeVisible();
  expect(await context.pages()[0]!.evaluate(() => localStorage.getItem('glint.language'))).toBe('es');
});

test('the dark theme is saved with the account and applied', async ({ page }) => {
  await newCustomer(page);
  await page.goto('/settings');
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.getByText('Setting updated')).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await expect(page.getByLabel('Theme')).toHaveValue('dark');
  await expect(page.locator('html')).toHaveClass(/dark/);
});
