import type { TestApp } from './harness';
import type { ServiceView } from '../../shared/schemas/services';

/**
 * Test factories for the booking flow (not fixtures): look up catalogue services, book, pay with the
 * test card. Used by the booking, payment and concurrency suites.
 */
export const MONDAY_9AM_PACIFIC = Date.parse('2026-06-01T16:00:00Z');
export const TUESDAY = '2026-06-02';

export async function serviceNamed(t: TestApp, name: string): Promise<ServiceView> {
  const list = (await t.call('GET', '/api/services')).json() as ServiceView[];
  const found = list.find((s) => s.name === name);
  if (!found) throw new Error(`no service ${name}`);
  return found;
}

export const HOME = { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' };

let keyCounter = 0;
export const newKey = () => `test-key-${Date.now()}-${++keyCounter}-${Math.random().toString(36).slice(2, 8)}`;

export async function bookAsGuest(t: TestApp, overrides: Record<string, unknown> = {}, key = newKey()) {
  const service = await serviceNamed(t, 'Full Detail');
  return t.call('POST', '/api/bookings', {
    headers: { 'idempotency-key': key },
    body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T10:00`, address: HOME, guestEmail: 'guest@example.com', guestName: 'Gale Guest', guestPhone: '4085550100', ...overrides },
  });
}

export async function payWithTestCard(t: TestApp, booking: { id: string; trackingToken?: string }, options: { cookie?: string; number?: string; saveCard?: boolean } = {}) {
  const intent = await t.call('POST', '/api/create-payment-intent', {
    cookie: options.cookie,
    headers: booking.trackingToken ? { 'x-tracking-token': booking.trackingToken } : {},
    body: { bookingId: booking.id, saveCard: options.saveCard ?? false },
  });
  if (intent.statusCode !== 200) throw new Error(`intent failed: ${intent.statusCode} ${intent.body}`);
  const { clientSecret, paymentIntentId } = intent.json();
  const card = await t.call('POST', '/api/payments/test/confirm-card', {
    body: { paymentIntentId, clientSecret, number: options.number ?? '4242 4242 4242 4242', expMonth: 12, expYear: 2030, cvc: '123', saveCard: options.saveCard ?? false },
  });
  return { intent: intent.json(), card };
}
