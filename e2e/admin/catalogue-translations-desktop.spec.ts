import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

test.describe.configure({ timeout: 90_000 });

test('the admin gives a service a Spanish name and description; the Spanish booking start shows them on a phone, the French one falls back to English', async ({ page, browser, baseURL }) => {
  await adminLogin(page, '/admin/services');
  await page.getByRole('button', { name: 'Edit Engine Bay Detail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Service' });
  await dialog.getByLabel('Spanish name').fill('Detallado del motor');
  await dialog.getByLabel('Spanish description').fill('Limpieza a fondo del compartimento del motor.');
  await dialog.getByRole('button', { name: 'Update Service' }).click();
  await expect(page.getByText('Service updated successfully')).toBeVisible();
  // Reopened, the dialog shows what was saved.
  await page.getByRole('button', { name: 'Edit Engine Bay Detail' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Service' }).getByLabel('Spanish name')).toHaveValue('Detallado del motor');
  await expect(page.getByRole('dialog', { name: 'Edit Service' }).getByLabel('French name')).toHaveValue('');
  await page.keyboard.press('Escape');

  for (const [language, guest, name, description] of [
    ['es', 'Continuar como invitado', 'Detallado del motor', 'Limpieza a fondo del compartimento del motor.'],
    ['fr', 'Continuer en invité', 'Engine Bay Detail', undefined],
  ] as const) {
    // A visitor on a phone: a fresh context.
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: language });
    const phone = await context.newPage();
    try {
      await phone.goto('/');
      await phone.evaluate((code) => localStorage.setItem('glint.language', code), language);
      await phone.goto('/');
      await phone.getByRole('button', { name: guest }).click();
      const card = phone.getByTestId('service-card').filter({ has: phone.getByRole('heading', { name, exact: true }) });
      await expect(card).toBeVisible();
      // French has no words of its own: English is the fallback.
      if (description) await expect(card).toContainText(description);
      if (language === 'es') {
        await expect(phone.getByRole('heading', { name: 'Engine Bay Detail', exact: true })).toHaveCount(0);
        await phone.screenshot({ path: 'test-results/screenshots/catalogue-translations-es.png', fullPage: true });
      }
    } finally {
      await context.close();
    }
  }
});
