import { expect, request as playwrightRequest, test } from '../support/test';
import { DRIVER, uniqueEmail } from '../support/helpers';
import { addDays, adminLogin, mondayInWeeks, searchBookings } from './admin-support';

/** A tiny JPEG by its first bytes: the server types images by their bytes, and the office only looks. */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('office-test')]);
const SIX = ['front', 'rear', 'left', 'right', 'interior', 'odometer'];

test('the office opens a pickup booking’s inspections and sees the customer’s concern', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await adminLogin(page);
  const email = uniqueEmail('custody');
  const services = (await (await page.request.get('/api/services')).json()) as Array<{ id: string; locationOptions: { pickup: boolean } }>;
  const created = await page.request.post('/api/admin/appointments', {
    data: {
      customerName: 'Owen Office',
      customerEmail: email,
      customerPhone: '4085550178',
      serviceId: services.find((s) => s.locationOptions.pickup)!.id,
      date: addDays(mondayInWeeks(16), 2),
      time: '10:00',
      serviceType: 'pickup',
      address: { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const bookingId = ((await created.json()) as { id: string }).id;
  const number = bookingId.slice(-8).toUpperCase();
  const { token } = (await (await page.request.post(`/api/bookings/${bookingId}/generate-tracking-token`)).json()) as { token: string };

  // The demo driver works it: pickup inspection, the job, the return inspection (as a phone would send them).
  const driver = await playwrightRequest.newContext({ baseURL });
  const driverId = ((await (await driver.post('/api/auth/login', { data: DRIVER })).json()) as { id: string }).id;
  expect((await page.request.post(`/api/drivers/${driverId}/assign/${bookingId}`, { data: { override: true } })).ok()).toBeTruthy();
  const inspect = async (phase: 'pickup' | 'return', odometer: number) => {
    const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
      data: JSON.stringify({ phase, odometer, fuelEighths: phase === 'pickup' ? 6 : 5, damage: phase === 'pickup' ? [{ zone: 'rear', note: 'Dent by the tailgate' }] : [], customerNotPresent: true }),
    };
    for (const slot of SIX) multipart[`photo.${slot}`] = { name: `${slot}.jpg`, mimeType: 'image/jpeg', buffer: JPEG };
    const answer = await driver.post(`/api/driver/bookings/${bookingId}/inspections`, { multipart });
    expect(answer.status(), await answer.text()).toBe(201);
  };
  const advance = async (...statuses: string[]) => {
    for (const status of statuses) expect((await driver.put(`/api/driver/bookings/${bookingId}/status`, { data: { status } })).ok()).toBeTruthy();
  };
  await advance('en_route_pickup', 'arrived_pickup');
  await inspect('pickup', 30_100);
  await advance('picked_up', 'en_route_service', 'arrived_service', 'in_progress', 'completed_service', 'en_route_return');
  await inspect('return', 30_124);

  // The customer flags a concern from the tracking link.
  const concern = await page.request.post(`/api/driver/bookings/${bookingId}/inspections/concerns`, {
    headers: { 'x-tracking-token': token, cookie: '' },
    data: { text: 'The interior smells of smoke now' },
  });
  expect(concern.status(), await concern.text()).toBe(201);

  await searchBookings(page, email);
  const card = page.getByTestId(`booking-${number}`);
  await expect(card).toBeVisible();
  await card.getByRole('button', { name: 'Inspections' }).click();
  const panel = card.getByRole('region', { name: 'Vehicle inspections' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('odometer-pickup')).toHaveText('30,100');
  await expect(panel.getByTestId('odometer-return')).toHaveText('30,124');
  await expect(panel.getByText('Dent by the tailgate')).toBeVisible();
  await expect(panel.getByTestId('inspection-concerns')).toContainText('The interior smells of smoke now');
  // The office reads; only the customer flags.
  await expect(panel.getByRole('button', { name: 'Flag a concern' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/admin-inspections.png', fullPage: true });

  // The dashboard's "Needs attention" names the booking with the flagged concern and leads to it.
  await page.goto('/admin');
  const flagged = page.getByTestId('needs-attention').getByRole('link', { name: new RegExp(`^Inspection concern flagged on #${number} `) });
  await expect(flagged).toBeVisible();
  await flagged.click();
  await expect(page.getByTestId(`booking-${number}`)).toBeVisible();
});
