import { expect, request as playwrightRequest, test } from '../support/test';
import { ADMIN, CUSTOMER, signInViaApi } from '../support/helpers';

test.describe('a visitor whose browser reads Spanish', () => {
  test.use({ locale: 'es-MX' });

  test('gets Spanish by default, and can switch to French from the header while signed out', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Inicio')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    const picker = page.getByLabel('Language · Idioma · Langue');
    await expect(picker).toHaveValue('es');
    await picker.selectOption('fr');
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Accueil')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByText('Accueil')).toBeVisible();
    await page.screenshot({ path: 'test-results/screenshots/language-picker.png' });
  });
});

test.describe('a device in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test('shows the dark theme until the visitor chooses light', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem('glint.theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('a device in light mode', () => {
  test.use({ colorScheme: 'light' });

  test('shows the light theme, and dark once chosen', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
    await page.evaluate(() => localStorage.setItem('glint.theme', 'dark'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  });
});

test('a signed-out page load logs no error, and an unknown page shows no source path', async ({ page }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByText(/src\/web/)).toHaveCount(0);
  expect(problems).toEqual([]);
});

test.describe('the tracking page in dark mode', () => {
  test.use({ colorScheme: 'dark' });

  test("the current step's number reads clearly (contrast at least 4.5:1)", async ({ page }) => {
    await signInViaApi(page, CUSTOMER);
    const mine = (await (await page.request.get('/api/bookings?pageSize=50')).json()) as { items: Array<{ id: string; status: string }> };
    const booking = mine.items.find((b) => b.status === 'confirmed');
    expect(booking, 'the demo customer has a confirmed booking').toBeTruthy();
    await page.goto(`/tracking?bookingId=${booking!.id}`);
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    const number = page.locator('[aria-current="step"] > span[aria-hidden]').last();
    await expect(number).toBeVisible();
    const ratio = await number.evaluate((el) => {
      // Any CSS colour (Tailwind writes oklch) to sRGB through a canvas pixel.
      const rgb = (color: string) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = color;
        ctx.fillRect(0, 0, 1, 1);
        return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const luminance = (c: number[]) => {
        const [r, g, b] = c.map((v) => (v / 255 <= 0.03928 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
        return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
      };
      const style = getComputedStyle(el);
      const [a, b] = [luminance(rgb(style.color)), luminance(rgb(style.backgroundColor))];
      return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    });
    expect(ratio).toBeGreaterThanOrEqual(4.5);
  });
});

test('assigning a driver shows one Live Updates line, with the driver’s name', async ({ page, baseURL }) => {
  await signInViaApi(page, CUSTOMER);
  const mine = (await (await page.request.get('/api/bookings?pageSize=50')).json()) as { items: Array<{ id: string; status: string; serviceType: string }> };
  const booking = mine.items.find((b) => b.status === 'confirmed' && b.serviceType === 'mobile');
  expect(booking, 'the demo customer has a confirmed mobile booking').toBeTruthy();

  const admin = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { origin: baseURL! } });
  expect((await admin.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const drivers = (await (await admin.get('/api/drivers')).json()) as Array<{ id: string; email: string }>;
  const diego = drivers.find((d) => d.email === 'driver@glint.local')!;
  await admin.post(`/api/drivers/unassign/assign/${booking!.id}`);

  await page.goto(`/tracking?bookingId=${booking!.id}`);
  await expect(page.getByTestId('live-indicator')).toBeVisible();
  const updates = page.getByTestId('live-updates');
  // The booking's history may already hold an assignment (confirmed jobs go to a technician at once): this one adds one line.
  const line = updates.getByText('Driver assigned: Diego Ramirez');
  const before = await line.count();
  const assigned = await admin.post(`/api/drivers/${diego.id}/assign/${booking!.id}`, { data: { override: true } });
  expect(assigned.ok(), await assigned.text()).toBeTruthy();
  await expect(line).toHaveCount(before + 1);
  // The socket's own sentence would have been a second line for the same change.
  await page.waitForTimeout(1000);
  await expect(updates.getByText(/A driver has been assigned/)).toHaveCount(0);
  await expect(line).toHaveCount(before + 1);
  await admin.dispose();
});
