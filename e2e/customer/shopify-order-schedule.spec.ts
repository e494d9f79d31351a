import { expect, test } from '../support/test';
import { dayKey, ensureTomorrowOpen, storeSynced } from '../support/booking-flow';

test.describe.configure({ timeout: 90_000 });

/** The demo store's paid order #1276 for Jordan Rivera, imported by the first sync at start-up. */
test.beforeEach(async ({ request }) => {
  await storeSynced(request);
});

test('the lookup card asks for both fields and answers a wrong e-mail with Order Not Found', async ({ page }) => {
  await page.goto('/shopify-order-schedule');
  await expect(page.getByRole('heading', { name: 'Find Your Order' })).toBeVisible();
  await expect(page.getByText('A short number such as 1276')).toBeVisible();
  await page.getByRole('button', { name: 'Find My Order' }).click();
  await expect(page.getByText('Please enter both your order number and email address.')).toBeVisible();
  await page.getByLabel('Order number').fill('#1276');
  await page.getByLabel('Email address').fill('someone.else@example.com');
  await page.getByRole('button', { name: 'Find My Order' }).click();
  await expect(page.getByText('Order Not Found')).toBeVisible();
  await expect(page.getByText('Please check your order number and email address.')).toBeVisible();
  await page.getByLabel('Email address').fill('jordan.rivera@example.com');
  await page.getByRole('button', { name: 'Find My Order' }).click();
  await expect(page.getByRole('heading', { name: 'Order #1276' })).toBeVisible();
});

test('a store customer opens the link for order #1276, schedules Full Detail and lands on tracking; the link then says it is scheduled', async ({ page, request }) => {
  // A day a week out: tomorrow's long (180 min) windows are taken by the other specs of the run.
  const day = dayKey(8);
  await ensureTomorrowOpen(request, 'Full Detail', day);
  // The e-mailed link: a leading # in the path, the e-mail in the query; the lookup runs on its own.
  await page.goto('/shopify-order-schedule/%231276?email=jordan.rivera%40example.com');
  await expect(page.getByRole('heading', { name: 'Order #1276' })).toBeVisible();
  await expect(page.getByText('Full Detail × 1')).toBeVisible();
  // The address as US addresses are written: the state and ZIP together ("San Jose, CA 95112").
  await expect(page.getByText(/, [A-Z]{2} \d{5}$/)).toBeVisible();
  await expect(page.getByText(/, [A-Z]{2}, \d{5}/)).toHaveCount(0);

  // The order's service is what the visit covers: nothing to choose.
  const visit = page.getByRole('region', { name: 'Your visit' });
  await expect(visit).toContainText('Booked: Full Detail');
  await expect(visit).toContainText(/About \d+ minutes in all/);
  await expect(page.getByLabel('Service', { exact: true })).toHaveCount(0);
  await page.getByRole('button', { name: 'Schedule Service' }).click();
  await expect(page.getByText('Please select a service, time slot, and service location type.')).toBeVisible();

  await page.getByRole('button', { name: 'Pick a date' }).click();
  await expect(page.getByRole('grid')).toBeVisible();
  const dayButton = page.getByRole('button', { name: new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)) });
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  expect(await slot.inputValue()).toMatch(new RegExp(`^${day}T\\d{2}:\\d{2}$`));
  await expect(page.getByText('All times are Pacific Time.')).toBeVisible();
  await page.getByLabel('Phone').fill('(408) 555-0142');
  await page.getByLabel('Mobile (we come to you)').check();
  // The order's shipping address fills the location.
  await expect(page.getByLabel('Street')).not.toHaveValue('');
  await expect(page.getByLabel('ZIP code')).toHaveValue(/^95\d{3}$/);
  await page.getByLabel('Notes (optional)').fill('Blue sedan in the driveway');
  await page.screenshot({ path: 'test-results/screenshots/shopify-order-schedule.png', fullPage: true });

  // The store's answer is held back a moment: the button is off while it submits, and a second click sends nothing.
  let posts = 0;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/shopify-orders/*/schedule-booking', async (route) => {
    posts += 1;
    await held;
    await route.continue();
  });
  await page.getByRole('button', { name: 'Schedule Service' }).click();
  const submitting = page.getByRole('button', { name: 'Scheduling...' });
  await expect(submitting).toBeDisabled();
  await submitting.click({ force: true });
  await page.locator('form').filter({ has: submitting }).evaluate((form: HTMLFormElement) => form.requestSubmit());
  expect(posts).toBe(1);
  release();
  await expect(page.getByText('Booking Scheduled!')).toBeVisible();
  expect(posts).toBe(1);
  await expect(page).toHaveURL(/\/tracking\?bookingId=[0-9a-f-]{36}&token=/);
  await expect(page.getByText('Full Detail').first()).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/shopify-order-tracking.png' });
  const trackingUrl = page.url();

  // The same link again: the order already has its booking — the notice, then tracking after 2 seconds.
  await page.goto('/shopify-order-schedule/1276?email=jordan.rivera%40example.com');
  await expect(page.getByRole('heading', { name: 'Service Already Scheduled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'View Booking Details' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Return to Website' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/shopify-order-already.png' });
  await page.waitForURL((url) => url.toString() === trackingUrl, { timeout: 5_000 });
});

test('an order of two services (#1279) shows what the visit covers and offers only the starts the whole visit fits', async ({ page, request }) => {
  const order = { number: '1279', email: 'hannah.berg@example.com' };
  const day = dayKey(9);
  await ensureTomorrowOpen(request, 'Interior Refresh', day);
  const lookup = await request.post('/api/shopify-orders/lookup', { data: { orderNumber: order.number, email: order.email } });
  expect(lookup.status(), await lookup.text()).toBe(200);
  const found = (await lookup.json()) as { order: { id: string }; jobMinutes: number; allowedServices: { id: string; name: string }[] };
  const interior = found.allowedServices.find((s) => s.name === 'Interior Refresh')!;
  const oneService = (await (await request.get(`/api/services/${interior.id}/available-slots?date=${day}`)).json()) as { id: string }[];
  const wholeOrder = (await (await request.post(`/api/shopify-orders/${found.order.id}/available-slots`, { data: { email: order.email, date: day } })).json()) as { id: string }[];
  expect(wholeOrder.length).toBeGreaterThan(0);
  expect(wholeOrder.length).toBeLessThan(oneService.length);

  await page.goto(`/shopify-order-schedule/${order.number}?email=${encodeURIComponent(order.email)}`);
  await expect(page.getByRole('heading', { name: `Order #${order.number}` })).toBeVisible();
  const visit = page.getByRole('region', { name: 'Your visit' });
  await expect(visit).toContainText('Booked: Interior Refresh');
  await expect(visit).toContainText('Booked: Headlight Restoration');
  await expect(visit).toContainText(`About ${found.jobMinutes} minutes in all`);
  // No service picker that would suggest one of the two is booked alone.
  await expect(page.getByLabel('Service', { exact: true })).toHaveCount(0);

  await page.getByRole('button', { name: 'Pick a date' }).click();
  const dayButton = page.getByRole('button', { name: new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`)), exact: true });
  if (!(await dayButton.isVisible())) await page.getByRole('button', { name: 'Next month' }).click();
  await dayButton.click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  // The placeholder and the order's starts: fewer late starts than Interior Refresh alone would list.
  await expect(slot.locator('option')).toHaveCount(wholeOrder.length + 1);
  const values = await slot.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(values).toEqual(wholeOrder.map((s) => s.id));
  expect(values.at(-1)! < oneService.at(-1)!.id).toBe(true);
  await page.screenshot({ path: 'test-results/screenshots/shopify-order-two-services.png', fullPage: true });
});
