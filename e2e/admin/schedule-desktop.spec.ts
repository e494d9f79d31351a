import { expect, test } from '../support/test';
import { CUSTOMER, signInViaApi } from '../support/helpers';
import { addDays, adminLogin, adminLoginThroughForm, mondayInWeeks, serviceId, showWeek, slotStarts } from './admin-support';

// The machine running the suite is shared and slow; these walk through several pages each.
test.describe.configure({ timeout: 90_000 });

test('a signed-out visitor and a customer are kept out of the back office', async ({ page }) => {
  await page.goto('/admin/schedule');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');

  await signInViaApi(page, CUSTOMER);
  await page.goto('/admin/customers');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByText('Access denied')).toBeVisible();
  await expect(page.getByText(/Admin privileges required/)).toBeVisible();
  // The server refuses too, whatever the page shows.
  expect((await page.request.get('/api/admin/customers')).status()).toBe(403);
  // Every /admin page sits behind the guard, the ones of later issues included.
  for (const path of ['/admin/packages', '/admin/analytics', '/admin/marketing/offer', '/admin/shopify', '/admin/fulfillment', '/admin/package-purchases', '/admin/staff']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/admin\/login$/);
  }
});

test('the admin signs in with the password only and sees the dashboard', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid credentials')).toBeVisible();
  await adminLoginThroughForm(page);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByTestId('stat-services')).toHaveText(/\d+/);
  await expect(page.getByRole('heading', { name: "Today's bookings" })).toBeVisible();
  for (const name of ['Schedule', 'Bookings', 'Customers', 'Services', 'Packages', 'Package Purchases', 'Analytics', 'Shopify', 'Fulfillment']) {
    await expect(page.getByRole('region', { name: 'Admin pages' }).getByRole('link', { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await page.getByRole('region', { name: 'Admin pages' }).getByRole('link', { name: /^Analytics/ }).click();
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await page.goBack();
  await page.getByRole('region', { name: 'Admin pages' }).getByRole('link', { name: /^Shopify/ }).click();
  await expect(page.getByRole('heading', { name: 'Shopify Integration' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-dashboard-desktop.png' });
});

test('the admin closes a day and customers are refused it; reopening gives it back', async ({ page, request, browser }) => {
  const monday = mondayInWeeks(10);
  const wednesday = addDays(monday, 2);
  await adminLogin(page);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  expect(await slotStarts(request, headlights, wednesday)).toContain('09:00');

  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Schedule' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Week schedule' }).locator('tbody tr')).toHaveCount(13);
  await showWeek(page, monday);

  await page.getByRole('button', { name: `Close ${wednesday}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Mark Day Unavailable' });
  await dialog.getByRole('button', { name: 'Mark Unavailable' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('Type *').selectOption('holiday');
  await dialog.getByLabel('Description *').fill('Team day out');
  await dialog.getByLabel('Notes').fill('Whole crew at the detailing expo');
  await dialog.getByRole('button', { name: 'Mark Unavailable' }).click();
  await expect(page.getByText('Day marked unavailable')).toBeVisible();
  const header = page.getByTestId(`day-${wednesday}`);
  await expect(header.getByText('CLOSED')).toBeVisible();
  await expect(header.getByText('Team day out')).toBeVisible();
  await expect(page.getByTestId(`cell-${wednesday} 10:00`)).toHaveAttribute('data-state', 'unavailable');
  await page.screenshot({ path: 'test-results/screenshots/admin-schedule-closed-day.png', fullPage: true });

  // Refused to customers: an anonymous visitor gets no slot on that date…
  expect(await slotStarts(request, headlights, wednesday)).toEqual([]);
  // …and a signed-in customer's booking start shows none either.
  const customerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, timezoneId: 'America/Los_Angeles', locale: 'en-US' });
  const customer = await customerContext.newPage();
  await signInViaApi(customer, CUSTOMER);
  await customer.goto('/');
  await expect(customer.getByRole('heading', { name: 'Choose Your Service' })).toBeVisible();
  await customer.getByRole('button', { name: /Headlight Restoration/ }).click();
  await customer.getByLabel('On-site Service').check();
  // The start has settled on its first day (it opens the calendar itself when that day is not the next one):
  // the calendar is opened once, never toggled shut by a second click.
  await expect(customer.locator('#booking-slot')).toBeEnabled();
  const pick = customer.getByRole('button', { name: 'Pick a date' });
  if ((await pick.getAttribute('aria-expanded')) !== 'true') await pick.click();
  await expect(customer.getByTestId('date-calendar')).toBeVisible();
  const dayLabel = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${wednesday}T12:00:00Z`));
  for (let i = 0; i < 6 && !(await customer.getByRole('button', { name: dayLabel }).isVisible()); i++) await customer.getByRole('button', { name: 'Next month' }).click();
  // The calendar greys the closed day out and says why, so it cannot be chosen.
  await expect(customer.getByRole('button', { name: `${dayLabel}: no free times` })).toBeDisabled();
  await customer.screenshot({ path: 'test-results/screenshots/customer-closed-day.png', fullPage: true });
  await customerContext.close();

  // Edit → Reopen Day.
  await header.getByRole('button', { name: `Edit ${wednesday}` }).click();
  await page.getByRole('dialog', { name: 'Mark Day Unavailable' }).getByRole('button', { name: 'Reopen Day' }).click();
  await expect(page.getByText('Day reopened')).toBeVisible();
  await expect(header.getByText('CLOSED')).toHaveCount(0);
  expect(await slotStarts(request, headlights, wednesday)).toContain('09:00');
});

test('the admin bulk-creates availability and the grid and the slots follow', async ({ page, request }) => {
  const monday = mondayInWeeks(11);
  await adminLogin(page);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  await page.goto('/admin/schedule');
  await page.getByRole('button', { name: 'Bulk Availability' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bulk Availability' });
  await dialog.getByLabel('Start Date *').fill('');
  await dialog.getByRole('button', { name: 'Create Availability' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await dialog.getByLabel('Start Date *').fill(monday);
  await dialog.getByLabel('End Date *').fill(addDays(monday, 6));
  await dialog.getByLabel('Start Time *').fill('10:00');
  await dialog.getByLabel('End Time *').fill('14:00');
  await dialog.getByLabel('Max Concurrent Appointments').fill('2');
  await dialog.getByLabel('Mon', { exact: true }).check();
  await dialog.getByLabel('Wed', { exact: true }).check();
  await dialog.getByRole('button', { name: 'Create Availability' }).click();
  await expect(page.getByText('Created 2 availability slots')).toBeVisible();

  await showWeek(page, monday);
  await expect(page.getByTestId(`day-${monday}`).getByRole('button', { name: 'Edit availability 10:00–14:00' })).toBeVisible();
  await expect(page.getByTestId(`day-${addDays(monday, 2)}`).getByRole('button', { name: 'Edit availability 10:00–14:00' })).toBeVisible();
  await expect(page.getByTestId(`cell-${monday} 09:00`)).toHaveAttribute('data-state', 'closed');
  await expect(page.getByTestId(`cell-${monday} 10:00`)).toHaveAttribute('data-state', 'available');
  expect(await slotStarts(request, headlights, monday)).toEqual(['10:00', '10:30', '11:00', '11:30', '12:00', '12:30', '13:00']);
  // Tuesday was not chosen: it keeps the weekly hours.
  expect(await slotStarts(request, headlights, addDays(monday, 1))).toContain('09:00');

  // Edit one window through its dialog: the slots change at once.
  await page.getByTestId(`day-${monday}`).getByRole('button', { name: 'Edit availability 10:00–14:00' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Business Availability' });
  await edit.getByLabel('End Time *').fill('12:00');
  await edit.getByRole('button', { name: 'Update Availability' }).click();
  await expect(page.getByText('Availability updated')).toBeVisible();
  expect(await slotStarts(request, headlights, monday)).toEqual(['10:00', '10:30', '11:00']);

  // Tidy up so the rest of the run sees the usual hours.
  const rows = (await (await page.request.get(`/api/admin/business-availability?startDate=${monday}&endDate=${addDays(monday, 6)}`)).json()) as Array<{ id: string }>;
  for (const row of rows) expect((await page.request.delete(`/api/admin/business-availability/${row.id}`)).ok()).toBeTruthy();
});

test('the admin blocks time and books a walk-in from the grid; both take capacity', async ({ page, request }) => {
  const monday = mondayInWeeks(12);
  const thursday = addDays(monday, 3);
  await adminLogin(page);
  const headlights = await serviceId(page.request, 'Headlight Restoration');
  await page.goto('/admin/schedule');
  await showWeek(page, monday);

  // A free cell offers the Time Slot Action choice.
  await page.getByRole('button', { name: `Open slot ${thursday} 11:00` }).click();
  await expect(page.getByRole('dialog', { name: 'Time Slot Action' })).toBeVisible();
  await page.getByRole('button', { name: 'Block This Time (Personal/Unavailable)' }).click();
  const block = page.getByRole('dialog', { name: 'Block Time' });
  await expect(block.getByLabel('Start Time *')).toHaveValue('11:00');
  await expect(block.getByLabel('End Time *')).toHaveValue('11:59');
  await block.getByLabel('Reason').fill('Supplier visit');
  await block.getByRole('button', { name: 'Block Time' }).click();
  await expect(page.getByText('Time blocked successfully')).toBeVisible();
  await expect(page.getByText('The selected time period is now unavailable for booking')).toBeVisible();
  await expect(page.getByTestId(`cell-${thursday} 11:00`)).toHaveAttribute('data-state', 'blocked');
  const starts = await slotStarts(request, headlights, thursday);
  expect(starts).not.toContain('11:00');
  expect(starts).not.toContain('11:30');
  expect(starts).not.toContain('10:30'); // a 60-minute service starting 10:30 would run into the block

  // The day's Add button opens Create New Appointment at 09:00.
  await page.getByRole('button', { name: `Add appointment on ${thursday}` }).click();
  const create = page.getByRole('dialog', { name: 'Create New Appointment' });
  await expect(create.getByLabel('Time *')).toHaveValue('09:00');
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await create.getByLabel('Customer Name *').fill('Walk-in Wendy');
  await create.getByLabel('Customer Email *').fill('wendy@example.com');
  await create.getByLabel('Service *').selectOption({ label: 'Headlight Restoration (60 min)' });
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(page.getByText('Appointment created')).toBeVisible();
  await expect(page.getByTestId(`cell-${thursday} 09:00`).getByRole('button', { name: /Walk-in Wendy/ })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/admin-schedule-week.png', fullPage: true });

  // Edit Appointment: update, then delete; the blocked time is removed the same way.
  await page.getByTestId(`cell-${thursday} 09:00`).getByRole('button', { name: /Walk-in Wendy/ }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Appointment' });
  await edit.getByLabel('Time *').fill('14:00');
  await edit.getByRole('button', { name: 'Update Appointment' }).click();
  await expect(page.getByText('Appointment updated')).toBeVisible();
  await page.getByTestId(`cell-${thursday} 14:00`).getByRole('button', { name: /Walk-in Wendy/ }).click();
  await page.getByRole('dialog', { name: 'Edit Appointment' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Appointment deleted')).toBeVisible();
  await page.getByTestId(`cell-${thursday} 11:00`).getByRole('button', { name: /Blocked/ }).click();
  await page.getByRole('dialog', { name: 'Blocked Time' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Blocked time removed')).toBeVisible();
  expect(await slotStarts(request, headlights, thursday)).toContain('11:00');
});
