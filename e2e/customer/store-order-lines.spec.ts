import { expect, test } from '../support/test';
import { storeSynced } from '../support/booking-flow';
import { DRIVER } from '../support/helpers';
import { bookTwoServiceOrder, COVERS_ORDER } from '../support/store-lines';

test.describe.configure({ timeout: 90_000 });

test('the scheduling page of a store order lists what each line books, and the one that books nothing', async ({ page, request }) => {
  await storeSynced(request);
  await page.goto(`/shopify-order-schedule/${COVERS_ORDER.number}?email=${encodeURIComponent(COVERS_ORDER.email)}`);
  await expect(page.getByRole('heading', { name: `Order #${COVERS_ORDER.number}` })).toBeVisible();
  const covers = page.getByRole('list', { name: 'What your order covers' });
  await expect(covers.getByRole('listitem')).toHaveCount(3);
  await expect(covers.getByRole('listitem').filter({ hasText: 'Interior Refresh × 1' })).toContainText('Booked: Interior Refresh');
  await expect(covers.getByRole('listitem').filter({ hasText: 'Pet hair removal × 1' })).toContainText('Booked add-on: Pet hair removal');
  await expect(covers.getByRole('listitem').filter({ hasText: 'Microfiber towel pack × 1' })).toContainText('Not part of the booking');
  // The visit is what the order covers: no service to choose.
  const visit = page.getByRole('region', { name: 'Your visit' });
  await expect(visit).toContainText('Booked: Interior Refresh');
  await expect(visit).toContainText('Booked add-on: Pet hair removal');
  await expect(page.getByLabel('Service', { exact: true })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/screenshots/store-order-covers.png', fullPage: true });
});

test("a two-service store booking shows both vehicles' lines on the tracking page and the driver's job card", async ({ page, request }) => {
  const { bookingId, trackingToken } = await bookTwoServiceOrder(request);
  await page.goto(`/tracking?bookingId=${bookingId}&token=${trackingToken}`);
  const lines = page.getByRole('region', { name: 'What is booked' });
  await expect(lines.getByText('Full Detail')).toBeVisible();
  await expect(lines.getByText('Pet hair removal')).toBeVisible();
  await expect(lines.getByText('Headlight Restoration')).toBeVisible();
  await expect(lines.getByText('$69.00')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/tracking-lines.png', fullPage: true });

  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
  await page.context().route('**/tile.openstreetmap.org/**', (route) => route.abort());
  await page.goto('/driver');
  const job = page.locator(`article[data-booking-id="${bookingId}"]`);
  await expect(job).toBeVisible();
  const jobLines = job.getByRole('region', { name: 'What is booked' });
  await expect(jobLines.getByText('Full Detail')).toBeVisible();
  await expect(jobLines.getByText('Headlight Restoration')).toBeVisible();
  await expect(jobLines.getByText('Pet hair removal')).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/driver-job-lines.png', fullPage: true });
});
