import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { ADMIN, addDays, pacificDay, uniqueEmail } from '../support/helpers';

export { addDays };

/** Today's date in San Jose. */
export function pacificToday(): string {
  return pacificDay(0);
}

export function mondayOf(date: string): string {
  const dow = new Date(`${date}T12:00:00Z`).getUTCDay();
  return addDays(date, -((dow + 6) % 7));
}

/**
 * A Monday `weeksAhead` weeks from now: far enough that the other specs of the run (which book near
 * today) never meet the closures and availability these specs create.
 */
export function mondayInWeeks(weeksAhead: number): string {
  return addDays(mondayOf(pacificToday()), 7 * weeksAhead);
}

/** Signs in through /admin/login the way a person does: the account is fixed, only the password is typed. */
export async function adminLoginThroughForm(page: Page): Promise<void> {
  await page.goto('/admin/login');
  await expect(page.getByLabel('Email')).toHaveValue(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/**
 * The admin signed in and on `path` (the dashboard unless told), for the specs about what comes after: the
 * session is made through the API (the page shares the context's cookies); the form itself is the sign-in
 * spec's (schedule-desktop).
 */
export async function adminLogin(page: Page, path = '/admin/dashboard'): Promise<void> {
  const signedIn = await page.request.post('/api/auth/login', { data: ADMIN });
  expect(signedIn.ok(), await signedIn.text()).toBeTruthy();
  await page.goto(path);
  const { pathname } = new URL(path, 'http://glint.test');
  await expect(page).toHaveURL((url) => url.pathname === pathname);
}

export async function serviceId(request: APIRequestContext, name: string): Promise<string> {
  const services = (await (await request.get('/api/admin/services')).json()) as Array<{ id: string; name: string }>;
  return services.find((s) => s.name === name)!.id;
}

export async function slotStarts(request: APIRequestContext, service: string, date: string): Promise<string[]> {
  const response = await request.get(`/api/services/${service}/available-slots?date=${date}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as Array<{ startTime: string }>).map((s) => s.startTime);
}

/** Moves the week grid forward until it shows the week starting `monday`. */
export async function showWeek(page: Page, monday: string): Promise<void> {
  const weeks = Math.round((Date.parse(`${monday}T12:00:00Z`) - Date.parse(`${mondayOf(pacificToday())}T12:00:00Z`)) / (7 * 86_400_000));
  await page.getByRole('button', { name: 'Today', exact: true }).click();
  for (let i = 0; i < weeks; i++) await page.getByRole('button', { name: 'Next Week' }).click();
  await expect(page.getByTestId(`day-${monday}`)).toBeVisible();
}

/**
 * A phone appointment begun as the owner does: signed in, the week `weeksAhead` on the grid, "Add appointment"
 * on its `weekday` (0 = Monday), the customer and the service filled in. Returns the dialog.
 */
export async function startPhoneAppointment(
  page: Page,
  at: { weeksAhead: number; weekday: number },
  customer: { name: string; email: string; phone: string },
  service: string,
): Promise<Locator> {
  const monday = mondayInWeeks(at.weeksAhead);
  await adminLogin(page, '/admin/schedule');
  await showWeek(page, monday);
  await page.getByRole('button', { name: `Add appointment on ${addDays(monday, at.weekday)}` }).click();
  const create = page.getByRole('dialog', { name: 'Create New Appointment' });
  await create.getByLabel('Customer Name *').fill(customer.name);
  await create.getByLabel('Customer Email *').fill(customer.email);
  await create.getByLabel('Customer Phone').fill(customer.phone);
  await create.getByLabel('Service *').selectOption({ label: service });
  return create;
}

/** The admin's bookings list, fresh from the server, searched for `text` (a name, e-mail or phone). */
export async function searchBookings(page: Page, text: string): Promise<void> {
  await page.goto('/admin/bookings');
  await page.getByLabel('Search bookings').fill(text);
  await page.getByRole('button', { name: 'Search' }).click();
}

/**
 * A day of a lanes spec's own: open 08:00–18:00, and the named technicians working it whatever weekday it is,
 * with nothing else of theirs on it. Answers the technicians in the order named.
 */
export async function clearLanesDay(request: APIRequestContext, day: string, names: string[], note: string): Promise<Array<{ id: string; fullName: string }>> {
  const opened = await request.post('/api/admin/business-availability', { data: { date: day, startTime: '08:00', endTime: '18:00', maxCapacity: 4 } });
  expect([201, 409]).toContain(opened.status());
  const drivers = (await (await request.get('/api/drivers')).json()) as Array<{ id: string; fullName: string }>;
  const technicians = names.map((name) => drivers.find((d) => d.fullName === name)!);
  for (const technician of technicians) {
    const hours = await request.post(`/api/admin/technicians/${technician.id}/exceptions`, { data: { date: day, startTime: '08:00', endTime: '18:00', note } });
    expect([201, 409]).toContain(hours.status());
    const theirs = (await (await request.get(`/api/admin/bookings?driverId=${technician.id}&from=${day}&to=${day}&pageSize=100`)).json()) as { items: Array<{ id: string }> };
    for (const other of theirs.items) expect((await request.post(`/api/drivers/unassign/assign/${other.id}`)).status()).toBe(200);
  }
  return technicians;
}

/** A 10:00 Headlight Restoration for `customerName` on `day`, taken off the technician it went to: unassigned, for the board. */
export async function unassignedJob(request: APIRequestContext, day: string, customerName: string): Promise<{ id: string; number: string }> {
  const made = await request.post('/api/admin/appointments', {
    data: { customerName, customerEmail: uniqueEmail('lanes'), customerPhone: '(408) 555-0143', serviceId: await serviceId(request, 'Headlight Restoration'), date: day, time: '10:00' },
  });
  expect(made.status(), await made.text()).toBe(201);
  const id = ((await made.json()) as { id: string }).id;
  // Confirmed jobs go to a technician at once (decision 055): the board decides here.
  expect((await request.post(`/api/drivers/unassign/assign/${id}`)).status()).toBe(200);
  return { id, number: id.slice(-8).toUpperCase() };
}
