import { expect, test } from '../support/test';
import { uniqueEmail } from '../support/helpers';
import { searchBookings, startPhoneAppointment } from './admin-support';

test('a phone appointment for a mobile job takes the address and pay-on-site, and the customer gets the confirmation with a tracking link', async ({ page, browser }) => {
  const email = uniqueEmail('phone');
  const create = await startPhoneAppointment(page, { weeksAhead: 13, weekday: 2 }, { name: 'Mobile Mo', email, phone: '(408) 555-0123' }, 'Headlight Restoration (60 min)');
  await create.getByLabel('Service type *').selectOption({ label: 'Mobile (we go to the customer)' });
  // The address is required for a mobile job.
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(page.getByText('Please fill in all required fields')).toBeVisible();
  await create.getByLabel('Street *').fill('88 Willow St');
  await create.getByLabel('City *').fill('San Jose');
  await create.getByLabel('ZIP *').fill('95110');
  await create.getByLabel('Pay on site').check();
  await page.screenshot({ path: 'test-results/screenshots/phone-appointment-dialog-1280.png' });
  await create.getByRole('button', { name: 'Create Appointment' }).click();
  await expect(page.getByText('Appointment created')).toBeVisible();

  // The list shows it as a mobile job at the address, pay on site.
  await searchBookings(page, email);
  const card = page.locator('[data-testid^="booking-"]').first();
  await expect(card.getByText('88 Willow St', { exact: false })).toBeVisible();
  await expect(card.getByLabel('Payment: Pay on site')).toBeVisible();

  // The confirmation e-mail carries a tracking link that opens the booking for someone not signed in.
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as Array<{ to: string; links: string[]; text: string }>;
  const mail = outbox.find((m) => m.to === email);
  expect(mail, 'confirmation e-mail').toBeTruthy();
  const link = new URL(mail!.links.find((l) => l.includes('/tracking?'))!);
  expect(link.searchParams.get('token')).toBeTruthy();
  const stranger = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const tab = await stranger.newPage();
  await tab.goto(link.pathname + link.search);
  await expect(tab.getByText('88 Willow St', { exact: false }).first()).toBeVisible();
  await tab.screenshot({ path: 'test-results/screenshots/phone-appointment-tracking-390.png', fullPage: true });
  await stranger.close();
});
