import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { apiRoutes } from '../index';
import { requireAdmin } from '../../http/auth-hooks';

/**
 * The authorisation matrix, generated from the route declarations: every route under /api/admin/
 * (whoever wrote it) plus the other staff routes is called as anonymous, customer, driver and admin.
 * A new admin route without requireAdmin fails this test without anyone adding it here.
 */

/** Staff routes outside /api/admin/ that only the admin may use. */
const OTHER_ADMIN_ROUTES = [
  { method: 'GET', url: '/api/drivers' },
  { method: 'POST', url: '/api/drivers/:driverId/assign/:bookingId' },
  { method: 'PATCH', url: '/api/bookings/:id/status' },
];

let t: TestApp;
let cookies: Record<'customer' | 'driver' | 'admin', string>;
let routes: Array<{ method: string; url: string }>;

beforeAll(async () => {
  t = await createTestApp();
  cookies = {
    customer: (await t.createUser({ role: 'customer' })).cookie,
    driver: (await t.createUser({ role: 'driver' })).cookie,
    admin: await t.login('admin@glint.local'),
  };
  const declared = apiRoutes.map((r) => ({ method: r.method as string, url: r.url as string }));
  routes = [...declared.filter((r) => r.url.startsWith('/api/admin/')), ...OTHER_ADMIN_ROUTES];
  for (const extra of OTHER_ADMIN_ROUTES) expect(declared, `${extra.method} ${extra.url} is declared`).toContainEqual(extra);
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());

describe('the admin authorisation matrix', () => {
  it('declares every back-office route with the requireAdmin guard', () => {
    for (const route of apiRoutes) {
      const staffOnly = route.url.startsWith('/api/admin/') || OTHER_ADMIN_ROUTES.some((r) => r.method === route.method && r.url === route.url);
      if (staffOnly) expect(route.guard, `${route.method} ${route.url}`).toBe(requireAdmin);
    }
  });

  it('finds the back-office routes in the declarations', () => {
    const urls = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'GET /api/admin/bookings',
      'PUT /api/admin/bookings/:id',
      'DELETE /api/admin/bookings/:id',
      'POST /api/admin/bookings/:id/payment-link',
      'POST /api/admin/appointments',
      'PUT /api/admin/appointments/:id',
      'DELETE /api/admin/appointments/:id',
      'GET /api/admin/business-availability',
      'POST /api/admin/bulk-business-availability',
      'POST /api/admin/business-closures',
      'GET /api/admin/customers',
      'POST /api/admin/users',
      'POST /api/admin/send-password-reset',
      'GET /api/admin/staff',
      'PATCH /api/admin/staff/:id',
      'GET /api/admin/services',
      'POST /api/admin/seed-services',
      'POST /api/admin/reset-admin-password',
      'POST /api/admin/uploads',
      'GET /api/admin/dashboard',
      'GET /api/admin/dispatch/plan',
      'POST /api/admin/dispatch/plan/apply',
      'GET /api/admin/dispatch/lanes',
      'PATCH /api/admin/dispatch/bookings/:id',
    ]) {
      expect(urls).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(30);
  });

  it('answers 401 to anonymous callers on every admin route', async () => {
    for (const route of routes) {
      const response = await t.call(route.method as 'GET', fill(route.url), { body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('answers 403 to customers and drivers on every admin route', async () => {
    for (const who of ['customer', 'driver'] as const) {
      for (const route of routes) {
        const response = await t.call(route.method as 'GET', fill(route.url), { cookie: cookies[who], body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
        expect(response.statusCode, `${who}: ${route.method} ${route.url}`).toBe(403);
        expect(response.json().message, `${who}: ${route.method} ${route.url}`).toBe('Admin privileges required');
      }
    }
  });

  it('lets the admin through every admin route (2xx, or a 4xx about the input — never 401/403/500)', async () => {
    for (const route of routes) {
      const response = await t.call(route.method as 'GET', fill(route.url), { cookie: cookies.admin, body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {} });
      const label = `${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 120)}`;
      expect(response.statusCode, label).toBeLessThan(500);
      expect([401, 403], label).not.toContain(response.statusCode);
    }
  });

  it('ends an admin session after 12 hours', async () => {
    const cookie = await t.login('admin@glint.local');
    expect((await t.call('GET', '/api/admin/dashboard', { cookie })).statusCode).toBe(200);
    t.clock.advance(12 * 3600_000 + 1000);
    expect((await t.call('GET', '/api/admin/dashboard', { cookie })).statusCode).toBe(401);
  });
});
