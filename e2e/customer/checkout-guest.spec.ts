import { expect, test } from '../support/test';
import { dayKey, ensureTomorrowOpen, payWithCard, serviceId, startBooking } from '../support/booking-flow';
import { CUSTOMER, signInViaApi, uniqueEmail } from '../support/helpers';

const ADDRESS = { type: 'Mobile Service', addressLabel: 'Service Location', typed: '425 Park Ave, San Jose, CA 95110', pick: /425 Park Ave, San Jose, CA 95110/ } as const;

test('guest details: each bad value gets an inline message under its field, nothing typed is lost', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await startBooking(page, { service: 'Interior Refresh', ...ADDRESS, slotIndex: 2 });
  // Chosen on the home page already: the checkout opens on the guest details, not the choice again.
  await expect(page.getByRole('heading', { name: 'Guest Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toHaveCount(0);

  const email = page.getByLabel('Email *');
  const submit = page.getByRole('button', { name: 'Continue to Payment' });
  for (const bad of ['ab', 'john@gmail', 'a@b.c']) {
    await email.fill(bad);
    await submit.click();
    await expect(page.getByText('Please enter a valid email address, like name@example.com.')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(email).toHaveValue(bad);
  }
  await email.fill(`${'a'.repeat(250)}@example.com`);
  await page.getByLabel('Full Name').fill('N'.repeat(121));
  await page.getByLabel('Phone').fill('1'.repeat(31));
  await submit.click();
  await expect(page.getByText('The email address must be at most 254 characters.')).toBeVisible();
  await expect(page.getByText('The name must be at most 120 characters.')).toBeVisible();
  await expect(page.getByText('Please enter a US phone number, like (408) 555-0100.')).toBeVisible();
  await page.getByLabel('Phone').fill('abcdefghijkl');
  await submit.click();
  await expect(page.getByText('Please enter a US phone number, like (408) 555-0100.')).toBeVisible();
  await expect(page.getByText('Something went wrong')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/checkout-guest-invalid.png', fullPage: true });

  // Fixed: on to payment.
  await email.fill(uniqueEmail('valid-guest'));
  await page.getByLabel('Full Name').fill('Gale Guest');
  await page.getByLabel('Phone').fill('(408) 555-0111');
  await submit.click();
  await expect(page.getByLabel('Card number')).toBeVisible();
});

test('the time was just taken: the error keeps service, address and day, offers the next free times, and Back to Services keeps them', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await startBooking(page, { service: 'Interior Refresh', ...ADDRESS, slotIndex: 1 });
  // Someone else takes the last place between the details and the hold.
  await page.route('**/api/bookings', (route) =>
    route.request().method() === 'POST' ? route.fulfill({ status: 409, json: { code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.' } }) : route.fallback(),
  );
  await page.getByLabel('Email *').fill(uniqueEmail('taken'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await expect(page.getByText('That time was just taken').first()).toBeVisible();
  const next = page.getByRole('region', { name: 'Next free times' });
  await expect(next.getByRole('link').first()).toBeVisible();
  // Each next free time goes straight back to the details with that time (and the same service and address).
  await expect(next.getByRole('link').first()).toHaveAttribute('href', /\/booking-details\?.*serviceType=mobile.*slotId=/);
  await page.screenshot({ path: 'test-results/screenshots/checkout-slot-taken.png', fullPage: true });

  await page.getByRole('link', { name: 'Back to Services' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await expect(page.getByLabel('Mobile Service')).toBeChecked();
  await expect(page.getByLabel('Service Location')).toHaveValue('425 Park Ave, San Jose, CA 95110');
  await expect(page.getByLabel('Time slot')).toBeEnabled();
});

test('Back after paying goes to the tracking page, for a guest and for a signed-in customer', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await startBooking(page, { service: 'Interior Refresh', ...ADDRESS, slotIndex: 3 });
  await page.getByLabel('Email *').fill(uniqueEmail('back-guest'));
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking\?bookingId=.*&token=/);
  const tracked = page.url();

  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(tracked);
  await expect(page.getByText('Payment Error')).toHaveCount(0);
  await expect(page.getByTestId('live-indicator')).toBeVisible();

  // Signed in.
  await signInViaApi(page, CUSTOMER);
  await page.goto('/');
  await startBooking(page, { service: 'Interior Refresh', ...ADDRESS, slotIndex: 4 });
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking\?bookingId=/);
  const mine = page.url();
  await page.goBack();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page).toHaveURL(mine);
  await expect(page.getByText('This booking is already paid')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toHaveCount(0);
});

test('an abandoned checkout shows as "Not paid — Continue to payment" in the history while the hold lives, and Continue to payment pays it', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Wash & Wax');
  await signInViaApi(page, CUSTOMER);
  await page.goto('/');
  await startBooking(page, { service: 'Wash & Wax', ...ADDRESS, slotIndex: 'last' });
  await expect(page.getByLabel('Card number')).toBeVisible(); // the time is held now

  await page.goto('/bookings');
  const card = page.getByTestId('booking-card').filter({ hasText: 'Not paid' }).first();
  await expect(card).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/bookings-not-paid.png', fullPage: true });
  await card.getByRole('button', { name: 'Continue to payment' }).click();
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking\?bookingId=/);
});

test('a third checkout while two are held is refused with words that say why', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Express Exterior Wash');
  const registered = await page.request.post('/api/auth/register', {
    data: { fullName: 'Hana Holder', email: uniqueEmail('holder'), phone: '4085550177', password: 'holder-e2e-pass' },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  // Two checkouts already held, of other services, a few days out.
  const day = dayKey(5);
  for (const name of ['Interior Refresh', 'Headlight Restoration']) {
    await ensureTomorrowOpen(request, name, day); // a Sunday is opened first
    const id = await serviceId(page.request, name);
    // The starts a technician can reach at 425 Park Ave (decision 055).
    const slots = (await (await page.request.get(`/api/services/${id}/available-slots?date=${day}&lat=37.3318&lng=-121.8963`)).json()) as Array<{ id: string }>;
    const held = await page.request.post('/api/bookings', { data: { serviceId: id, serviceType: 'mobile', slotId: slots.at(-2)!.id, address: '425 Park Ave, San Jose, CA 95110' } });
    expect(held.status(), await held.text()).toBe(201);
  }
  await page.goto('/');
  await startBooking(page, { service: 'Express Exterior Wash', ...ADDRESS, slotIndex: 'last' });
  await expect(page.getByRole('heading', { name: 'Finish a checkout first' })).toBeVisible();
  await expect(page.getByText('You already have 2 checkouts in progress.', { exact: false }).first()).toBeVisible();
  await expect(page.getByLabel('Card number')).toHaveCount(0);
  // Other times are no help here: the way on is the checkouts already held.
  await expect(page.getByText('Next free times')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/checkout-hold-limit.png', fullPage: true });
  await page.getByRole('link', { name: 'See my bookings' }).click();
  await expect(page.getByRole('heading', { name: 'My Bookings' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(2);
});
