import { expect, test } from '../support/test';

test('when the browser refuses the beacon, the batch still reaches the server by a keepalive fetch', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'sendBeacon', { value: () => false, configurable: true });
  });
  const sent = page.waitForRequest((r) => r.url().endsWith('/api/analytics/events') && r.method() === 'POST');
  await page.goto('/');
  const request = await sent;
  expect(request.resourceType()).toBe('fetch');
  expect(JSON.parse(request.postData() ?? '{}').events.map((e: { eventType: string }) => e.eventType)).toContain('page_visit');
  const response = await request.response();
  expect(response?.status()).toBe(202);
});
