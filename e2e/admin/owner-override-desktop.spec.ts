import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { searchBookings, startPhoneAppointment } from './admin-support';

test('the owner books outside the hours only after a confirm that names the reason, and the history records the override', async ({ page }) => {
  const email = uniqueEmail('override');
  const create = await startPhoneAppointment(page, { weeksAhead: 15, weekday: 3 }, { name: 'Olive Override', email, phone: '' }, 'Headlight Restoration (60 min)');
  await create.getByLabel('Time *').fill('06:30');
  await create.getByRole('button', { name: 'Create Appointment' }).click();

  const confirm = page.getByRole('dialog', { name: 'Book it anyway?' });
  await expect(confirm.getByTestId('override-reason')).toHaveText('This time is outside the business hours of that day.');
  await page.screenshot({ path: 'test-results/screenshots/owner-override-1280.png' });
  // Choosing another time books nothing and keeps the form.
  await confirm.getByRole('button', { name: 'Choose another time' }).click();
  await expect(confirm).toBeHidden();
  await expect(create).toBeVisible();

  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await confirm.getByRole('button', { name: 'Confirm override' }).click();
  await expect(page.getByText('Appointment created')).toBeVisible();

  await searchBookings(page, email);
  const card = page.locator('[data-testid^="booking-"]').first();
  await expect(card.getByText('6:30', { exact: false }).first()).toBeVisible();
  await expect(card.getByText('Owner override: outside business hours')).toBeVisible();
});
