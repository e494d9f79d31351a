import { expect, test } from '@playwright/test';
import { CUSTOMER } from '../support/helpers';

test('a visitor who reads Spanish sees a sign-in failure in Spanish, not the server’s English', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('glint.language', 'es'));
  await page.goto('/auth');
  // The whole shell reads Spanish, down to the signed-out avatar.
  await expect(page.getByRole('link', { name: 'Perfil' })).toHaveText('Invitado');
  await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
  await page.getByLabel('Contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Correo electrónico o contraseña incorrectos')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toHaveCount(0);
});
