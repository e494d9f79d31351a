import { expect, test } from '../support/test';
import { ADMIN, addDays, latestMail, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * A phone appointment made for a customer who has an account: the e-mail's Pay now link is enough to pay,
 * signed out, on a phone (decision 047) — no sign-in first.
 */
test("a registered customer pays a phone appointment's link signed out, with the test card", async ({ page, request }) => {
  const email = uniqueEmail('paylink-account');
  const registered = await request.post('/api/auth/register', { data: { fullName: 'Rita Registered', email, phone: '4085550166', password: 'registered-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);

  // The owner books it by phone for that e-mail, with "Send a payment link".
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const services = (await (await request.get('/api/admin/services')).json()) as Array<{ id: string; name: string }>;
  const monday = addDays(pacificDay(0), 7 * 21 - ((new Date(`${pacificDay(0)}T12:00:00Z`).getUTCDay() + 6) % 7));
  const made = await request.post('/api/admin/appointments', {
    data: { customerName: 'Rita Registered', customerEmail: email, customerPhone: '4085550166', serviceId: services.find((s) => s.name === 'Headlight Restoration')!.id, date: addDays(monday, 2), time: '10:00', serviceType: 'serviceLocation', payment: 'link' },
  });
  expect(made.status(), await made.text()).toBe(201);

  const mail = await latestMail(request, email, /Booking confirmed/);
  const amount = /Amount due: (\$\d+\.\d{2})/.exec(mail.text)?.[1];
  expect(amount, mail.text).toBeTruthy();
  const link = new URL(mail.links.find((l) => l.includes('/pay?'))!);
  expect(link.searchParams.get('token'), 'the link carries its token').toBeTruthy();

  // Signed out (this page's context never signed in): the card form, not a sign-in.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Pay for your booking' })).toBeVisible();
  await expect(page.getByText('Headlight Restoration', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCount(0);
  await expect(page.getByTestId('amount-due')).toHaveText(amount!);
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(page.getByText('Thank you: your booking is paid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'View your booking' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/payment-link-account-paid-390.png', fullPage: true });

  // The office sees it paid.
  const booking = (await (await request.get(`/api/admin/bookings/${((await made.json()) as { id: string }).id}`)).json()) as { paymentStatus: string };
  expect(booking.paymentStatus).toBe('paid');

  // Opening the link again says so.
  await page.goto(link.pathname + link.search);
  await expect(page.getByText('This booking is already paid')).toBeVisible();
});
