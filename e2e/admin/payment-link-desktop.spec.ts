import { expect, test } from '../support/test';
import { latestMail, uniqueEmail } from '../support/helpers';
import { searchBookings, startPhoneAppointment } from './admin-support';

test('a phone appointment with "Send a payment link": the customer pays from the e-mail on a phone, lands on tracking, and the admin sees it paid', async ({ page, browser }) => {
  const email = uniqueEmail('paylink');
  const create = await startPhoneAppointment(page, { weeksAhead: 14, weekday: 3 }, { name: 'Lina Link', email, phone: '(408) 555-0177' }, 'Headlight Restoration (60 min)');
  // Sending a payment link is the default choice; 'Not paid yet' is gone.
  await expect(create.getByLabel('Send a payment link')).toBeChecked();
  await expect(create.getByText('The customer gets an e-mail with a link to pay by card; unpaid until then.')).toBeVisible();
  await expect(create.getByText('Not paid yet')).toHaveCount(0);
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(page.getByText('Appointment created')).toBeVisible();

  // The bookings list shows the link was sent.
  await searchBookings(page, email);
  const card = page.locator('[data-testid^="booking-"]').first();
  await expect(card.getByLabel('Payment: Link sent')).toBeVisible();
  // The office can send it again (the customer says the e-mail went missing).
  await card.getByRole('button', { name: 'Resend payment link' }).click();
  await expect(page.getByText('Payment link sent')).toBeVisible();

  // The confirmation e-mail has the amount and a Pay now link carrying the guest's token.
  const mail = await latestMail(page.request, email, /Booking confirmed/);
  const amount = /Amount due: (\$\d+\.\d{2})/.exec(mail.text)?.[1];
  expect(amount, mail.text).toBeTruthy();
  const link = new URL(mail.links.find((l) => l.includes('/pay?'))!);
  expect(link.searchParams.get('token')).toBeTruthy();

  // The customer, not signed in, on a phone.
  const customer = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  const phone = await customer.newPage();
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByRole('heading', { name: 'Pay for your booking' })).toBeVisible();
  await expect(phone.getByText('Headlight Restoration', { exact: false })).toBeVisible();
  await expect(phone.getByTestId('amount-due')).toHaveText(amount!);
  await expect(phone.getByText('Test mode — no real charge')).toBeVisible();
  await phone.getByLabel('Card number').fill('4242 4242 4242 4242');
  await phone.getByLabel('Expiry (MM/YY)').fill('12/34');
  await phone.getByLabel('CVC').fill('123');
  await phone.screenshot({ path: 'test-results/screenshots/payment-link-pay-390.png', fullPage: true });
  await phone.getByRole('button', { name: `Pay ${amount}` }).click();
  await expect(phone).toHaveURL(/\/tracking\?/);
  await expect(phone.getByText('Payment received', { exact: false }).first()).toBeVisible();

  // Opening the link again says it is paid.
  await phone.goto(link.pathname + link.search);
  await expect(phone.getByText('This booking is already paid')).toBeVisible();
  await expect(phone.getByRole('link', { name: 'View your booking' })).toBeVisible();
  await customer.close();

  // The admin's booking shows Paid.
  await searchBookings(page, email);
  const paidCard = page.locator('[data-testid^="booking-"]').first();
  await expect(paidCard.getByLabel('Payment: Paid')).toBeVisible();
  await expect(paidCard.getByRole('button', { name: /payment link/ })).toHaveCount(0);
});
