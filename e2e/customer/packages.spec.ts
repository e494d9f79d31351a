import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { ADMIN, pacificDay, uniqueEmail } from '../support/helpers';

test.describe.configure({ timeout: 90_000 });

const SERVICE = 'Express Exterior Wash';

function tomorrowKey(): string {
  return pacificDay(1);
}

async function serviceId(request: APIRequestContext, name: string): Promise<string> {
  const list = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  return list.find((s) => s.name === name)!.id;
}

/** The admin (own request context) creates a package for SERVICE; returns its id and name. */
async function createPackage(request: APIRequestContext, count: number, validityMonths: number | null = null) {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const name = `Wash Trio ${Math.random().toString(36).slice(2, 6)}`;
  const created = await request.post('/api/admin/packages', {
    data: { name, description: 'Three exterior washes, prepaid', serviceId: await serviceId(request, SERVICE), serviceCount: count, originalPrice: '135.00', packagePrice: '108.00', validityMonths, isActive: true, sendNotificationEmail: false },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, name };
}

/** A fresh customer, signed in in the page's context. */
async function newCustomer(page: Page): Promise<string> {
  const response = await page.request.post('/api/auth/register', { data: { fullName: 'Parker Prepaid', email: uniqueEmail('prepaid'), phone: '4085550188', password: 'prepaid-e2e-pass' } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { user: { id: string } }).user.id;
}

test('a customer buys a package with the test card and sees it in My Packages', async ({ page, request }) => {
  const pkg = await createPackage(request, 3, 12);
  await page.goto('/packages');
  const card = page.getByRole('listitem').filter({ hasText: pkg.name });
  await expect(card.getByText(`3 x ${SERVICE}`)).toBeVisible();
  await expect(card.getByText('Save 20%')).toBeVisible();
  await expect(card.getByText('You save $27.00')).toBeVisible();
  await expect(card.getByText('Valid for 12 months from purchase')).toBeVisible();

  // Signed out: buying sends the visitor to sign in.
  await card.getByRole('button', { name: 'Purchase Package' }).click();
  await expect(page).toHaveURL(/\/auth/);

  await newCustomer(page);
  await page.goto('/my-packages');
  await expect(page.getByText('No packages yet')).toBeVisible();
  await page.goto('/packages');
  await card.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/screenshots/packages.png', fullPage: true });
  await card.getByRole('button', { name: 'Purchase Package' }).click();
  const dialog = page.getByRole('dialog', { name: `Pay for ${pkg.name}` });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVC').fill('123');
  await page.screenshot({ path: 'test-results/screenshots/packages-pay.png' });
  await dialog.getByRole('button', { name: 'Pay $108.00' }).click();
  await expect(page.getByText('Package Purchased!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-packages$/);
  const active = page.getByRole('list', { name: 'Active Packages' }).getByRole('listitem').filter({ hasText: pkg.name });
  await expect(active.getByText('3 left')).toBeVisible();
  await expect(active.getByText('0 of 3 used')).toBeVisible();
  await expect(active.getByText(/^Expires /)).toBeVisible();
  await expect(active.getByText('Complimentary Package')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/my-packages.png', fullPage: true });
});

test('a customer with a prepaid credit books the service with it and the credit count drops', async ({ page, request }) => {
  const pkg = await createPackage(request, 3);
  await page.goto('/');
  const userId = await newCustomer(page);
  const assigned = await request.post('/api/admin/package-purchases', { data: { userId, packageId: pkg.id, paymentMethod: 'manual', notes: 'e2e' } });
  expect(assigned.status(), await assigned.text()).toBe(201);
  // Tomorrow may be closed in the seeded hours: open it.
  const date = tomorrowKey();
  const slots = (await (await request.get(`/api/services/${await serviceId(request, SERVICE)}/available-slots?date=${date}`)).json()) as unknown[];
  if (slots.length === 0) await request.post('/api/admin/business-availability', { data: { date, startTime: '09:00', endTime: '17:00', maxCapacity: 3 } });

  await page.goto('/my-packages');
  const active = page.getByRole('list', { name: 'Active Packages' }).getByRole('listitem').filter({ hasText: pkg.name });
  await expect(active.getByText('3 left')).toBeVisible();
  await expect(active.getByText('Complimentary Package')).toBeVisible();

  await page.goto('/');
  await page.getByRole('button', { name: new RegExp(SERVICE) }).click();
  await page.getByLabel('Mobile Service').check();
  await page.getByLabel('Service Location').fill('425 Park Ave, San Jose, CA 95110');
  await page.getByRole('listbox', { name: 'Service Location' }).getByRole('button', { name: /425 Park Ave, San Jose, CA 95110/ }).click();
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();

  const use = page.getByRole('button', { name: `Use 1 of your 3 prepaid ${SERVICE}` });
  await expect(use).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  await expect(page.getByText('Prepaid credit')).toBeVisible();
  await expect(page.getByText('$0.00')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/checkout-prepaid.png', fullPage: true });
  await use.click();

  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]{36}/);
  const bookingId = new URL(page.url()).searchParams.get('bookingId')!;
  const booking = (await (await page.request.get(`/api/bookings/guest/${bookingId}`)).json()) as { status: string; paymentStatus: string };
  expect(booking).toMatchObject({ status: 'confirmed', paymentStatus: 'package' });
  // The page says how it was paid, not a total the customer never paid.
  await expect(page.getByText('Paid with a package credit')).toBeVisible();
  await expect(page.getByText('Total Amount')).toHaveCount(0);
  await page.goto('/bookings');
  await expect(page.getByTestId('booking-card').first().getByTestId('paid-with-credit')).toHaveText('Paid with a package credit');

  await page.goto('/my-packages');
  await expect(active.getByText('2 left')).toBeVisible();
  await expect(active.getByText('1 of 3 used')).toBeVisible();
});

test('packages are reachable from Home and Account, and a saved card pays for one without typing it again', async ({ page, request }) => {
  const pkg = await createPackage(request, 2, 6);
  await page.goto('/');
  await newCustomer(page);
  // A card kept from the account (the same setup the Add Card dialog makes).
  const setup = (await (await page.request.post('/api/payment-methods/setup')).json()) as { setupIntentId: string; clientSecret: string };
  const card = await page.request.post('/api/payments/test/confirm-card', { data: { paymentIntentId: setup.setupIntentId, clientSecret: setup.clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2034, cvc: '123' } });
  expect(card.ok(), await card.text()).toBeTruthy();
  expect((await page.request.post('/api/payment-methods/setup/confirm', { data: { setupIntentId: setup.setupIntentId } })).ok()).toBeTruthy();

  await page.goto('/');
  await page.getByRole('link', { name: 'Save with packages' }).click();
  await expect(page).toHaveURL(/\/packages$/);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Service Packages' }).click();
  await expect(page).toHaveURL(/\/packages$/);

  const offer = page.getByRole('listitem').filter({ hasText: pkg.name });
  await offer.getByRole('button', { name: 'Purchase Package' }).click();
  const dialog = page.getByRole('dialog', { name: `Pay for ${pkg.name}` });
  await expect(dialog.getByLabel('Visa ending 4242')).toBeChecked();
  await expect(dialog.getByLabel('Card number')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/packages-saved-card.png' });
  await dialog.getByRole('button', { name: 'Pay $108.00' }).click();
  await expect(page.getByText('Package Purchased!')).toBeVisible();
  await expect(page).toHaveURL(/\/my-packages$/);
  await expect(page.getByRole('list', { name: 'Active Packages' }).getByRole('listitem').filter({ hasText: pkg.name }).getByText('2 left')).toBeVisible();
});
