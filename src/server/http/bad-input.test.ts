import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { apiRoutes } from '../features';
import { openApiRoutes } from './openapi';

/**
 * Every declared API route (src/server/features/index.ts), called with junk: malformed and unknown ids, wrong
 * types, nonsense query strings. Whatever the route, the answer is a 4xx (or a success), never a 500,
 * and every error carries a message.
 */
let t: TestApp;
let cookies: Record<'customer' | 'admin', string>;

beforeAll(async () => {
  t = await createTestApp({ seedDemo: true });
  cookies = { customer: (await t.createUser({ role: 'customer' })).cookie, admin: await t.login('admin@glint.local') };
}, 120_000);
afterAll(() => t.close());

const JUNK_BODIES: unknown[] = [
  {},
  { id: [], email: { nested: true }, slotId: 12, date: '2026-13-45', status: 'flying', rating: 'five', latitude: 'north', price: '-1e9', serviceId: 'x', password: 7 },
  [1, 2, 3],
];
const JUNK_QUERY = '?page=-1&pageSize=abc&date=2026-02-30&startDate=yesterday&endDate=&status=nope&q=%27%3B--&lat=999&lng=abc';

describe('bad input never breaks the server', () => {
  it('answers every route with a 4xx and a message (or a success), never a crash', async () => {
    const routes = [...apiRoutes, ...openApiRoutes].filter((r) => r.url.startsWith('/api/') && r.url !== '/api/create-test-booking-redirect');
    expect(routes.length).toBeGreaterThan(60);
    const failures: string[] = [];
    for (const route of routes) {
      for (const id of ['not-a-uuid', randomUUID()]) {
        const url = route.url.replace(/:[A-Za-z]+/g, id).replace(/\*$/, 'x') + JUNK_QUERY;
        for (const who of ['admin', 'customer'] as const) {
          for (const body of route.method === 'GET' || route.method === 'DELETE' ? [undefined] : JUNK_BODIES) {
            const response = await t.call(route.method as 'GET', url, { cookie: cookies[who], body });
            // 503 UNAVAILABLE is a deliberate answer (e.g. the Stripe webhook with no Stripe configured); a crash is 500.
            const body_ = response.statusCode >= 400 ? (response.json() as { message?: unknown; code?: unknown }) : {};
            const deliberate = response.statusCode === 503 && body_.code === 'UNAVAILABLE';
            const ok = (response.statusCode < 500 || deliberate) && (response.statusCode < 400 || typeof body_.message === 'string');
            if (!ok) failures.push(`${route.method} ${url} as ${who} with ${JSON.stringify(body)} → ${response.statusCode} ${response.body.slice(0, 160)}`);
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});
