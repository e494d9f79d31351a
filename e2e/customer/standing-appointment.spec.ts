import { expect, test, type APIRequestContext } from '../support/test';
import { AT_PARK_AVE, dayKey, PARK_AVE, serviceId } from '../support/booking-flow';
import { ADMIN, uniqueEmail } from '../support/helpers';

test.describe.configure({ timeout: 90_000 });

const SERVICE = 'Express Exterior Wash';
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** The admin (own request context) puts a plan with a standing appointment every 2 weeks on sale. */
async function createPlan(request: APIRequestContext): Promise<{ id: string; name: string }> {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const name = `Standing Club ${Math.random().toString(36).slice(2, 6)}`;
  const created = await request.post('/api/admin/membership-plans', {
    data: { name, pricePerMonth: '49.00', grants: [{ serviceId: await serviceId(request, SERVICE), count: 2 }], standing: { everyWeeks: 2 }, isActive: true },
  });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: string }).id, name };
}

/** Subscribes through the test provider's card form, as the Subscribe dialog does. */
async function subscribe(api: APIRequestContext, planId: string) {
  const start = await api.post('/api/memberships/subscribe', { data: { planId } });
  expect(start.ok(), await start.text()).toBeTruthy();
  const { paymentIntentId, clientSecret } = (await start.json()) as { paymentIntentId: string; clientSecret: string };
  const card = await api.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123', saveCard: false } });
  expect(card.ok(), await card.text()).toBeTruthy();
  const confirmed = await api.post('/api/memberships/confirm', { data: { paymentIntentId } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
}

test('a member sets a standing appointment on /account and, after the daily job, sees the visit in their bookings paid with a credit', async ({ page, request }) => {
  const plan = await createPlan(request);
  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Stella Standing', email: uniqueEmail('standing'), phone: '4085550193', password: 'standing-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const address = await page.request.post('/api/addresses', { data: { street: PARK_AVE.street, city: PARK_AVE.city, state: PARK_AVE.state, zipCode: PARK_AVE.zipCode } });
  expect(address.status(), await address.text()).toBe(201);
  await subscribe(page.request, plan.id);

  // A weekday three or four days ahead (not the closed Sunday), at a start still free there for a technician.
  const date = new Date(`${dayKey(3)}T12:00:00Z`).getUTCDay() === 0 ? dayKey(4) : dayKey(3);
  const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
  const slots = (await (await page.request.get(`/api/services/${await serviceId(page.request, SERVICE)}/available-slots?date=${date}&${AT_PARK_AVE}`)).json()) as Array<{ id: string }>;
  const times = slots.map((s) => s.id.slice(11)).filter((t) => t.endsWith(':00') || t.endsWith(':30'));
  expect(times.length, `free starts on ${date}`).toBeGreaterThan(0);
  const time = times[Math.floor(times.length / 2)]!;

  await page.goto('/account');
  const membership = page.getByTestId('membership-card').filter({ hasText: plan.name });
  const standing = membership.getByTestId('standing-card');
  await expect(standing.getByText('Your plan can book a visit for you every 2 weeks, on the same day and time.')).toBeVisible();
  await standing.getByRole('button', { name: 'Set a standing appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Standing appointment' });
  await dialog.getByLabel('Day').selectOption(String(weekday));
  await dialog.getByLabel('Time').selectOption(time);
  await expect(dialog.getByLabel('Service')).toHaveValue(await serviceId(page.request, SERVICE));
  await expect(dialog.getByLabel('Address')).toContainText('425 Park Ave');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/standing-appointment-set-390.png' });
  await dialog.getByRole('button', { name: 'Save standing appointment' }).click();
  await expect(page.getByText('Standing appointment saved')).toBeVisible();
  await expect(standing.getByText(new RegExp(`^Every 2 weeks on ${WEEKDAYS[weekday]} at `))).toBeVisible();

  // The daily job, run now (development route, like the weather check).
  const run = await page.request.post('/api/dev/standing-appointments');
  expect(run.ok(), await run.text()).toBeTruthy();

  await page.goto('/bookings');
  const visit = page.getByTestId('booking-card').filter({ hasText: SERVICE });
  await expect(visit).toHaveCount(1);
  await expect(visit.getByTestId('paid-with-credit')).toBeVisible();
  await expect(visit.getByText('Confirmed')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/standing-appointment-booked-390.png', fullPage: true });

  await page.goto('/account');
  await expect(standing.getByText(/: booked$/)).toBeVisible();
  await expect(membership.getByText('1 credit left')).toBeVisible();
});
