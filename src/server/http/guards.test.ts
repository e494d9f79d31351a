import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiRoutes } from '../features';
import { createTestApp, type TestApp } from '../test/harness';
import { requireAdmin, requireDriverOrAdmin, requireUser } from './auth-hooks';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Routes anyone may call (each checks its own token, signature or session where it needs one). Every other declared route carries a guard. */
const PUBLIC_ROUTES = new Set([
  'GET /api/health',
  'GET /api/config',
  'GET /api/dev/outbox',
  'GET /api/dev/sms',
  'POST /api/dev/weather-check',
  'POST /api/dev/standing-appointments',
  'GET /dev/mail',
  'GET /api/auth/me',
  'GET /api/auth/session',
  'POST /api/auth/register',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/auth/verify-email',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'GET /api/services',
  // The cancellation policy, quoted by checkout and the help page (decision 057).
  'GET /api/policy',
  'GET /api/services/:id',
  'GET /api/vehicle-catalogue',
  'GET /api/services/:id/available-slots',
  'GET /api/services/:id/available-days',
  'GET /api/uploads/:id',
  'GET /api/geo/suggest',
  'GET /api/geo/reverse',
  'POST /api/bookings',
  'GET /api/create-test-booking-redirect',
  'POST /api/create-payment-intent',
  'POST /api/confirm-payment',
  'POST /api/payments/test/confirm-card',
  'POST /api/webhooks/stripe',
  // The store's webhooks: authenticated by their HMAC signature, not a session.
  'POST /api/webhooks/shopify',
  'GET /api/bookings/guest/:id',
  'GET /api/bookings/guest/:id/driver-location',
  // Inspections (decision 048): the customer by session or tracking token, staff by session; anyone else 404.
  'GET /api/driver/bookings/:id/inspections',
  'GET /api/driver/bookings/:id/inspections/photos/:photoId',
  'POST /api/driver/bookings/:id/inspections/concerns',
  // The guest asks for the claim link (e-mailed to the booking's address): allowed by the booking's tracking token.
  'POST /api/bookings/guest/:id/account',
  // The claim link's page: the e-mailed single-use token in the body is the credential.
  'POST /api/auth/claim-guest-booking',
  // The package store is for visitors too (buying needs a sign-in).
  'GET /api/packages',
  // First-party analytics from any visitor (dropped for GPC, bots, opted-out accounts), and the promotional offer.
  'POST /api/analytics/events',
  'GET /api/offers/current',
  // Store orders: the customer is proven by the order number (or the order's id) plus its e-mail; lookups are rate-limited per IP.
  'POST /api/shopify-orders/lookup',
  'POST /api/shopify-orders/:orderId/schedule-booking',
  'POST /api/shopify-orders/:orderId/available-slots',
  'POST /api/shopify-orders/:orderId/available-days',
  // Outside production only: seeds the demo store's order #1276 when absent (browser tests).
  // A staff member's private iCal feed: the token in the URL is the credential (calendar apps cannot sign in).
  'GET /api/calendar/:token.ics',
  // Operations (decision 040): readiness for load balancers; metrics for this machine or the METRICS_TOKEN
  // bearer; a backup asked for by `npm run backup` on this machine (others get 404).
  'GET /api/ready',
  'GET /metrics',
  'POST /api/ops/backups',
  // Customers' messages (decision 050): the signed single-purpose token in the URL is the credential, and
  // Twilio's inbound texts are proven by X-Twilio-Signature.
  'GET /api/manage/:token',
  'POST /api/manage/:token/cancel',
  'GET /api/manage/:token/cancel-preview',
  'POST /api/manage/:token/reschedule',
  'GET /api/rate/:token',
  'POST /api/rate/:token',
  'POST /api/webhooks/twilio',
  'GET /api/manage/:token/slots',
  // A text's short link (decision 070): the random code is the credential; unknown codes are rate-limited per address.
  'GET /s/:code',
  // Rain offers (issue 26): the signed `weather` token is the credential.
  'GET /api/weather-offers/:token',
  'POST /api/weather-offers/:token/keep',
  'POST /api/weather-offers/:token/move',
  // Tips (decision 058): the booking's own customer or the holder of its tracking token, checked in the service.
  'GET /api/bookings/:id/tip',
  'POST /api/bookings/:id/tip',
  'POST /api/bookings/:id/tip/confirm',
  // The membership plans on /packages, for anyone (decision 059).
  'GET /api/memberships/plans',
]);

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, () => randomUUID());
const junk = (method: string) => (method === 'GET' || method === 'DELETE' ? undefined : { id: [], status: 'flying' });

describe('role guards', () => {
  it('answer 401 when signed out and 403 for the wrong role', async () => {
    const customer = await t.createUser({ role: 'customer' });
    const driver = await t.createUser({ role: 'driver' });
    const admin = await t.login('admin@glint.local');
    const run = async (guard: typeof requireUser, cookie?: string) => {
      const request = { session: undefined } as never as Parameters<typeof requireUser>[0];
      if (cookie) {
        const me = await t.call('GET', '/api/auth/me', { cookie });
        (request as { session: unknown }).session = { sessionId: 'x', user: me.json() };
      }
      try {
        await guard(request);
        return 200;
      } catch (error) {
        return (error as { status: number }).status;
      }
    };
    expect(await run(requireUser)).toBe(401);
    expect(await run(requireUser, customer.cookie)).toBe(200);
    expect(await run(requireAdmin)).toBe(401);
    expect(await run(requireAdmin, customer.cookie)).toBe(403);
    expect(await run(requireAdmin, driver.cookie)).toBe(403);
    expect(await run(requireAdmin, admin)).toBe(200);
    expect(await run(requireDriverOrAdmin, customer.cookie)).toBe(403);
    expect(await run(requireDriverOrAdmin, driver.cookie)).toBe(200);
    expect(await run(requireDriverOrAdmin, admin)).toBe(200);
  });
});

describe('the declared routes and their guards', () => {
  it('declares a guard on every route that is not on the public list', () => {
    const unguarded = apiRoutes.filter((r) => !r.guard && !PUBLIC_ROUTES.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(unguarded).toEqual([]);
    const guardedButListed = apiRoutes.filter((r) => r.guard && PUBLIC_ROUTES.has(`${r.method} ${r.url}`)).map((r) => `${r.method} ${r.url}`);
    expect(guardedButListed).toEqual([]);
  });

  it('answers 401 to anonymous callers on every guarded route, before looking at the input', async () => {
    const guarded = apiRoutes.filter((r) => r.guard);
    expect(guarded.length).toBeGreaterThan(50);
    for (const route of guarded) {
      const response = await t.call(route.method, fill(route.url), { body: junk(route.method) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(response.json().code, `${route.method} ${route.url}`).toBe('NOT_SIGNED_IN');
    }
  });

  it('answers 403 to customers on every driver route', async () => {
    const { cookie } = await t.createUser({ role: 'customer' });
    const driverRoutes = apiRoutes.filter((r) => r.guard === requireDriverOrAdmin);
    expect(driverRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of driverRoutes) {
      const response = await t.call(route.method, fill(route.url), { cookie, body: junk(route.method) });
      expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
    }
  });
});
