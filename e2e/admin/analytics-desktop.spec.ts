import { expect, test, type Page } from '../support/test';
import { pacificDay } from '../support/helpers';
import { adminLogin } from './admin-support';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const dayKey = (days: number) => pacificDay(days);

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.width <= b.x + b.width + 0.5 && a.y + a.height <= b.y + b.height + 0.5;

/** In every chart a label is either wholly inside one bar (drawn for it) or clear of every bar. */
async function expectNoLabelOverBar(page: Page) {
  for (const chart of await page.locator('svg[role="img"]').all()) {
    const boxes = await chart.evaluate((svg) => {
      const box = (el: Element) => {
        const r = el.getBoundingClientRect();
        return { x: r.x, y: r.y, width: r.width, height: r.height, text: el.textContent ?? '' };
      };
      return {
        bars: [...svg.querySelectorAll('[data-chart="bar"]')].map(box).filter((b) => b.width > 0 && b.height > 0),
        labels: [...svg.querySelectorAll('[data-chart="label"]')].map(box),
        insideLabels: [...svg.querySelectorAll('[data-chart="label-inside"]')].map(box),
      };
    });
    for (const label of boxes.labels) {
      const hit = boxes.bars.find((bar) => overlap(label, bar));
      expect(hit, `label "${label.text}" overlaps a bar`).toBeUndefined();
    }
    for (const label of boxes.insideLabels) {
      expect(boxes.bars.some((bar) => inside(label, bar)), `label "${label.text}" sits inside its bar`).toBe(true);
    }
  }
}

test('an admin sees the ordered funnel after a visitor visits, books and pays', async ({ page, browser }) => {
  // The visitor: a real browser (with an ordinary user agent) visits the home page, then books and pays.
  const visitor = await browser.newContext({ userAgent: CHROME });
  const tab = await visitor.newPage();
  // The collector sends its batch 1.5 s after the first event: wait for it rather than for the pagehide beacon.
  const sent = tab.waitForResponse((r) => r.url().endsWith('/api/analytics/events') && r.status() === 202);
  await tab.goto('/sww-offer');
  await expect(tab.getByRole('button', { name: 'Book Now' }).first()).toBeVisible();
  await sent;
  const sessionId = await tab.evaluate(() => sessionStorage.getItem('glint_sid')!.split('.')[0]!);
  await tab.goto('/'); // pagehide sends the queued page_visit with sendBeacon
  const api = tab.request;
  const headers = { 'x-analytics-session': sessionId, origin: new URL(tab.url()).origin };
  await api.post('/api/analytics/events', { headers, data: { sessionId, events: [{ eventType: 'service_selected' }, { eventType: 'guest_checkout' }] } });
  const services = (await (await api.get('/api/services')).json()) as Array<{ id: string; name: string }>;
  const serviceId = services.find((s) => s.name === 'Full Detail')!.id;
  // The first open day from tomorrow on (the business closes some days).
  let slots: Array<{ id: string }> = [];
  for (let day = 1; slots.length === 0 && day <= 7; day += 1) {
    slots = (await (await api.get(`/api/services/${serviceId}/available-slots?date=${dayKey(day)}`)).json()) as Array<{ id: string }>;
  }
  expect(slots.length, 'an open day within a week').toBeGreaterThan(0);
  // The latest start a technician can reach at the address (decision 055): a refused one is passed over.
  let booking: { id: string; trackingToken: string } | undefined;
  for (const slot of [...slots].reverse()) {
    const held = await api.post('/api/bookings', {
      headers: { ...headers, 'idempotency-key': `e2e-analytics-${slot.id}-${Date.now()}` },
      data: { serviceId, serviceType: 'mobile', slotId: slot.id, address: '425 Park Ave, San Jose, CA 95110', guestEmail: `funnel-${Date.now()}@example.com`, guestName: 'Fay Funnel' },
    });
    if (held.status() === 409) continue;
    expect(held.status(), await held.text()).toBe(201);
    booking = (await held.json()) as { id: string; trackingToken: string };
    break;
  }
  if (!booking) throw new Error('No start a technician can reach at 425 Park Ave');
  await api.post('/api/analytics/events', { headers, data: { sessionId, events: [{ eventType: 'payment_initiated' }] } });
  const intent = await (await api.post('/api/create-payment-intent', { headers: { ...headers, 'x-tracking-token': booking.trackingToken }, data: { bookingId: booking.id } })).json();
  const paid = await api.post('/api/payments/test/confirm-card', {
    headers,
    data: { paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret, number: '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123' },
  });
  expect(paid.ok(), await paid.text()).toBeTruthy();
  await visitor.close();

  await adminLogin(page, '/admin/analytics');
  await expect(page.getByRole('heading', { name: 'Analytics Dashboard' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Conversion funnel' })).toBeVisible();
  const completed = page.getByText('Payments completed', { exact: true }).locator('..');
  await expect(completed).not.toContainText('–');
  await expect.poll(async () => Number((await completed.locator('span').nth(1).textContent()) ?? 0)).toBeGreaterThanOrEqual(1);
  // Why payments are fewer than bookings is said next to the figure.
  await expect(page.getByTestId('payments-note')).toContainText('jobs paid on site');
  await expect(page.getByTestId('payments-note')).toContainText('package credit');
  await page.getByRole('button', { name: '90 days' }).click();
  await expect(page.getByRole('img', { name: 'Daily visits, bookings and revenue' })).toBeVisible();
  await expectNoLabelOverBar(page);
  await page.screenshot({ path: 'test-results/screenshots/admin-analytics.png', fullPage: true });
  await page.getByRole('tab', { name: 'Recent Events' }).click();
  await expect(page.getByRole('cell', { name: 'payment_completed' }).first()).toBeVisible();
  await expect(page.getByRole('cell', { name: '/sww-offer' }).first()).toBeVisible();
  await page.getByRole('tab', { name: 'User Sessions' }).click();
  await expect(page.getByRole('columnheader', { name: 'Landing page' })).toBeVisible();
  // The visitor's session, landed on the offer page.
  await expect(page.getByRole('cell', { name: '/sww-offer' }).first()).toBeVisible();
  // The offer moved to Marketing: Analytics has no Offer tab any more.
  await expect(page.getByRole('tab', { name: 'Offer' })).toHaveCount(0);
});
