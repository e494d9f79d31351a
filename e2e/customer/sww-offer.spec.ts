import { expect, test } from '../support/test';
import { ADMIN, pacificDay } from '../support/helpers';

/** Tomorrow in the business's time zone (the browser runs in America/Los_Angeles too). */
const tomorrowKey = () => pacificDay(1);

test('/sww-offer on a phone shows the countdown and prices, and Book Now leads to a booking at the offer price', async ({ page, request }) => {
  // Tomorrow may be a Sunday (closed in the seeded hours): the admin opens it so the test can book it.
  expect((await request.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  await request.post('/api/admin/business-availability', { data: { date: tomorrowKey(), startTime: '09:00', endTime: '17:00', maxCapacity: 3 } });
  await request.post('/api/auth/logout');

  await page.goto('/sww-offer');
  await expect(page.getByRole('heading', { name: 'Fall Wash & Wax Special' })).toBeVisible();
  await expect(page.getByRole('timer')).toContainText('days');
  await page.getByRole('radio', { name: /SUV/ }).click();
  await expect(page.getByTestId('offer-price')).toHaveText('$99.00');
  await expect(page.getByText('Save $50.00 (34%)')).toBeVisible();
  await expect(page.getByText(/Our shop:/)).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/sww-offer.png', fullPage: true });

  await page.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(/\/\?.*offer=suv/);
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  // The offer's price holds from the first screen: banner and running total (99.00 + 5.00 fee + 9.90 tax).
  await expect(page.getByTestId('offer-banner')).toHaveText('Fall Wash & Wax Special: SUV $99.00');
  await expect(page.getByTestId('booking-running-total')).toHaveText('$113.90');
  await page.getByLabel('Mobile Service').check();
  await page.getByLabel('Service Location').fill('425 Park Ave, San Jose, CA 95110');
  await page.getByRole('listbox', { name: 'Service Location' }).getByRole('button', { name: /425 Park Ave, San Jose, CA 95110/ }).click();
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByTestId('offer-banner')).toBeVisible();
  await expect(page.getByTestId('summary-line')).toHaveText(['Wash & Wax$99.00']);
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await page.getByLabel('Full Name').fill('Ollie Offer');
  await page.getByLabel('Email').fill(`offer-${Date.now()}@example.com`);
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // 99.00 offer price + 5.00 service fee + 9.90 tax, as the server priced it
  await expect(page.getByRole('button', { name: 'Complete Payment - $113.90' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Complete Payment - $113.90' }).click();
  await expect(page).toHaveURL(/\/tracking\?bookingId=/);
  await expect(page.getByText('$113.90')).toBeVisible();
});
