import { expect, test, type Page } from '../support/test';
import { dayKey, guestMobileBookingOn, payWithCard } from '../support/booking-flow';
import { uniqueEmail } from '../support/helpers';

/** Issue 27's address step and card fields at 390×844: what the audit found without a test. */

/** The texts of elements that stick out past the phone's right edge (a long unbroken word that never wraps). */
async function pastTheEdge(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    return Array.from(document.querySelectorAll('main *'))
      .filter((el) => el.children.length === 0 && el.getBoundingClientRect().right > width + 0.5)
      .map((el) => (el.textContent ?? '').trim().slice(0, 60));
  });
}

test('the card fields open the phone’s digit keypad and say what they hold, for the browser to fill them', async ({ page }) => {
  await page.goto('/');
  const registered = await page.request.post('/api/auth/register', { data: { fullName: 'Kay Keypad', email: uniqueEmail('keypad'), phone: '4085550188', password: 'keypad-e2e-pass' } });
  expect(registered.status(), await registered.text()).toBe(201);
  await page.goto('/payment-methods');
  await page.getByRole('button', { name: 'Add Card' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a card' });
  for (const [label, autocomplete] of [
    ['Card number', 'cc-number'],
    ['Expiry (MM/YY)', 'cc-exp'],
    ['CVC', 'cc-csc'],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute('inputmode', 'numeric');
    await expect(dialog.getByLabel(label)).toHaveAttribute('autocomplete', autocomplete);
  }
  // Digits alone, as the keypad types them: the expiry and the number format themselves.
  await dialog.getByLabel('Expiry (MM/YY)').pressSequentially('1230');
  await expect(dialog.getByLabel('Expiry (MM/YY)')).toHaveValue('12/30');
  await dialog.getByLabel('Card number').pressSequentially('4242424242424242');
  await expect(dialog.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
});

test('the fifth address suggestion opens above the sticky bar; a long unbroken address wraps on every page; the notes keep the date, and a guest is not asked again', async ({ page, request }) => {
  test.setTimeout(90_000);
  const day = dayKey(5);
  const field = await guestMobileBookingOn(page, request, 'Interior Refresh', day);
  const bar = page.getByTestId('booking-sticky-bar');

  // The field scrolled down to just above the sticky bar, as a thumb leaves it: the list opens below it.
  await expect(field).toBeVisible();
  const [fieldBox, barBox] = [(await field.boundingBox())!, (await bar.boundingBox())!];
  await page.evaluate((by) => window.scrollBy(0, by), fieldBox.y + fieldBox.height - barBox.y + 4);
  await field.fill('San Jose 951');
  const options = page.getByRole('listbox', { name: 'Service Location' }).getByRole('button');
  await expect(options).toHaveCount(5);
  await expect
    .poll(async () => {
      const [last, b] = await Promise.all([options.nth(4).boundingBox(), bar.boundingBox()]);
      return last && b ? Math.round(last.y + last.height) <= Math.round(b.y) && last.y >= 0 : false;
    })
    .toBe(true);

  // An address of one long unbroken word: the suggestion, Booking Details and tracking wrap it.
  const street = '9 Quiteextraordinarilylongunbrokenstreetnamewithoutanyspaces Way';
  await field.fill(`${street}, San Jose, CA 95110`);
  const typed = page.getByRole('listbox', { name: 'Service Location' }).getByRole('button', { name: new RegExp(street) });
  await expect(typed).toBeVisible();
  expect(await pastTheEdge(page)).toEqual([]);
  await typed.click();
  const slot = page.getByLabel('Time slot');
  await expect(slot).toBeEnabled();
  await slot.selectOption({ index: 1 });
  const time = (await slot.locator('option').nth(1).textContent())!;
  await page.getByRole('button', { name: 'Continue to Booking' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Details' })).toBeVisible();
  await expect(page.getByText(street, { exact: false })).toBeVisible();
  expect(await pastTheEdge(page)).toEqual([]);

  // Checkout goes straight to the guest's details: the guest chose already.
  await page.getByRole('button', { name: 'Continue to Checkout' }).click();
  await expect(page.getByLabel('Email *')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Login or Create Account' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Continue as Guest' })).toHaveCount(0);
  await page.getByLabel('Email *').fill(uniqueEmail('long-street'));
  await page.getByLabel('Full Name').fill('Lang Street');
  const created = page.waitForResponse((r) => r.url().endsWith('/api/bookings') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // The notes the driver reads on the day carry the date itself, never "Today" or "Tomorrow".
  const { notes, slotId } = (await created).request().postDataJSON() as { notes: string; slotId: string };
  const [y, m, d] = slotId.slice(0, 10).split('-').map(Number) as [number, number, number];
  const month = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d, 12)));
  expect(notes).toContain(`${month} ${d}`);
  expect(notes).toContain(`, ${y} at ${time.split(' - ')[0]}`);
  expect(notes).not.toMatch(/Today|Tomorrow/);
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/tracking\?bookingId=/);
  await expect(page.getByText(street, { exact: false })).toBeVisible();
  expect(await pastTheEdge(page)).toEqual([]);
});
