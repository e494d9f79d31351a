import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { ADMIN, pacificDay } from './helpers';

/** The demo customer's home, placed where the demo seeds it: a booking sent with it is held at the point its slots were asked at. */
export const PARK_AVE = { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110', latitude: 37.3318, longitude: -121.8963 };
/** The slot lists' query for that point (decision 055: only starts a technician can reach there). */
export const AT_PARK_AVE = `lat=${PARK_AVE.latitude}&lng=${PARK_AVE.longitude}`;

/** Tomorrow in the business's time zone (the browser runs in America/Los_Angeles too). */
export function tomorrowKey(): string {
  return dayKey(1);
}

export async function serviceId(request: APIRequestContext, name: string): Promise<string> {
  const list = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  return list.find((s) => s.name === name)!.id;
}

/** A day this many days ahead, in the business's time zone. */
export function dayKey(daysAhead: number): string {
  return pacificDay(daysAhead);
}

/** Tomorrow (or another day) may be a Sunday (closed in the seeded hours): the admin opens it so the test can book it. */
export async function ensureTomorrowOpen(request: APIRequestContext, service: string, date = tomorrowKey()) {
  const id = await serviceId(request, service);
  const slots = (await (await request.get(`/api/services/${id}/available-slots?date=${date}`)).json()) as unknown[];
  if (slots.length > 0) return;
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const opened = await request.post('/api/admin/business-availability', { data: { date, startTime: '09:00', endTime: '17:00', maxCapacity: 3 } });
  // Already opened by an earlier spec: its starts are taken, not closed, and the spec finds a free one.
  if (opened.status() !== 409) expect(opened.status(), await opened.text()).toBe(201);
  await request.post('/api/auth/logout');
}

/** The demo store's orders are in the mirror: the first sync runs at start-up (in demo mode); waits until it has completed. */
export async function storeSynced(request: APIRequestContext) {
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  await expect
    .poll(async () => ((await (await request.get('/api/admin/shopify/sync/status')).json()) as { status: string }).status, { timeout: 60_000, intervals: [500, 1000] })
    .toBe('completed');
  await request.post('/api/auth/logout');
}

/** A guest opens the booking start on `day` (opened for the service first), chooses it as a mobile job and gets its address field. */
export async function guestMobileBookingOn(page: Page, request: APIRequestContext, service: string, day: string) {
  await ensureTomorrowOpen(request, service, day);
  await page.goto(`/?date=${day}`);
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await page.getByRole('button', { name: new RegExp(service) }).click();
  await page.getByLabel('Mobile Service').check();
  return page.getByRole('combobox', { name: 'Service Location' });
}

/** Chooses a service, its type, an address from the suggestions, Tomorrow and a free slot, then on to checkout. */
export async function startBooking(
  page: Page,
  options: { service: string; type: 'Mobile Service' | 'Pickup Service'; addressLabel: string; typed: string; pick: RegExp; slotIndex?: number | 'last'; onDetails?: (page: Page) => Promise<void> },
) {
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(options.service) }).click();
  await page.getByLabel(options.type).check();
  // A signed-in customer who saved an address before (another spec may have booked as them) types a new one.
  const saved = await page.request.get('/api/addresses');
  if (saved.ok() && ((await saved.json()) as unknown[]).length) await page.getByLabel('Saved address').selectOption({ label: 'Add new address' });
  await page.getByLabel(options.addressLabel).fill(options.typed);
  await page.getByRole('listbox', { name: options.addressLabel }).getByRole('button', { name: options.pick }).click();
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  // slotIndex 'last': the day's last free time (other specs book the early ones).
  const index = options.slotIndex === 'last' ? (await slot.locator('option').count()) - 1 : (options.slotIndex ?? 1);
  await slot.selectOption({ index });
  const slotId = await slot.inputValue();
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await options.onDetails?.(page);
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  return slotId;
}

/** Pays in the test provider's form with digits alone, as a phone's numeric keypad types them (it has no "/"). */
export async function payWithCard(page: Page, number: string) {
  await expect(page.getByText('Test mode — no real charge')).toBeVisible();
  await page.getByLabel('Card number').pressSequentially(number.replace(/\D/g, ''));
  await expect(page.getByLabel('Card number')).toHaveValue(number.replace(/\D/g, '').replace(/(\d{4})(?=\d)/g, '$1 '));
  await page.getByLabel('Expiry (MM/YY)').pressSequentially('1234');
  await expect(page.getByLabel('Expiry (MM/YY)')).toHaveValue('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Complete Payment - \$\d+\.\d{2}$/ }).click();
}

/** Pays a held booking as the checkout does: the intent, the test provider's card form, then the confirm. */
export async function payHeld(api: APIRequestContext, bookingId: string): Promise<void> {
  const intent = await api.post('/api/create-payment-intent', { data: { bookingId } });
  expect(intent.ok(), await intent.text()).toBeTruthy();
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paymentIntentId = clientSecret.split('_secret_')[0]!;
  const card = await api.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } });
  expect(card.ok(), await card.text()).toBeTruthy();
  const confirmed = await api.post('/api/confirm-payment', { data: { paymentIntentId, bookingId } });
  expect(confirmed.ok(), await confirmed.text()).toBeTruthy();
}
