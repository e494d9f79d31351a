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

  // A NUL or half a surrogate pair in any string is refused before any schema or service sees it. PostgreSQL
  // refuses NUL outright, so a route that let one through answered 500 (or 503 where a provider call failed).
  it('refuses a NUL or a lone surrogate in the query string or body of every route with 400 INVALID_TEXT', async () => {
    const routes = [...apiRoutes, ...openApiRoutes].filter((r) => r.url.startsWith('/api/') && r.url !== '/api/create-test-booking-redirect');
    // The sweep above signs its sessions out (it calls logout too): this one signs in afresh.
    const admin = await t.login('admin@glint.local');
    const failures: string[] = [];
    const refused = (response: { statusCode: number; json(): unknown }) =>
      response.statusCode === 400 && (response.json() as { code?: unknown; message?: unknown }).code === 'INVALID_TEXT' && typeof (response.json() as { message?: unknown }).message === 'string';
    for (const route of routes) {
      const path = route.url.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\*$/, 'x');
      const withQuery = await t.call(route.method as 'GET', `${path}?q=a%00b&email=x%00%40example.com&page=1`, { cookie: admin, ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { body: {} }) });
      if (!refused(withQuery)) failures.push(`${route.method} ${path} with NUL in the query → ${withQuery.statusCode} ${withQuery.body.slice(0, 160)}`);
      if (route.method === 'GET' || route.method === 'DELETE') continue;
      for (const bad of ['a\u0000b', 'a\ud800b', 'a\udc00b']) {
        const body = { name: bad, fullName: bad, email: `x${bad}@example.com`, notes: bad, nested: { items: [bad] } };
        const response = await t.call(route.method as 'POST', path, { cookie: admin, body });
        // A raw body (signed webhooks) is bytes checked by its signature first; it still never breaks the server.
        const rawBody = Boolean(route.scope) && response.statusCode >= 400 && (response.statusCode < 500 || response.statusCode === 503);
        if (!refused(response) && !rawBody) failures.push(`${route.method} ${path} with ${JSON.stringify(bad)} in the body → ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('refuses a NUL in a path parameter (404 where a malformed id is answered so) and in a header', async () => {
    const id = await t.call('GET', '/api/bookings/guest/a%00b');
    expect(id.json()).toMatchObject({ code: 'INVALID_TEXT', params: { field: 'id' } });
    const feed = await t.call('GET', '/api/calendar/a%00b.ics');
    expect(feed.statusCode).toBe(404);
    expect(feed.json()).toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
    const header = await t.call('POST', '/api/bookings', { headers: { 'idempotency-key': 'key-\u0000-12345' }, body: {} });
    expect(header.statusCode).toBe(400);
    expect(header.json()).toMatchObject({ code: 'INVALID_TEXT', params: { field: 'idempotency-key' } });
  });
});
