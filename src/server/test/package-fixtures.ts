import { expect } from 'vitest';
import type { TestApp } from './harness';
import { serviceNamed } from './checkout-fixtures';

/** Test factories for prepaid packages: a package made through the admin API, a purchase paid with the test card. */

export async function createPackage(t: TestApp, adminCookie: string, overrides: Record<string, unknown> = {}) {
  const service = await serviceNamed(t, 'Express Exterior Wash');
  const response = await t.call('POST', '/api/admin/packages', {
    cookie: adminCookie,
    body: { name: '5 Express Washes', description: 'Five for the price of four', serviceId: service.id, serviceCount: 5, originalPrice: '200.00', packagePrice: '160.00', ...overrides },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; serviceId: string; serviceCount: number; packagePrice: string; discount: string };
}

/** Starts a purchase and pays it with the test card form; answers the intent (the purchase is recorded by the card form). */
export async function payPackageWithTestCard(t: TestApp, cookie: string, packageId: string, number = '4242 4242 4242 4242') {
  const start = await t.call('POST', '/api/packages/purchase', { cookie, body: { packageId } });
  expect(start.statusCode, start.body).toBe(200);
  const { clientSecret, paymentIntentId } = start.json();
  const card = await t.call('POST', '/api/payments/test/confirm-card', { body: { paymentIntentId, clientSecret, number, expMonth: 12, expYear: 2030, cvc: '123', saveCard: false } });
  return { paymentIntentId: paymentIntentId as string, card };
}
