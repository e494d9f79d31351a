import { expect, request as playwrightRequest, test } from '../support/test';
import { latestMail, pacificDay, uniqueEmail } from '../support/helpers';

/** A paid guest booking at the first free start three or more days ahead; the e-mail it was made with. */
async function paidGuestBooking(baseURL: string | undefined, prefix: string, guestName: string) {
  const guest = await playwrightRequest.newContext({ baseURL });
  const email = uniqueEmail(prefix);
  const services = (await (await guest.get('/api/services')).json()) as Array<{ id: string; locationOptions: { serviceLocation: boolean } }>;
  const service = services.find((s) => s.locationOptions.serviceLocation) ?? services[0]!;
  let slotId: string | undefined;
  for (let days = 3; days < 21 && !slotId; days++) {
    const slots = (await (await guest.get(`/api/services/${service.id}/available-slots?date=${pacificDay(days)}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    slotId = slots.find((s) => s.availableCapacity > 0)?.id;
  }
  const created = await guest.post('/api/bookings', {
    headers: { 'Idempotency-Key': `${prefix}-${Date.now()}` },
    data: { serviceId: service.id, serviceType: 'serviceLocation', slotId, guestEmail: email, guestName, guestPhone: '4085550179' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const booking = (await created.json()) as { id: string; trackingToken: string };
  const intent = await guest.post('/api/create-payment-intent', { headers: { 'x-tracking-token': booking.trackingToken }, data: { bookingId: booking.id } });
  const { clientSecret, paymentIntentId } = (await intent.json()) as { clientSecret: string; paymentIntentId: string };
  expect((await guest.post('/api/payments/test/confirm-card', { data: { paymentIntentId, clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2035, cvc: '123' } })).ok()).toBeTruthy();
  await guest.dispose();
  return { email, slotId: slotId! };
}

test("a guest cancels from the confirmation e-mail's Manage link, on a phone, and gets the calendar's cancellation", async ({ page, baseURL }) => {
  const { email } = await paidGuestBooking(baseURL, 'manage', 'Mona Manage');
  const confirmation = await latestMail(page.request, email, /Booking confirmed/);
  const manage = confirmation.links.find((l) => l.includes('/manage?token='))!;
  expect(manage, confirmation.text).toBeTruthy();

  // The confirmation (tracking) page offers the booking to the customer's calendar.
  await page.goto(confirmation.links.find((l) => l.includes('/tracking?'))!.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute('href', /calendar\.google\.com\/calendar\/render\?action=TEMPLATE/);
  await expect(page.getByRole('link', { name: 'Add to Apple Calendar' })).toHaveAttribute('href', /^data:text\/calendar/);

  await page.goto(manage.replace(/^https?:\/\/[^/]+/, ''));
  const card = page.getByTestId('manage-booking');
  await expect(card.getByRole('heading', { name: 'Your booking' })).toBeVisible();
  await expect(card).toContainText('Status: Confirmed');
  await card.getByRole('button', { name: 'Cancel booking' }).click();
  // Money goes back: a second, explicit tap.
  await expect(card.getByText('Cancel this booking? A card payment is refunded in full.')).toBeVisible();
  await card.getByRole('button', { name: 'Yes, cancel it' }).click();
  await expect(card.getByText('Your booking is cancelled.')).toBeVisible();
  await expect(card.getByText(/Your payment is refunded in full/)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);

  const cancelled = await latestMail(page.request, email, /Booking cancelled/);
  expect((cancelled as unknown as { attachments: Array<{ filename: string }> }).attachments.map((a) => a.filename)).toContainEqual(expect.stringMatching(/cancelled\.ics$/));
  await page.screenshot({ path: 'test-results/screenshots/manage-link-cancelled.png', fullPage: true });
});

test("a guest reschedules from the confirmation e-mail's Manage link, on a phone, and the e-mail of the move carries their links", async ({ page, baseURL }) => {
  const { email, slotId } = await paidGuestBooking(baseURL, 'manage-move', 'Milo Move');
  const confirmation = await latestMail(page.request, email, /Booking confirmed/);
  const manage = confirmation.links.find((l) => l.includes('/manage?token='))!;
  expect(manage, confirmation.text).toBeTruthy();

  await page.goto(manage.replace(/^https?:\/\/[^/]+/, ''));
  const card = page.getByTestId('manage-booking');
  await expect(card).toContainText('Status: Confirmed');
  await card.getByRole('button', { name: 'Reschedule' }).click();
  // The booking's own day opens first; its own start is not offered.
  await expect(card.getByLabel('New day')).toHaveValue(slotId.slice(0, 10));
  const starts = card.getByRole('list', { name: 'Free start times' }).getByRole('button');
  await expect(starts.first()).toBeVisible();
  const choice = starts.last();
  const label = (await choice.getAttribute('aria-label'))!;
  await choice.click();
  const time = label.replace('Move to ', '');
  await expect(card.getByText(`Your booking is moved to`)).toContainText(time);
  await expect(card).toContainText(time);
  await expect(card.getByRole('button', { name: 'Reschedule' })).toBeVisible();

  const moved = await latestMail(page.request, email, /rescheduled/i);
  expect(moved.links.some((l) => /\/tracking\?bookingId=.*&token=/.test(l)), moved.text).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/manage-link-rescheduled.png', fullPage: true });
});
