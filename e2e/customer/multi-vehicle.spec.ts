import { expect, test, type Page } from '../support/test';
import { ensureTomorrowOpen, payWithCard, serviceId } from '../support/booking-flow';
import { uniqueEmail } from '../support/helpers';

/** A fresh customer with a saved SUV, signed in through the API (the page shares the cookies). */
async function customerWithSuv(page: Page) {
  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Mona Multi', email: uniqueEmail('multi'), phone: '4085550177', password: 'multi-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  const suv = await page.request.post('/api/vehicles', { data: { year: 2019, make: 'Honda', model: 'CR-V', colour: 'Blue', sizeClass: 'suv' } });
  expect(suv.status(), await suv.text()).toBe(201);
}

const slotCount = async (page: Page) => {
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  return slot.locator('option').count();
};

test('a signed-in customer books an SUV with two add-ons and a sedan: the lines and total hold from the start to the receipt, and the slots fit the longer job', async ({ page, request }) => {
  await ensureTomorrowOpen(request, 'Wash & Wax');
  const washAndWax = (await (await request.get(`/api/services/${await serviceId(request, 'Wash & Wax')}`)).json()) as { serviceFee: string };
  await customerWithSuv(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await page.getByRole('button', { name: /Wash & Wax/ }).click();
  await page.getByLabel('Mobile Service').check();
  await page.getByLabel('Service Location').fill('425 Park Ave, San Jose, CA 95110');
  await page.getByRole('listbox', { name: 'Service Location' }).getByRole('button', { name: /425 Park Ave, San Jose, CA 95110/ }).click();
  await page.getByRole('button', { name: 'Tomorrow' }).click();

  // The saved SUV is preselected; its price at SUV size is the first running total (139 + fee + 13.90 tax).
  const vehicles = page.getByTestId('job-vehicle');
  await expect(vehicles.first().getByLabel('Which vehicle')).toHaveValue(/.+/);
  await expect(vehicles.first().getByLabel('Which vehicle').locator('option:checked')).toHaveText(/2019 Honda CR-V, Blue · SUV/);
  const fee = Number(washAndWax.serviceFee);
  await expect(page.getByTestId('booking-running-total')).toHaveText(`$${(139 + 13.9 + fee).toFixed(2)}`);
  const shortJobSlots = await slotCount(page);

  // Two add-ons at SUV prices, then a second vehicle typed from the catalogue (size preselected).
  await vehicles.first().getByLabel(/Clay bar treatment \+\$60\.00 · 45 min/).check();
  await vehicles.first().getByLabel(/Ceramic spray sealant \+\$35\.00 · 20 min/).check();
  await page.getByRole('button', { name: 'Add another vehicle' }).click();
  const second = vehicles.nth(1);
  await second.getByLabel('Which vehicle').selectOption('new');
  await second.getByLabel('Make').fill('Toyota');
  await second.getByLabel('Model').fill('Camry');
  await expect(second.getByLabel('Size')).toHaveValue('sedan');
  await expect(second.getByLabel('Save for next time')).toBeChecked();

  // SUV 139 + 60 + 35, sedan 119: 353.00, tax 35.30.
  const total = `$${(353 + 35.3 + fee).toFixed(2)}`;
  await expect(page.getByTestId('booking-running-total')).toHaveText(total);
  // 135 + 45 + 20 + 120 minutes: fewer starts fit the day.
  await expect.poll(() => slotCount(page)).toBeLessThan(shortJobSlots);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/multi-vehicle-start.png', fullPage: true });

  // Other specs book tomorrow too; when the longer job no longer fits there, the calendar (which greys out days
  // without a start for this job) offers the first day that has one.
  if ((await slotCount(page)) <= 1) {
    await page.getByRole('button', { name: 'Pick a date' }).click();
    const calendar = page.getByTestId('date-calendar');
    await expect(calendar.locator('button:disabled').filter({ hasText: /^\d+$/ }).first()).toBeVisible();
    await calendar.locator('button:not(:disabled)[aria-pressed="false"]').filter({ hasText: /^\d+$/ }).first().click();
    await expect.poll(() => slotCount(page)).toBeGreaterThan(1);
  }
  await page.getByLabel('Time slot').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  const summary = page.getByTestId('summary-vehicle');
  await expect(summary).toHaveCount(2);
  await expect(summary.nth(0)).toContainText('Vehicle 1 · SUV · 2019 Honda CR-V, Blue');
  await expect(summary.nth(0)).toContainText('Clay bar treatment$60.00');
  await expect(summary.nth(0)).toContainText('Ceramic spray sealant$35.00');
  await expect(summary.nth(1)).toContainText('Vehicle 2 · Sedan · Toyota Camry');
  await expect(summary.nth(1)).toContainText('Wash & Wax$119.00');

  const created = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  const response = await created;
  const sent = response.request().postDataJSON() as { vehicles: Array<{ vehicleId?: string; addOnIds: string[] }> };
  // The typed sedan was saved to the account and is booked by its id.
  expect(sent.vehicles).toHaveLength(2);
  expect(sent.vehicles[0]!.addOnIds).toHaveLength(2);
  expect(sent.vehicles[1]!.vehicleId).toBeTruthy();
  const booking = (await response.json()) as { id: string; totalAmount: string };
  expect(`$${booking.totalAmount}`).toBe(total);
  await expect(page.getByTestId('summary-vehicle')).toHaveCount(2);
  await expect(page.getByRole('button', { name: `Complete Payment - ${total}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/multi-vehicle-checkout.png', fullPage: true });
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking/);

  const receipt = await page.request.get(`/api/bookings/${booking.id}/receipt`);
  expect(receipt.status()).toBe(200);
  expect(await receipt.json()).toMatchObject({ total: booking.totalAmount, tax: '35.30' });
  const saved = (await (await page.request.get('/api/vehicles')).json()) as { items: Array<{ make: string; model: string; sizeClass: string }> };
  expect(saved.items.map((v) => `${v.make} ${v.model} ${v.sizeClass}`)).toEqual(['Honda CR-V suv', 'Toyota Camry sedan']);
  // The typed address was saved too ("Save for next time" is ticked by default) and is now the default.
  const addresses = (await (await page.request.get('/api/addresses')).json()) as Array<{ street: string; isDefault: boolean }>;
  expect(addresses).toMatchObject([{ street: '425 Park Ave', isDefault: true }]);
  await page.goto('/');
  await page.getByRole('button', { name: /Wash & Wax/ }).click();
  await page.getByLabel('Mobile Service').check();
  await expect(page.getByLabel('Saved address').locator('option:checked')).toHaveText('425 Park Ave, San Jose, CA 95110');
});
