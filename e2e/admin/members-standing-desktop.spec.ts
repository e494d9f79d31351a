import { expect, request as playwrightRequest, test } from '../support/test';
import { PARK_AVE } from '../support/booking-flow';
import { uniqueEmail } from '../support/helpers';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the owner gives a plan a standing appointment every 2 weeks and sees a member’s standing appointment on /admin/members', async ({ page, baseURL }) => {
  await adminLogin(page, '/admin/members');
  const name = `Fortnight Club ${Math.random().toString(36).slice(2, 6)}`;
  await page.getByRole('button', { name: 'New plan' }).click();
  const form = page.getByRole('dialog', { name: 'New plan' });
  await form.getByLabel('Plan name').fill(name);
  await form.getByLabel('Price per month ($)').fill('45');
  await form.getByLabel('Service 1', { exact: true }).selectOption({ label: 'Express Exterior Wash' });
  await form.getByLabel('Credits per month 1', { exact: true }).fill('2');
  await form.getByLabel('Standing appointment').selectOption({ label: 'Every 2 weeks' });
  await form.getByRole('button', { name: 'Save plan' }).click();
  const plan = page.getByRole('listitem', { name: `Plan ${name}` });
  await expect(plan.getByText('Standing appointment: every 2 weeks')).toBeVisible();

  // A customer subscribes and sets Tuesdays at 10 AM at their saved home (API, as the account's card does).
  const customer = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  const email = uniqueEmail('fortnight');
  expect((await customer.post('/api/auth/register', { data: { fullName: 'Fern Fortnight', email, phone: '4085550194', password: 'fortnight-e2e-pass' } })).status()).toBe(201);
  const address = (await (await customer.post('/api/addresses', { data: { street: PARK_AVE.street, city: PARK_AVE.city, state: PARK_AVE.state, zipCode: PARK_AVE.zipCode } })).json()) as { id: string };
  const planView = ((await (await customer.get('/api/memberships/plans')).json()) as Array<{ id: string; name: string; grants: Array<{ serviceId: string }> }>).find((p) => p.name === name)!;
  const start = (await (await customer.post('/api/memberships/subscribe', { data: { planId: planView.id } })).json()) as { paymentIntentId: string; clientSecret: string };
  expect((await customer.post('/api/payments/test/confirm-card', { data: { ...start, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123', saveCard: false } })).ok()).toBeTruthy();
  const membership = (await (await customer.post('/api/memberships/confirm', { data: { paymentIntentId: start.paymentIntentId } })).json()) as { id: string };
  const set = await customer.put(`/api/user/memberships/${membership.id}/standing`, { data: { weekday: 2, time: '10:00', serviceId: planView.grants[0]!.serviceId, addressId: address.id } });
  expect(set.status(), await set.text()).toBe(200);
  await customer.dispose();

  await page.reload();
  const row = page.getByRole('row').filter({ hasText: email });
  await expect(row.getByTestId('member-standing')).toHaveText(/^Standing: every 2 weeks, Tue 10:00 AM — Express Exterior Wash at 425 Park Ave/);
  await page.screenshot({ path: 'test-results/screenshots/admin-members-standing-1280.png', fullPage: true });
});
