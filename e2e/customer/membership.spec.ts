import { expect, test, type APIRequestContext } from '../support/test';
import { ADMIN, uniqueEmail } from '../support/helpers';

test.describe.configure({ timeout: 90_000 });

const SERVICE = 'Express Exterior Wash';

/** The admin (own request context) puts a plan on sale: two washes a month for $39. */
async function createPlan(request: APIRequestContext): Promise<string> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const services = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  const name = `Wash Club ${Math.random().toString(36).slice(2, 6)}`;
  const created = await request.post('/api/admin/membership-plans', {
    data: { name, pricePerMonth: '39.00', grants: [{ serviceId: services.find((s) => s.name === SERVICE)!.id, count: 2 }], isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return name;
}

test('a customer subscribes to a membership with the test card and sees it on /account', async ({ page, request }) => {
  const plan = await createPlan(request);
  await page.goto('/packages');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: plan }) });
  await expect(card.getByText('$39.00 / month')).toBeVisible();
  await expect(card.getByText(`2 x ${SERVICE}`)).toBeVisible();

  // Signed out: Subscribe asks the visitor to sign in first.
  await card.getByRole('button', { name: 'Subscribe' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in to subscribe' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();

  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Morgan Member', email: uniqueEmail('member'), phone: '4085550177', password: 'member-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/packages');
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('button', { name: 'Subscribe' }).click();

  const dialog = page.getByRole('dialog', { name: `Subscribe to ${plan}` });
  await expect(dialog.getByText('Test mode — no real charge')).toBeVisible();
  await dialog.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await dialog.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await dialog.getByLabel('CVC').fill('123');
  await page.screenshot({ path: 'test-results/screenshots/membership-subscribe-390.png' });
  await dialog.getByRole('button', { name: 'Pay $39.00' }).click();

  await expect(page.getByText('Membership started!')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);
  const membership = page.getByTestId('membership-card').filter({ hasText: plan });
  await expect(membership.getByText('Active')).toBeVisible();
  await expect(membership.getByText('$39.00 / month')).toBeVisible();
  await expect(membership.getByText('2 credits left')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/membership-account-390.png', fullPage: true });

  // Pause and resume inside the paid month: no charge, no question.
  await membership.getByRole('button', { name: 'Pause' }).click();
  await expect(membership.getByText('Paused')).toBeVisible();
  await membership.getByRole('button', { name: 'Resume' }).click();
  await expect(membership.getByText('Active')).toBeVisible();

  // Cancel asks first; then the membership runs to the end of its month.
  await membership.getByRole('button', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: `Cancel ${plan}?` });
  await confirm.getByRole('button', { name: 'Cancel membership' }).click();
  await expect(membership.getByText(/^Cancelled — ends on /)).toBeVisible();
  await expect(membership.getByRole('button', { name: 'Pause' })).toHaveCount(0);
});
