import { expect, request as playwrightRequest, test } from '../support/test';
import { dayKey, ensureTomorrowOpen, guestMobileBookingOn, payWithCard } from '../support/booking-flow';
import { ADMIN, CUSTOMER, DRIVER, latestMail, uniqueEmail } from '../support/helpers';

// 390×844 (the phone project). Nothing here reaches the internet: the address step is offline.
test.use({ permissions: ['geolocation'], geolocation: { latitude: 37.281, longitude: -121.953 } });

test.beforeEach(async ({ context }) => {
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
});

test('offline address step: "San Jose 951" suggests, current location finds the city and ZIP, the booking gets coordinates, and the guest keeps it in an account only through the e-mailed claim link', async ({ page, request, baseURL }) => {
  test.setTimeout(120_000);
  // Four days out, so the other specs' times tomorrow stay free.
  const day = dayKey(4);
  const field = await guestMobileBookingOn(page, request, 'Interior Refresh', day);

  // Current location (Playwright puts the phone in Campbell): the nearest county city and ZIP, then the street.
  await page.getByRole('button', { name: 'Use current location' }).click();
  await expect(field).toHaveValue('Campbell, CA 95008');
  await expect(page.getByTestId('address-add-street')).toBeVisible();

  // Typing a city and the start of a ZIP suggests the county's places, without any maps key or network.
  await field.fill('San Jose 951');
  const list = page.getByRole('listbox', { name: 'Service Location' });
  await expect(list.getByRole('button', { name: /San Jose, CA 95110/ })).toBeVisible();
  await expect(list.getByRole('button', { name: /San Jose, CA 95112/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/address-suggest-offline.png', fullPage: true });
  await list.getByRole('button', { name: /San Jose, CA 95110/ }).click();
  await expect(field).toHaveValue('San Jose, CA 95110');
  // The caret waits where the street goes.
  await page.keyboard.type('425 Park Ave');
  await expect(field).toHaveValue('425 Park Ave, San Jose, CA 95110');
  await list.getByRole('button', { name: /425 Park Ave, San Jose, CA 95110/ }).click();
  await expect(page.getByRole('img', { name: 'Verified address' })).toBeVisible();

  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  const email = uniqueEmail('one-tap');
  await page.getByLabel('Email *').fill(email);
  await page.getByLabel('Full Name').fill('Tap Guest');
  await page.getByLabel('Phone').fill('(408) 555-0177');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking\?bookingId=.*&token=/);
  const url = new URL(page.url());
  const bookingId = url.searchParams.get('bookingId')!;
  const token = url.searchParams.get('token')!;

  // The booking has coordinates (95110's centroid): the tracking map's route ends there.
  const location = await (await request.get(`/api/bookings/guest/${bookingId}/driver-location`, { headers: { 'x-tracking-token': token } })).json();
  expect(location.destination).toEqual({ latitude: 37.3391, longitude: -121.9016 });

  // The confirmation e-mail offers the account through a link with the token.
  const mail = await latestMail(request, email, /Booking confirmed/);
  const offerLink = mail.links.find((l) => l.includes('account=1'))!;
  expect(offerLink).toContain(`token=${token}`);
  await page.goto(offerLink.replace(/^https?:\/\/[^/]+/, ''));

  const offer = page.getByTestId('account-offer');
  await expect(offer).toBeVisible();
  await expect(offer).toContainText('Tap Guest');
  await expect(offer).toContainText(email);
  await expect(offer).toContainText('(408) 555-0177');
  await page.screenshot({ path: 'test-results/screenshots/guest-account-offer.png', fullPage: true });
  // The tracking link is forwarded to family: its button only e-mails the claim link to the guest.
  await offer.getByRole('button', { name: 'E-mail me the link' }).click();
  await expect(offer).toContainText('Check your e-mail');
  await expect(offer).toContainText(`We sent a link to ${email}`);
  expect((await page.request.get('/api/auth/session')).ok()).toBeTruthy();
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();

  // The e-mailed link's page: the account exists, with the booking, once the owner chooses a password.
  const claimMail = await latestMail(request, email, /Keep your .* booking in an account/);
  const claimLink = claimMail.links.find((l) => l.includes('/claim-booking?token='))!;
  await page.goto(claimLink.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByText('Keep your booking in an account')).toBeVisible();
  await page.getByLabel('New password').fill('tap-guest-pass-1');
  await page.screenshot({ path: 'test-results/screenshots/guest-claim-password.png', fullPage: true });
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByTestId('claim-done')).toContainText('Your account is ready, with your booking in it.');
  await page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(page).toHaveURL(/\/bookings/);
  await expect(page.locator(`a[href*="${bookingId}"]`).first()).toBeVisible();
  // Single use: the same link again is refused and says why.
  await page.goto(claimLink.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill('another-pass-2');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
  expect(baseURL).toBeTruthy();
});

test('the booking start flows: choosing a service scrolls on, the sticky bar keeps the total and Continue, each step says what is missing', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  const bar = page.getByTestId('booking-sticky-bar');
  await expect(bar).toBeVisible();
  await expect(page.getByTestId('booking-still-needed')).toHaveText('Still needed: a service');
  await expect(bar.getByRole('button', { name: 'Continue to Booking' })).toBeDisabled();

  const before = await page.evaluate(() => window.scrollY);
  await page.getByRole('button', { name: /Interior Refresh/ }).click();
  // The next step comes into view by itself.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before + 100);
  await expect(page.getByTestId('booking-next-steps')).toBeInViewport();
  const total = page.getByTestId('booking-running-total');
  await expect(total).toHaveText(/^\$\d+\.\d{2}$/);
  await expect(bar).toBeInViewport();

  await page.getByLabel('Mobile Service').check();
  await expect(page.getByText('Add your address: street, city and ZIP.')).toBeVisible();
  await expect(page.getByText('Pick a time.')).toBeVisible();
  await expect(page.getByTestId('booking-still-needed')).toHaveText('Still needed: your address and a time');
  await page.screenshot({ path: 'test-results/screenshots/booking-flow-missing.png' });

  await page.getByLabel('Service Location').fill('425 Park Ave, San Jose, CA 95110');
  await page.getByRole('listbox', { name: 'Service Location' }).getByRole('button', { name: /425 Park Ave/ }).click();
  await expect(page.getByText('Add your address: street, city and ZIP.')).toHaveCount(0);
  await expect(page.getByTestId('booking-still-needed')).toHaveText('Still needed: a time');
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await page.getByLabel('Time slot').selectOption({ index: 1 });
  await expect(page.getByTestId('booking-still-needed')).toHaveText('All set — continue to your details.');
  await expect(page.getByTestId('step-missing')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/booking-flow-ready.png' });
  await bar.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
});

test('tiles failing: the driver’s marker and the route stay visible on a plain background', async ({ browser, baseURL }) => {
  const driver = await playwrightRequest.newContext({ baseURL });
  expect((await driver.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  const active = await (await driver.get('/api/driver/bookings')).json();
  const booking = active.items.find((b: { serviceType: string; status: string; serviceName?: string }) => b.serviceType === 'mobile' && b.status === 'confirmed');
  expect(booking, 'the demo data has a confirmed mobile booking for the demo driver').toBeTruthy();
  const moved = await driver.put(`/api/driver/bookings/${booking.id}/status`, { data: { status: 'en_route_pickup', location: { latitude: 37.36, longitude: -121.92 } } });
  expect(moved.ok(), await moved.text()).toBeTruthy();
  expect((await driver.put('/api/driver/location', { data: { latitude: 37.36, longitude: -121.92, bookingId: booking.id } })).ok()).toBeTruthy();

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  await context.route('**/tile.openstreetmap.org/**', (route) => route.abort());
  expect((await context.request.post('/api/auth/login', { data: CUSTOMER })).ok()).toBeTruthy();
  const page = await context.newPage();
  await page.goto(`/tracking?bookingId=${booking.id}`);
  await page.getByRole('button', { name: 'Live Track' }).click();
  const dialog = page.getByRole('dialog', { name: 'Live Driver Tracking' });
  const map = dialog.getByTestId('live-map');
  await expect(map).toHaveAttribute('data-tiles', 'failed');
  await expect(dialog.getByTestId('map-tiles-failed')).toBeVisible();
  await expect(dialog.locator('.driver-marker')).toBeVisible();
  // The note never covers the destination marker: it sits under the map, not over it.
  const destination = dialog.locator('.destination-marker');
  await expect(destination).toBeVisible();
  const note = (await dialog.getByTestId('map-tiles-failed').boundingBox())!;
  const mapBox = (await map.boundingBox())!;
  const marker = (await destination.boundingBox())!;
  expect(note.y).toBeGreaterThanOrEqual(mapBox.y + mapBox.height);
  // What shows of the marker is clipped to the map, which ends above the note.
  expect(Math.min(marker.y + marker.height, mapBox.y + mapBox.height)).toBeLessThanOrEqual(note.y);
  await expect(dialog.locator('path.driver-route')).toBeVisible();
  await expect(map).not.toHaveCSS('background-color', 'rgb(221, 221, 221)');
  await page.screenshot({ path: 'test-results/screenshots/tracking-map-no-tiles.png' });
  await context.close();
  await driver.dispose();
  // The demo booking goes back to Confirmed for the specs after this one.
  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const reset = await admin.patch(`/api/bookings/${booking.id}/status`, { data: { status: 'confirmed' } });
  expect(reset.ok(), await reset.text()).toBeTruthy();
  await admin.dispose();
});
