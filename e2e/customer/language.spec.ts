import { expect, test } from '../support/test';
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

test('a Spanish page speaks Spanish in its hero, its toasts, its forms’ own checks and the server’s answers; a French one too', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('glint.language', 'es'));
  await page.goto('/');
  await expect(page.getByText('Brillo de exhibición, dondequiera que estaciones.')).toBeVisible();
  await expect(page.getByText('o', { exact: true })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill('not-an-email');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('Introduce un correo electrónico válido')).toBeVisible();
  await expect(page.getByText('Invalid email address')).toHaveCount(0);
  await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
  await page.getByLabel('Contraseña').fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
  await expect(page.getByText('No se pudo iniciar sesión')).toBeVisible();
  await expect(page.getByText('Login failed')).toHaveCount(0);

  await page.getByRole('tab', { name: 'Crear cuenta' }).click();
  await page.getByLabel('Contraseña').fill('short');
  await page.getByRole('button', { name: 'Crear cuenta', exact: true }).click();
  await expect(page.getByText('La contraseña debe tener al menos 8 caracteres')).toBeVisible();

  await page.goto('/forgot-password');
  await page.getByLabel('Correo electrónico').fill(CUSTOMER.email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByText(/Si existe una cuenta con ese correo/)).toBeVisible();
  await expect(page.getByText(/If an account exists/)).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem('glint.language', 'fr'));
  await page.goto('/forgot-password');
  await page.getByLabel('E-mail').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'Envoyer le lien' }).click();
  await expect(page.getByText(/Si un compte existe pour cet e-mail/)).toBeVisible();
});
