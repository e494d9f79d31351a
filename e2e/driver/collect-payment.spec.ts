import { expect, test, type APIRequestContext } from '../support/test';
import { formatUsd } from '../../src/shared/money';
import { ADMIN, DRIVER, pacificDay, signInViaApi, uniqueEmail } from '../support/helpers';

/** Decision 049: the driver collects the cash on a pay-on-site job; the office sees it in revenue. */

async function revenue(office: APIRequestContext): Promise<string> {
  return ((await (await office.get('/api/admin/dashboard')).json()) as { revenue: string }).revenue;
}

async function receivedToday(office: APIRequestContext): Promise<string> {
  return ((await (await office.get('/api/admin/dashboard')).json()) as { received: { today: string } }).received.today;
}

test('the driver collects cash on a pay-on-site job from the job card, and the admin sees it in revenue', async ({ page, browser }) => {
  const officeContext = await browser.newContext();
  const office = officeContext.request;
  expect((await office.post('/api/auth/login', { data: ADMIN })).ok()).toBeTruthy();
  const services = (await (await office.get('/api/admin/services')).json()) as Array<{ id: string; name: string }>;
  const service = services.find((s) => s.name === 'Headlight Restoration')!;
  const driver = ((await (await office.get('/api/drivers')).json()) as Array<{ id: string; fullName: string }>).find((d) => d.fullName === 'Diego Ramirez')!;

  // A phone appointment to be paid on site, on the first free start some weeks out, given to the demo driver.
  let made: { id: string; totalAmount: string } | undefined;
  for (let day = 30; day < 60 && !made; day++) {
    const date = pacificDay(day);
    const starts = (await (await office.get(`/api/services/${service.id}/available-slots?date=${date}`)).json()) as Array<{ id: string; availableCapacity: number }>;
    const free = starts.find((s) => s.availableCapacity > 0);
    if (!free) continue;
    const response = await office.post('/api/admin/appointments', {
      data: { customerName: 'Cash Customer', customerEmail: uniqueEmail('cash'), serviceId: service.id, date, time: free.id.slice(11), serviceType: 'serviceLocation', payment: 'on_site' },
    });
    expect(response.status(), await response.text()).toBe(201);
    made = await response.json();
  }
  expect((await office.post(`/api/drivers/${driver.id}/assign/${made!.id}`, { data: { override: true } })).ok()).toBeTruthy();
  const before = await revenue(office);
  const total = formatUsd(made!.totalAmount);

  await signInViaApi(page, DRIVER);
  await page.goto('/driver');
  const card = page.locator(`article[data-booking-id="${made!.id}"]`);
  await card.getByRole('button', { name: 'Payments' }).click();
  await expect(card.getByTestId('left-to-pay')).toHaveText(total);
  await card.getByRole('button', { name: 'Collect payment' }).click();
  // The balance is prefilled; the driver picks cash and adds a note.
  await expect(card.getByLabel('Amount ($)')).toHaveValue(made!.totalAmount);
  await card.getByLabel('How it was paid').selectOption('cash');
  await card.getByLabel('Note (optional)').fill('Paid in twenties');
  await card.getByRole('button', { name: `Record ${total}` }).click();
  await expect(page.getByText(`Payment of ${total} recorded`)).toBeVisible();
  await expect(card.getByTestId('ledger-row')).toHaveText([new RegExp(`Paid on site · Cash · Paid in twenties\\s*${total.replace('$', '\\$')}`)]);
  await expect(card.getByTestId('left-to-pay')).toHaveText('$0.00');
  await page.screenshot({ path: 'test-results/screenshots/driver-collect-payment.png', fullPage: true });

  // The office: revenue grew by the cash, on the API and on the dashboard.
  const after = await revenue(office);
  expect(Math.round(Number(after) * 100) - Math.round(Number(before) * 100)).toBe(Math.round(Number(made!.totalAmount) * 100));
  const officePage = await officeContext.newPage();
  await officePage.goto('/admin/dashboard');
  // The dashboard's "Received today" counts the cash the day it came.
  await expect(officePage.getByTestId('stat-received-today')).toContainText(formatUsd(await receivedToday(office)));
  await officeContext.close();
});
