import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { CUSTOMER, pacificDay, signInViaApi, uniqueEmail } from '../support/helpers';
import { ensureTomorrowOpen, payWithCard } from '../support/booking-flow';

/** Tomorrow in the business's time zone (the browser runs in America/Los_Angeles too). */
function tomorrowKey(): string {
  return pacificDay(1);
}

interface Slot {
  id: string;
  availableCapacity: number;
}

async function serviceId(request: APIRequestContext, name: string): Promise<string> {
  const list = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  return list.find((s) => s.name === name)!.id;
}

async function slotsFor(request: APIRequestContext, id: string, date: string): Promise<Slot[]> {
  return (await (await request.get(`/api/services/${id}/available-slots?date=${date}`)).json()) as Slot[];
}


/** Chooses a service, its type, an address from the suggestions, Tomorrow and the first free slot; returns the slot id. */
async function startBooking(page: Page, options: { service: string; type: 'Mobile Service' | 'Pickup Service'; addressLabel: string; typed: string; pick: RegExp }) {
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await page.getByRole('button', { name: new RegExp(options.service) }).click();
  await page.getByLabel(options.type).check();
  await page.getByLabel(options.addressLabel).fill(options.typed);
  await page.getByRole('listbox', { name: options.addressLabel }).getByRole('button', { name: options.pick }).click();
  await expect(page.getByRole('img', { name: 'Verified address' })).toBeVisible();
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  const slotId = await slot.inputValue();
  expect(slotId).toMatch(new RegExp(`^${tomorrowKey()}T\\d{2}:\\d{2}$`));
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await expect(page.getByText('Tomorrow', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  return slotId;
}

async function bookingFromTracking(page: Page, request: APIRequestContext) {
  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]{36}/);
  const url = new URL(page.url());
  const id = url.searchParams.get('bookingId')!;
  const token = url.searchParams.get('token');
  const response = await (token ? request : page.request).get(`/api/bookings/guest/${id}`, { headers: token ? { 'x-tracking-token': token } : {} });
  expect(response.status(), await response.text()).toBe(200);
  return { id, token, booking: (await response.json()) as { status: string; serviceType: string } };
}

test('a guest books a mobile service for tomorrow with the test card and lands on tracking', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Full Detail');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByText('Browsing as guest')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/booking-start.png', fullPage: true });

  await startBooking(page, { service: 'Full Detail', type: 'Mobile Service', addressLabel: 'Service Location', typed: '425 Park Ave, San Jose, CA 95110', pick: /425 Park Ave, San Jose, CA 95110/ });

  const email = uniqueEmail('guest-booker');
  await expect(page.getByRole('button', { name: 'Continue to Payment' })).toBeDisabled();
  await page.getByLabel('Full Name').fill('Gale Guest');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Phone').fill('4085550111');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('$223.90').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/checkout.png', fullPage: true });
  await payWithCard(page, '4242 4242 4242 4242');

  await expect(page.getByText('Payment Successful')).toBeVisible();
  // On a phone the toast keeps clear of the tracking page's title (it sits at the bottom there). The pointer
  // rests on the toast, which holds its timer, so a slow tracking page cannot outlast it before it is measured.
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Payment Successful' });
  await toast.hover();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeVisible();
  const titleBox = (await title.boundingBox())!;
  const toastBox = (await toast.boundingBox())!;
  const overlaps = titleBox.x < toastBox.x + toastBox.width && toastBox.x < titleBox.x + titleBox.width && titleBox.y < toastBox.y + toastBox.height && toastBox.y < titleBox.y + titleBox.height;
  expect(overlaps, `title ${JSON.stringify(titleBox)} toast ${JSON.stringify(toastBox)}`).toBe(false);
  const { id, token, booking } = await bookingFromTracking(page, request);
  expect(token).toBeTruthy();
  expect(booking).toMatchObject({ status: 'confirmed', serviceType: 'mobile' });
  await expect(page.getByText(id.slice(-8).toUpperCase())).toBeVisible();
});

test('a declined card shows Payment Failed and the slot is free again', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Headlight Restoration');
  const id = await serviceId(request, 'Headlight Restoration');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  const slotId = await startBooking(page, { service: 'Headlight Restoration', type: 'Mobile Service', addressLabel: 'Service Location', typed: '77 Elm Street, Santa Clara, CA 95050', pick: /77 Elm Street/ });
  const before = (await slotsFor(request, id, tomorrowKey())).find((s) => s.id === slotId)!.availableCapacity;

  await page.getByLabel('Email *').fill(uniqueEmail('declined'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByLabel('Card number')).toBeVisible();
  // The booking now holds one place of the slot.
  expect((await slotsFor(request, id, tomorrowKey())).find((s) => s.id === slotId)?.availableCapacity ?? 0).toBe(before - 1);

  await payWithCard(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment Failed')).toBeVisible();
  await expect(page.getByText('Your card was declined.').first()).toBeVisible();
  await expect(page).toHaveURL(/\/checkout/);
  await page.screenshot({ path: 'test-results/screenshots/checkout-declined.png', fullPage: true });
  expect((await slotsFor(request, id, tomorrowKey())).find((s) => s.id === slotId)!.availableCapacity).toBe(before);
});

test('a signed-in customer books a pickup service at a saved address', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Wash & Wax');
  await signInViaApi(page, CUSTOMER);
  await page.goto('/');
  await startBooking(page, { service: 'Wash & Wax', type: 'Pickup Service', addressLabel: 'Pickup Address', typed: 'Park', pick: /425 Park Ave, San Jose, CA 95110/ });
  // Signed in: no guest choice, straight to payment.
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toHaveCount(0);
  // "Save this card" belongs to the card: below its fields, just above Pay.
  const fields = await page.getByLabel('CVC').boundingBox();
  const save = await page.getByLabel('Save this card').boundingBox();
  expect(save!.y).toBeGreaterThan(fields!.y);
  await payWithCard(page, '4242424242424242');
  await expect(page.getByText('Payment Successful')).toBeVisible();
  const { id, token, booking } = await bookingFromTracking(page, request);
  expect(token).toBeNull();
  expect(booking).toMatchObject({ status: 'confirmed', serviceType: 'pickup' });
  await expect(page.getByText(id.slice(-8).toUpperCase())).toBeVisible();
});

test('/test-booking creates a paid test booking and opens its tracking page', async ({ page, request }) => {
  await page.goto('/test-booking');
  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]{36}&token=/, { timeout: 20_000 });
  const { booking } = await bookingFromTracking(page, request);
  expect(booking.status).toBe('confirmed');
});
