import { expect, test } from '../support/test';
import { CUSTOMER, hydrated, latestMail, uniqueEmail } from '../support/helpers';

test('a visitor registers, verifies the e-mail from the outbox, signs out and signs back in', async ({ page }) => {
  const email = uniqueEmail('newcomer');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Get Started' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/home-signed-out.png', fullPage: true });

  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Full Name').fill('Riley Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('4085550111');
  await page.getByLabel('Password').fill('short');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('Password').fill('a-strong-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Your account has been created successfully. Please check your email to verify your account.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveText('RN');

  const mail = await latestMail(page.request, email, /verify/i);
  const link = mail.links.find((l) => l.includes('/verify-email?token='))!;
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole('heading', { name: 'Email verified!' })).toBeVisible();
  // The same link again (a second tap, a mail app's preview) says so instead of calling the link broken.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Already verified' })).toBeVisible();
  await expect(page.getByText('Verification failed')).toHaveCount(0);
  await page.getByRole('link', { name: 'Continue to App' }).click();

  // Sign out through the API the account page uses, then sign in on /auth.
  await page.request.post('/api/auth/logout');
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await page.screenshot({ path: 'test-results/screenshots/auth.png', fullPage: true });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('a-strong-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Welcome back!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('link', { name: 'Profile' })).toHaveText('RN');
});

test('registering with an address that already has an account signs nobody in and says to check the e-mail', async ({ page }) => {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await page.getByLabel('Full Name').fill('Not The Customer');
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Phone').fill('4085550199');
  await page.getByLabel('Password').fill('a-guessed-password');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Check your e-mail. If this address already has an account, we sent it a message instead')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
  expect((await (await page.request.get('/api/auth/session')).json()).user).toBeNull();
  const mail = await latestMail(page.request, CUSTOMER.email, /Someone tried to create/);
  expect(mail.text).toContain('you already have one');
});

test('a wrong password shows the login failure toast', async ({ page }) => {
  await page.goto('/auth');
  await page.getByLabel('Email').fill('customer@glint.local');
  await page.getByLabel('Password').fill('not-the-password');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText('Invalid email or password')).toBeVisible();
});

test('forgot password shows Check Your Email and the reset link sets a new password', async ({ page }) => {
  const email = uniqueEmail('forgetful');
  const created = await page.request.post('/api/auth/register', { data: { fullName: 'Forgetful Fran', email, phone: '4085550122', password: 'first-password' } });
  expect(created.status()).toBe(201);
  await page.request.post('/api/auth/logout');
  await page.goto('/forgot-password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  const mail = await latestMail(page.request, email, /reset/i);
  const link = new URL(mail.links[0]!);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password').fill('second-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  const login = await page.request.post('/api/auth/login', { data: { email, password: 'second-password' } });
  expect(login.status()).toBe(200);
});

test('guest mode shows the guest navigation and an unknown path shows the 404 screen', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Guest' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Help' })).toBeVisible();
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  // The big number says 404 once; the title does not repeat it.
  await expect(page.getByText('404')).toHaveCount(1);
});

test('the password and not-found pages follow the chosen language', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(() => localStorage.setItem('glint.language', 'es'));
  await page.goto('/forgot-password');
  await expect(page.getByText('¿Olvidaste tu contraseña?')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar enlace' })).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'La verificación falló' })).toBeVisible();
  await page.goto('/nada-por-aqui');
  await expect(page.getByRole('heading', { name: 'Página no encontrada' })).toBeVisible();
  await page.evaluate(() => localStorage.setItem('glint.language', 'fr'));
  await page.goto('/reset-password?token=abc');
  await expect(page.getByText('Choisissez un nouveau mot de passe')).toBeVisible();
});

test("a server error's toast gives the request id as a reference the customer can quote", async ({ page }) => {
  const requestId = '8dae0f2c-c72f-4422-be2e-9417d266b1a1';
  // The server's own 5xx answer (errors.ts): the generic words, and the id its log lines carry, in body and header.
  await page.route('**/api/auth/login', (route) =>
    route.fulfill({ status: 500, headers: { 'x-request-id': requestId }, json: { code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId } }),
  );
  await page.goto('/auth');
  await hydrated(page);
  await page.getByLabel('Email').fill(CUSTOMER.email);
  await page.getByLabel('Password').fill('any-password-at-all');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByText('Login failed')).toBeVisible();
  await expect(page.getByText(`Something went wrong. Please try again. Reference: ${requestId}`)).toBeVisible();
});
