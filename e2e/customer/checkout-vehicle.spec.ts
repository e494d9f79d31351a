import { expect, request as playwrightRequest, test } from '../support/test';
import { ensureTomorrowOpen, startBooking } from '../support/booking-flow';
import { ADMIN, uniqueEmail } from '../support/helpers';

test('Booking Details takes the car, the gate code and whether the car is under a roof (optional); the booking keeps them', async ({ page, request, baseURL }) => {
  await ensureTomorrowOpen(request, 'Interior Refresh');
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await startBooking(page, {
    service: 'Interior Refresh',
    type: 'Mobile Service',
    addressLabel: 'Service Location',
    typed: '425 Park Ave, San Jose, CA 95110',
    pick: /425 Park Ave, San Jose, CA 95110/,
    slotIndex: 3,
    onDetails: async (details) => {
      await expect(details.getByText('For your detailer (optional)')).toBeVisible();
      await details.getByLabel('Vehicle (make, model, colour)').fill('Silver Toyota RAV4');
      await details.getByLabel('Gate code, parking or access notes').fill('Gate 1234, park on the street');
      await details.getByRole('group', { name: 'Is the car parked under a roof (garage or carport)?' }).getByLabel('No, in the open').check();
      expect(await details.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await details.screenshot({ path: 'test-results/screenshots/booking-details-vehicle.png', fullPage: true });
    },
  });
  await page.getByLabel('Email *').fill(uniqueEmail('vehicle'));
  const created = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  const response = await created;
  expect(response.request().postDataJSON()).toMatchObject({ vehicle: 'Silver Toyota RAV4', accessNotes: 'Gate 1234, park on the street', coveredParking: false });
  const { id } = (await response.json()) as { id: string };
  await expect(page.getByLabel('Card number')).toBeVisible();

  const admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  expect(await (await admin.get(`/api/admin/bookings/${id}`)).json()).toMatchObject({ vehicle: 'Silver Toyota RAV4', accessNotes: 'Gate 1234, park on the street', coveredParking: false });
});
