import { expect, test } from '../support/test';
import { adminLogin } from './admin-support';

/**
 * The business settings cards (Reminders and Policies on /admin/messages, Service area on /admin/staff):
 * each saves its own section, keeps Save off while a field does not read, and shows the server's refusal.
 * The run's other specs book under these settings, so the spec puts back what it found.
 */
test('the owner saves reminders, policies and the service area, sees them after a reload, and is told what is wrong', async ({ page }) => {
  await adminLogin(page);
  const before = await (await page.request.get('/api/admin/business-settings')).json();
  try {
    await page.goto('/admin/messages');
    const reminders = page.getByRole('form', { name: 'Reminders' });
    await reminders.getByLabel('First reminder (hours before)').fill('48');
    await reminders.getByLabel('Second reminder (hours before)').fill('169');
    await expect(reminders.getByRole('button', { name: 'Save' })).toBeDisabled();
    await reminders.getByLabel('Second reminder (hours before)').fill('3');
    await reminders.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Reminder times saved')).toBeVisible();

    const policies = page.getByRole('form', { name: 'Policies' });
    await policies.getByLabel('Free cancellation until (hours before the start)').fill('12');
    await policies.getByLabel('Late-cancellation fee').selectOption('fixed');
    await policies.getByLabel('Amount ($)').fill('$25.5');
    await policies.getByLabel('No-show fee').selectOption('percent');
    await policies.getByLabel('Percent of total').fill('0');
    await expect(policies.getByRole('button', { name: 'Save' })).toBeDisabled();
    await policies.getByLabel('Percent of total').fill('40');
    await policies.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Policies saved')).toBeVisible();

    await page.reload();
    await expect(page.getByRole('form', { name: 'Reminders' }).getByLabel('First reminder (hours before)')).toHaveValue('48');
    await expect(page.getByRole('form', { name: 'Reminders' }).getByLabel('Second reminder (hours before)')).toHaveValue('3');
    await expect(page.getByRole('form', { name: 'Policies' }).getByLabel('Free cancellation until (hours before the start)')).toHaveValue('12');
    await expect(page.getByRole('form', { name: 'Policies' }).getByLabel('Amount ($)')).toHaveValue('25.50');
    await expect(page.getByRole('form', { name: 'Policies' }).getByLabel('Percent of total')).toHaveValue('40');
    const saved = await (await page.request.get('/api/admin/business-settings')).json();
    expect(saved.reminders).toEqual({ firstHoursBefore: 48, secondHoursBefore: 3 });
    expect(saved.cancellation).toEqual({ freeCancelHours: 12, lateCancelFee: { kind: 'fixed', value: 2550 }, noShowFee: { kind: 'percent', value: 40 } });

    await page.goto('/admin/staff');
    const area = page.getByRole('form', { name: 'Service area' });
    await area.getByLabel('Free within (minutes of driving)').fill('20');
    await area.getByRole('button', { name: 'Add band' }).click();
    const bands = area.getByRole('list', { name: 'Travel fee bands' }).getByRole('listitem');
    const last = bands.last();
    await last.getByLabel(/up to \(minutes\)/).fill('10');
    await last.getByLabel('Fee ($)').fill('abc');
    await expect(area.getByRole('button', { name: 'Save' })).toBeDisabled();
    await last.getByLabel('Fee ($)').fill('99');
    // A band that ends before the free drive does: the server says what is wrong, nothing is saved.
    await area.getByRole('button', { name: 'Save' }).click();
    await expect(area.getByRole('alert').filter({ hasText: 'Not saved' })).toBeVisible();
    expect((await (await page.request.get('/api/admin/business-settings')).json()).travel).toEqual(before.travel);
  } finally {
    for (const section of ['reminders', 'cancellation', 'travel'] as const) {
      const put = await page.request.put(`/api/admin/business-settings/${section}`, { data: before[section], headers: { origin: new URL(page.url()).origin } });
      expect(put.status()).toBe(200);
    }
  }
});
