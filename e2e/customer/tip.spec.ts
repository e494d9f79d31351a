import { expect, test } from '../support/test';
import { ADMIN, DRIVER, addDays, latestMail, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * After the job, a guest with the tracking link tips the technician 20 % of the service total on a phone
 * (decision 058): the choice, then the card, then thanks — and the owner sees it among the week's tips.
 */
test('a guest tips 20 % on a completed booking’s tracking page, with the test card', async ({ page, request }) => {
  const email = uniqueEmail('tipper');
  expect((await request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  const driver = (await (await request.get('/api/auth/me')).json()) as { id: string; fullName: string };

  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const services = (await (await request.get('/api/admin/services')).json()) as Array<{ id: string; name: string }>;
  const monday = addDays(pacificDay(0), 7 * 23 - ((new Date(`${pacificDay(0)}T12:00:00Z`).getUTCDay() + 6) % 7));
  const made = await request.post('/api/admin/appointments', {
    data: { customerName: 'Tina Tipper', customerEmail: email, customerPhone: '4085550177', serviceId: services.find((s) => s.name === 'Headlight Restoration')!.id, date: addDays(monday, 3), time: '13:00', serviceType: 'serviceLocation', payment: 'on_site' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const booking = (await made.json()) as { id: string; totalAmount: string };
  expect((await request.post(`/api/drivers/${driver.id}/assign/${booking.id}`, { data: { override: true } })).ok()).toBeTruthy();
  const done = await request.patch(`/api/bookings/${booking.id}/status`, { data: { status: 'completed' } });
  expect(done.ok(), await done.text()).toBeTruthy();
  const { token } = (await (await request.post(`/api/bookings/${booking.id}/generate-tracking-token`)).json()) as { token: string };

  const twenty = `$${((Math.round(Number(booking.totalAmount) * 100 * 0.2)) / 100).toFixed(2)}`;
  await page.goto(`/tracking?bookingId=${booking.id}&token=${token}`);
  const card = page.getByTestId('tip-card');
  await expect(card.getByRole('heading', { name: `Leave a tip for ${driver.fullName.split(' ')[0]}` })).toBeVisible();
  await card.getByRole('button', { name: `20% · ${twenty}` }).click();
  // Choosing is not paying: the amount is shown first, then the card.
  await expect(card.getByText(`Tip ${twenty}`)).toBeVisible();
  await card.getByRole('button', { name: 'Continue' }).click();
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiry (MM/YY)').fill('12/34');
  await card.getByLabel('CVC').fill('123');
  await page.screenshot({ path: 'test-results/screenshots/tip-card-390.png', fullPage: true });
  await card.getByRole('button', { name: `Pay ${twenty} tip` }).click();
  await expect(card).toContainText(`Thank you! You tipped ${twenty}.`);
  await page.screenshot({ path: 'test-results/screenshots/tip-thanks-390.png', fullPage: true });

  // The guest is e-mailed, and the ledger holds the tip for the technician.
  expect((await latestMail(request, email, /Payment received/)).text).toContain(`tip of ${twenty}`);
  const ledger = (await (await request.get(`/api/bookings/${booking.id}/payments`)).json()) as { entries: Array<{ kind: string; technicianId?: string | null }> };
  expect(ledger.entries.filter((e) => e.kind === 'tip')).toEqual([expect.objectContaining({ technicianId: driver.id })]);
});
