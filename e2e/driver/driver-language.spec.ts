import { expect, request as playwrightRequest, test, type APIRequestContext, type Page } from '../support/test';
import { pacificWhenFormat } from '@web/features/driver/format';
import { ADMIN, DRIVER, pacificDay, uniqueEmail } from '../support/helpers';

/**
 * The driver's app in the driver's language: the demo driver saves Spanish in their settings
 * (the API the settings page uses) and the dashboard — headings, a job's step button, the Offline question,
 * toasts and a refused action's error — reads in Spanish on a phone; the header's picker switches to French
 * and saves it. The driver's saved language is put back to English afterwards for the other specs.
 */
test.describe.configure({ mode: 'serial' });

let admin: APIRequestContext;
let driverApi: APIRequestContext;
let job: string;
/** When the job is, as the server stored it. */
let jobStart: string;

const card = (page: Page) => page.locator(`article[data-booking-id="${job}"]`);

/** An on-site appointment the office books for today (opening today first if it is closed). */
async function bookToday(serviceId: string): Promise<string> {
  const date = pacificDay(0);
  await admin.post('/api/admin/business-availability', { data: { date, startTime: '08:00', endTime: '20:00', maxCapacity: 3 } });
  for (let minutes = 8 * 60; minutes <= 18 * 60; minutes += 30) {
    const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
    const created = await admin.post('/api/admin/appointments', {
      headers: { 'Idempotency-Key': `driver-language-${Date.now()}-${minutes}` },
      data: { customerName: 'Sofía Hoy', customerEmail: uniqueEmail('sofia'), customerPhone: '(408) 555-0177', serviceId, date, time },
    });
    if (created.status() === 201) return ((await created.json()) as { id: string }).id;
  }
  throw new Error('no open time today');
}

test.beforeAll(async ({ baseURL }) => {
  admin = await playwrightRequest.newContext({ baseURL });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  driverApi = await playwrightRequest.newContext({ baseURL });
  const driverId = ((await (await driverApi.post('/api/auth/login', { data: DRIVER })).json()) as { id: string }).id;
  const services = (await (await admin.get('/api/services')).json()) as Array<{ id: string; locationOptions: { mobile: boolean } }>;
  job = await bookToday(services.find((s) => s.locationOptions.mobile)!.id);
  expect((await admin.post(`/api/drivers/${driverId}/assign/${job}`, { data: { override: true } })).ok()).toBeTruthy();
  jobStart = ((await (await admin.get(`/api/admin/bookings/${job}`)).json()) as { scheduledDate: string }).scheduledDate;
  // The driver starts the day off duty, so the Offline question below is about the job alone.
  expect((await driverApi.put('/api/driver/status', { data: { status: 'offline', isLocationSharing: false } })).ok()).toBeTruthy();
  expect((await driverApi.put('/api/settings', { data: { language: 'es' } })).ok()).toBeTruthy();
});

test.afterAll(async () => {
  await driverApi.put('/api/settings', { data: { language: 'en' } });
  await admin.post(`/api/admin/bookings/${job}/cancel`, { data: { message: 'End of the language test' } });
  await Promise.all([admin.dispose(), driverApi.dispose()]);
});

test.beforeEach(async ({ page }) => {
  expect((await page.request.post('/api/auth/login', { data: DRIVER })).ok()).toBeTruthy();
});

test('a driver whose saved language is Spanish sees the dashboard, a job and the Offline question in Spanish', async ({ page }) => {
  await page.goto('/driver');
  await expect(page.getByRole('heading', { name: 'Panel del conductor' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { name: 'Estado del conductor' })).toBeVisible();
  await expect(page.getByTestId('driver-availability')).toHaveText('Desconectado');
  await expect(page.getByTestId('jobs-today').getByRole('heading', { name: /^Hoy \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Completadas recientemente' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/driver-spanish-top.png' });

  // The job card: the status as the customer's timeline names it, the date in Spanish, the step button.
  // The expected date is the stored one formatted in the page with the app's own locale and options, so no
  // weekday, accent or ICU version can trip the check.
  const today = card(page);
  await expect(today.getByText('Confirmada', { exact: true })).toBeVisible();
  await expect(today.getByText(/Sofía Hoy · En el local/)).toBeVisible();
  const inPage = ([iso, [locale, options]]: readonly [string, ReturnType<typeof pacificWhenFormat>]) => new Intl.DateTimeFormat(locale, options).format(new Date(iso));
  const [spanishWhen, englishWhen] = await Promise.all([page.evaluate(inPage, [jobStart, pacificWhenFormat('es')] as const), page.evaluate(inPage, [jobStart, pacificWhenFormat('en')] as const)]);
  expect(spanishWhen).not.toBe(englishWhen);
  await expect(today.getByText(spanishWhen)).toBeVisible();
  await expect(today.getByRole('link', { name: /^Llamar a Sofía Hoy al \(408\) 555-0177$/ })).toBeVisible();
  await expect(today.getByLabel('Mensaje de estado (opcional)')).toBeVisible();
  await today.getByRole('button', { name: 'Pasar a «Conductor en camino»' }).click();
  await expect(page.getByText('Estado de la reserva actualizado')).toBeVisible();
  await expect(today.getByRole('button', { name: 'Pasar a «El conductor llegó»' })).toBeVisible();
  await expect(today.getByText('Compartir mi ubicación con el cliente')).toBeVisible();
  await expect(page.getByTestId('driver-availability')).toHaveText('Ocupado');

  // Going offline during the job asks first, in Spanish; saying no changes nothing.
  let asked = '';
  page.once('dialog', (dialog) => {
    asked = dialog.message();
    void dialog.dismiss();
  });
  await page.getByRole('button', { name: 'Desconectado' }).click();
  await expect.poll(() => asked).toMatch(/^El trabajo #\w+ \(.+\) está en curso\. ¿Desconectarse de todos modos\?/);
  await expect(page.getByTestId('driver-availability')).toHaveText('Ocupado');
  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Desconectado' }).click();
  await expect(page.getByTestId('driver-availability')).toHaveText('Desconectado');
  await expect(page.getByTestId('location-sharing')).toHaveText('Compartir ubicación: Desactivado');
  await expect(page.getByText('Estado actualizado')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'test-results/screenshots/driver-spanish.png', fullPage: true });
});

test("a refused step shows the server's error in Spanish", async ({ page }) => {
  // The Spanish error words (their own script, fetched when the page's language is known) arrive only after the
  // refusal, as on a slow network: the error waits for them instead of showing the server's English.
  let releaseWords!: () => void;
  const wordsHeld = new Promise<void>((resolve) => (releaseWords = resolve));
  await page.route(/\/assets\/es-[\w-]+\.js$/, async (route) => {
    await wordsHeld;
    await route.continue();
  });
  // The office's change would reach the page at once over the live channel; here the refusal is the
  // server's own body for a job that is no longer active, so only the words are under test.
  await page.route('**/api/driver/bookings/*/status', async (route) => {
    await route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'BOOKING_NOT_ACTIVE', message: 'This booking is no longer active' }) });
    setTimeout(releaseWords, 500);
  });
  await page.goto('/driver');
  await card(page).getByRole('button', { name: /^Pasar a/ }).click();
  // One toast carries both lines; asked as one look, so a toast that times out between two looks on a busy
  // machine cannot fail the test.
  const toast = page.getByRole('listitem').filter({ hasText: 'Error al actualizar el estado de la reserva' });
  await expect(toast).toContainText('Esta reserva ya no está activa');
});

test("the header's picker switches the dashboard to French and saves it with the account", async ({ page }) => {
  await page.goto('/driver');
  await expect(page.getByRole('heading', { name: 'Panel del conductor' })).toBeVisible();
  await page.getByLabel('Language · Idioma · Langue').selectOption('fr');
  await expect(page.getByRole('heading', { name: 'Tableau de bord du chauffeur' })).toBeVisible();
  await expect(card(page).getByRole('button', { name: /^Passer à « .+ »$/ })).toBeVisible();
  await expect.poll(async () => ((await (await page.request.get('/api/settings')).json()) as { language: string }).language).toBe('fr');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Hors ligne' })).toBeVisible();
});
