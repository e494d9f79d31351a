import { expect, request as playwrightRequest, test } from '../support/test';
import { PARK_AVE, serviceId } from '../support/booking-flow';
import { ADMIN, latestMail, pacificWhen, uniqueEmail } from '../support/helpers';

test('rain likely two days ahead: the customer gets the offer and moves the job in one tap on a phone', async ({ page, browser, baseURL }) => {
  const office = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await office.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  // An outdoor mobile job 42 hours from now (inside the check's 36–48 h), booked by the owner at any hour.
  const at = new Date(Math.ceil((Date.now() + 42 * 3_600_000) / 1_800_000) * 1_800_000);
  const { date, time } = pacificWhen(at);
  const email = uniqueEmail('rain');
  const made = await office.post('/api/admin/appointments', {
    data: { customerName: 'Rainy Reyes', customerEmail: email, customerPhone: '', serviceId: await serviceId(office, 'Express Exterior Wash'), date, time, notes: '', serviceType: 'mobile', address: PARK_AVE, override: true },
  });
  expect(made.status(), await made.text()).toBe(201);
  const bookingId = ((await made.json()) as { id: string }).id;

  // The stand-in forecast: 80 % rain that day at the job's place only; the hourly check runs now.
  const checked = await office.post('/api/dev/weather-check', { data: { rain: [{ date, near: { lat: PARK_AVE.latitude, lng: PARK_AVE.longitude }, percent: 80 }] } });
  expect(checked.ok(), await checked.text()).toBeTruthy();
  const mail = await latestMail(office, email, /^Rain is likely/);
  const link = new URL(mail.links.find((l) => l.includes('/weather?token='))!);

  // The owner sees the rain flag on the job in the dispatch board's lanes for that day (1280×800).
  const officeBrowser = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, timezoneId: 'America/Los_Angeles' });
  const board = await officeBrowser.newPage();
  expect((await board.request.post('/api/auth/login', { data: ADMIN, headers: { origin: baseURL! } })).ok()).toBeTruthy();
  await board.goto('/admin/dispatch');
  await board.getByRole('button', { name: 'Lanes' }).click();
  await board.getByLabel('Lanes day').fill(date);
  await expect(board.getByTestId(`lane-job-${bookingId.slice(-8).toUpperCase()}`).getByTestId('weather-flag')).toHaveText('Rain likely 80 %');
  await officeBrowser.close();

  await page.goto(link.pathname + link.search);
  await expect(page.getByText(/80 ?%/).first()).toBeVisible();
  const keep = page.getByRole('button', { name: 'Keep it' });
  await expect(keep).toBeVisible();
  const moves = page.getByRole('button').filter({ hasNotText: 'Keep it' }).filter({ hasText: /\d{1,2}:\d{2}/ });
  await expect(moves).toHaveCount(3);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/weather-offer.png', fullPage: true });

  await moves.first().click();
  await expect(page.getByText(/^Done: your booking is moved to /)).toBeVisible();
  const booking = (await (await office.get(`/api/admin/bookings/${bookingId}`)).json()) as { scheduledDate: string };
  expect(new Date(booking.scheduledDate).getTime()).not.toBe(at.getTime());
  // The same link cannot keep the old time now.
  expect((await page.request.post(`/api/weather-offers/${link.searchParams.get('token')}/keep`)).status()).toBe(409);
  await office.dispose();
});
