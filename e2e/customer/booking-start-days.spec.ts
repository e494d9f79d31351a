import { expect, request as playwrightRequest, test, type APIRequestContext, type Locator } from '../support/test';
import { ADMIN, CUSTOMER, pacificDay, signInViaApi } from '../support/helpers';

/** The booking start's first day, its calendar and an old link: what a customer sees before choosing a time. */

test.beforeEach(async ({ page }) => {
  await signInViaApi(page, CUSTOMER);
});

async function adminContext(baseURL: string): Promise<APIRequestContext> {
  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL } });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  return admin;
}

async function serviceId(request: APIRequestContext, name: string): Promise<string> {
  const list = (await (await request.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  return list.find((s) => s.name === name)!.id;
}

const calendarLabel = (day: string) => new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

test('with today and tomorrow closed, the start opens on the first day that has times and greys the closed days', async ({ page, baseURL }) => {
  const admin = await adminContext(baseURL!);
  const closures: string[] = [];
  try {
    for (const [day, name] of [[pacificDay(0), 'Closed today'], [pacificDay(1), 'Closed tomorrow']] as const) {
      const closed = await admin.post('/api/admin/business-closures', { data: { date: day, name, type: 'holiday' } });
      expect(closed.status(), await closed.text()).toBe(201);
      closures.push(((await closed.json()) as { id: string }).id);
    }
    const id = await serviceId(page.request, 'Interior Refresh');
    const open = (await (await page.request.get(`/api/services/${id}/available-days?from=${pacificDay(0)}&to=${pacificDay(30)}`)).json()) as { dates: string[] };
    const first = open.dates[0]!;
    expect(first > pacificDay(1)).toBe(true);

    await page.goto('/');
    await page.getByRole('button', { name: /Interior Refresh/ }).click();
    await page.getByLabel('On-site Service').check();
    // Neither Today nor Tomorrow: the calendar is open on the first day with a free start, and the list has times.
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toHaveAttribute('aria-pressed', 'false');
    await expect(page.getByRole('button', { name: 'Tomorrow', exact: true })).toHaveAttribute('aria-pressed', 'false');
    const calendar = page.getByTestId('date-calendar');
    await expect(calendar.getByRole('button', { name: calendarLabel(first), exact: true })).toHaveAttribute('aria-pressed', 'true');
    const slot = page.getByLabel('Time slot');
    await expect(slot).toBeEnabled();
    expect(await slot.locator('option').count()).toBeGreaterThan(1);
    await expect(page.getByText('No available time slots for the selected date. Please choose a different date or contact us.')).toHaveCount(0);
    // Closed days are greyed and say so; a listed day can be chosen.
    if (pacificDay(0).slice(0, 7) === first.slice(0, 7)) {
      await expect(calendar.getByRole('button', { name: `${calendarLabel(pacificDay(0))}: no free times` })).toBeDisabled();
    }
    if (pacificDay(1).slice(0, 7) === first.slice(0, 7)) {
      await expect(calendar.getByRole('button', { name: `${calendarLabel(pacificDay(1))}: no free times` })).toBeDisabled();
    }
    await page.screenshot({ path: 'test-results/screenshots/booking-first-free-day.png', fullPage: true });
  } finally {
    for (const closure of closures) await admin.delete(`/api/admin/business-closures/${closure}`);
    await admin.dispose();
  }
});

test('the first free day is found for the whole job: a second vehicle asks for the days with both', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/available-days')) asked.push(new URL(request.url()).searchParams.get('vehicles') ?? '');
  });
  await page.goto('/');
  await page.getByRole('button', { name: /Interior Refresh/ }).click();
  await page.getByLabel('On-site Service').check();
  await expect(page.getByLabel('Time slot')).toBeEnabled();
  await page.getByRole('button', { name: 'Add another vehicle' }).click();
  const second = page.getByTestId('job-vehicle').nth(1);
  if (await second.getByLabel('Which vehicle').isVisible()) await second.getByLabel('Which vehicle').selectOption('new');
  await second.getByLabel('Size').selectOption('oversize');
  // The first free day of the start is asked for the job of two vehicles (a sedan or saved size, then an oversize).
  await expect.poll(() => asked.some((vehicles) => vehicles.split(',').length === 2 && vehicles.endsWith(',oversize'))).toBe(true);
  await expect(page.getByLabel('Time slot')).toBeEnabled();
});

test('the calendar opens into view above the sticky bar, and no time in the list is cut', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: /Interior Refresh/ }).click();
  await page.getByLabel('On-site Service').check();
  const slot = page.locator('#booking-slot');
  await expect(slot).toBeEnabled();
  const pick = page.getByRole('button', { name: 'Pick a date' });
  if ((await pick.getAttribute('aria-expanded')) === 'true') await pick.click();
  await pick.click();
  const calendar = page.getByTestId('date-calendar');
  const bar = page.getByTestId('booking-sticky-bar');
  await expect
    .poll(async () => {
      const [c, b] = await Promise.all([calendar.boundingBox(), bar.boundingBox()]);
      return c && b ? Math.round(c.y + c.height) <= Math.round(b.y) && c.y >= 0 : false;
    })
    .toBe(true);

  // Every option's text fits the select as the phone draws it (font, padding and the arrow). Measured in the
  // page's language: a signed-in customer's page speaks the account's language, which other specs set.
  await expect(slot).toBeEnabled();
  expect(await cutOptions(slot)).toEqual([]);
});

test('an old link to a day that is over says so on the booking start, and offers the first free day', async ({ page }) => {
  const id = await serviceId(page.request, 'Full Detail');
  await page.goto(`/?serviceId=${id}&serviceType=serviceLocation&date=2025-01-06`);
  const notice = page.getByTestId('past-date-notice');
  await expect(notice).toContainText('Monday, January 6th, 2025 has passed');
  const open = (await (await page.request.get(`/api/services/${id}/available-days?from=${pacificDay(0)}&to=${pacificDay(30)}`)).json()) as { dates: string[] };
  const offer = notice.getByRole('button', { name: /^First free day: / });
  await expect(offer).toBeVisible();
  await offer.click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  expect(await slot.locator('option').first().textContent()).toBe('Select a time');
  await expect(page.getByTestId('date-calendar').or(page.getByRole('button', { name: 'Today', exact: true, pressed: true })).or(page.getByRole('button', { name: 'Tomorrow', exact: true, pressed: true })).first()).toBeVisible();
  expect(open.dates.length).toBeGreaterThan(0);
});

test('the details and checkout pages of a day that is over stop before any form, with the next free times', async ({ page }) => {
  const id = await serviceId(page.request, 'Full Detail');
  const query = `serviceId=${id}&serviceType=serviceLocation&date=2025-01-06&time=${encodeURIComponent('10:00 AM - 11:00 AM')}&slotId=2025-01-06T10:00`;
  for (const path of ['/booking-details', '/checkout']) {
    await page.goto(`${path}?${query}`);
    await expect(page.getByText('That day is over')).toBeVisible();
    await expect(page.getByText('Monday, January 6th, 2025 has passed, so it cannot be booked.')).toBeVisible();
    await expect(page.getByLabel('Full name')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Continue to Checkout' })).toHaveCount(0);
    await expect(page.getByText(/Next free times|No free times on this day or the next/).first()).toBeVisible();
  }
  // Back to Services keeps the service and says the day has passed.
  await page.getByRole('link', { name: 'Back to Services' }).click();
  await expect(page.getByTestId('past-date-notice')).toContainText('has passed');
});

/** Every option's text fits the select as the phone draws it (font, padding and the arrow). */
async function cutOptions(slot: Locator): Promise<string[]> {
  return slot.evaluate((select: HTMLSelectElement) => {
    const style = getComputedStyle(select);
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    return Array.from(select.options).map((o) => o.text).filter((text) => context.measureText(text).width > room);
  });
}

for (const [language, guest, onSite] of [
  ['es', 'Continuar como invitado', 'Servicio en taller'],
  ['fr', 'Continuer en invité', 'Service à l’atelier'],
] as const) {
  test(`a visitor reading ${language} sees the whole city, Continue as Guest above the fold, and no time cut after choosing guest`, async ({ browser, baseURL }) => {
    // A visitor: a fresh context, not the signed-in customer of this file's other tests.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: language });
    const page = await context.newPage();
    try {
      await page.goto('/');
      await page.evaluate((code) => localStorage.setItem('glint.language', code), language);
      await page.goto('/');
      const city = page.getByTestId('header-city');
      await expect(city).toHaveText(/San Jose, CA/);
      expect(await city.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      const guestButton = page.getByRole('button', { name: guest });
      const box = await guestButton.boundingBox();
      expect(box!.y + box!.height).toBeLessThanOrEqual(844 - 64); // above the bottom navigation
      await guestButton.click();
      await page.getByRole('button', { name: /Interior Refresh/ }).click();
      // The choice is not what this test measures; the page scrolls to it after the service is chosen and the
      // sticky bar can sit over it mid-scroll, so the click goes to the radio itself.
      await page.getByLabel(onSite).dispatchEvent('click');
      await expect(page.getByLabel(onSite)).toBeChecked();
      const slot = page.locator('#booking-slot');
      await expect(slot).toBeEnabled();
      expect(await cutOptions(slot)).toEqual([]);
    } finally {
      await context.close();
    }
  });
}
