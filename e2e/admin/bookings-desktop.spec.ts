import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, searchBookings, serviceId } from './admin-support';

test("the admin assigns the demo driver and changes the status while the customer's tracking page follows live", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const friday = addDays(mondayInWeeks(14), 4);
  const email = uniqueEmail('tracker');

  // The customer: an account, signed in in their own browser.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles' });
  const customer = await customerContext.newPage();
  expect((await customer.request.post('/api/auth/register', { data: { fullName: 'Taylor Tracker', email, phone: '4085550177', password: 'taylor-password' } })).status()).toBe(201);

  // The admin books Taylor an appointment; it joins Taylor's account because the e-mail matches.
  await adminLogin(page);
  const created = await page.request.post('/api/admin/appointments', {
    data: { customerName: 'Taylor Tracker', customerEmail: email, customerPhone: '4085550177', serviceId: await serviceId(page.request, 'Headlight Restoration'), date: friday, time: '10:00', notes: 'Silver Prius' },
  });
  expect(created.status()).toBe(201);
  const bookingId = ((await created.json()) as { id: string }).id;
  const number = bookingId.slice(-8).toUpperCase();

  await customer.goto(`/tracking?bookingId=${bookingId}`);
  await expect(customer.getByTestId('status-label')).toHaveText('Confirmed');
  await expect(customer.getByTestId('live-indicator')).toBeVisible();

  await searchBookings(page, email);
  const card = page.getByTestId(`booking-${number}`);
  await expect(card).toBeVisible();

  // Assign the demo driver.
  const drivers = (await (await page.request.get('/api/drivers')).json()) as Array<{ id: string; email: string }>;
  await card.getByLabel('Driver').selectOption(drivers.find((d) => d.email === 'driver@glint.local')!.id);
  await expect(page.getByText('Driver assigned', { exact: true })).toBeVisible();
  await expect(card.getByText('Driver assigned: Diego Ramirez')).toBeVisible();
  // The customer's page hears it without a reload.
  await expect(customer.getByText('Driver assigned: Diego Ramirez')).toBeVisible();

  // Change the status.
  await card.getByLabel('Status').selectOption('in_progress');
  await expect(page.getByText('Booking status updated', { exact: true })).toBeVisible();
  await expect(customer.getByTestId('status-label')).toHaveText('Service in Progress');
  await customer.screenshot({ path: 'test-results/screenshots/tracking-follows-admin.png', fullPage: true });

  // And the public view agrees.
  const publicView = (await (await customer.request.get(`/api/bookings/guest/${bookingId}`)).json()) as { status: string };
  expect(publicView.status).toBe('in_progress');

  await card.getByLabel('Status').selectOption('completed');
  await expect(customer.getByTestId('status-label')).toHaveText('Service Complete');
  await customerContext.close();
});
