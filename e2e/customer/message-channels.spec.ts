import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';

/**
 * Issue 26: the customer's switches in /settings choose the channels of their messages. Texts are off until
 * switched on; e-mail notifications can be switched off (transactional mail still goes: account.test.ts).
 */
test('a customer switches texts on and e-mail notifications off in /settings, and the account keeps both', async ({ page }) => {
  const email = uniqueEmail('channels');
  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Cora Channels', email, phone: '4085550145', password: 'channels-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);

  await page.goto('/settings');
  const sms = page.locator('label', { hasText: 'SMS Notifications' }).getByRole('switch');
  const mail = page.locator('label', { hasText: 'Email Notifications' }).getByRole('switch');
  await expect(sms).toHaveAttribute('aria-checked', 'false');
  await expect(mail).toHaveAttribute('aria-checked', 'true');

  await sms.click();
  await expect(page.getByText('Setting updated')).toBeVisible();
  await expect(sms).toBeEnabled();
  await mail.click();
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await expect(mail).toHaveAttribute('aria-checked', 'false');

  await page.reload();
  await expect(sms).toHaveAttribute('aria-checked', 'true');
  await expect(mail).toHaveAttribute('aria-checked', 'false');
  expect(await (await page.request.get('/api/settings')).json()).toMatchObject({ smsNotifications: true, emailNotifications: false });
  await page.screenshot({ path: 'test-results/screenshots/settings-channels.png', fullPage: true });
});
