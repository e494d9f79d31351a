/**
 * The customer's checkout over real HTTP (hold → intent → test card → confirm), for the suites that drive
 * server processes rather than an injected app. Each client comes from its own address (X-Forwarded-For;
 * the servers are started with TRUST_PROXY), so the per-client hold limit stays out of the way.
 */
/** Placed on the map: the slot lists are asked at its point and the holds are made there (decision 055). */
export const HOME_ADDRESS = { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110', latitude: 37.3318, longitude: -121.8963 };
export const GOOD_CARD = '4242 4242 4242 4242';
export const DECLINED_CARD = '4000 0000 0000 0002';

export interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** One JSON call; a refused or reset connection answers status 0 (the instance is down). */
export async function send(base: string, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  try {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}), ...options.headers },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      body = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    } catch {
      body = { text };
    }
    return { status: response.status, body };
  } catch (error) {
    return { status: 0, body: { error: (error as Error).message } };
  }
}

/** A date key (Pacific) `days` from now. */
export function dayIn(days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
}

export async function serviceId(base: string, name = 'Express Exterior Wash'): Promise<string> {
  const list = (await send(base, 'GET', '/api/services')).body as unknown as { id: string; name: string }[];
  return (list.find((s) => s.name === name) ?? list[0]!).id;
}

export function holdRequest(service: string, slotId: string, email: string) {
  return { serviceId: service, serviceType: 'mobile', slotId, address: HOME_ADDRESS, guestEmail: email, guestName: 'Fay Fault', guestPhone: '4085550100' };
}

/** Intent, then the test card, then confirm: what the checkout page does once it holds a booking. */
export async function pay(base: string, booking: { id: string; trackingToken: string }, card: string, ip: string): Promise<{ intent: Answer; card?: Answer; confirm?: Answer }> {
  const headers = { 'x-tracking-token': booking.trackingToken, 'x-forwarded-for': ip };
  const intent = await send(base, 'POST', '/api/create-payment-intent', { headers, body: { bookingId: booking.id } });
  if (intent.status !== 200) return { intent };
  const { clientSecret, paymentIntentId } = intent.body as { clientSecret: string; paymentIntentId: string };
  const charged = await send(base, 'POST', '/api/payments/test/confirm-card', { headers, body: { paymentIntentId, clientSecret, number: card, expMonth: 12, expYear: 2030, cvc: '123', saveCard: false } });
  if (charged.status !== 200) return { intent, card: charged };
  const confirm = await send(base, 'POST', '/api/confirm-payment', { headers, body: { paymentIntentId, bookingId: booking.id } });
  return { intent, card: charged, confirm };
}

/** Slot ids with room that a technician can reach at HOME_ADDRESS, over the days from `fromDay` to `toDay` ahead (the test clock is the real one). */
export async function openSlots(base: string, service: string, fromDay = 2, toDay = 21): Promise<string[]> {
  const ids: string[] = [];
  for (let day = fromDay; day <= toDay; day++) {
    const answer = await send(base, 'GET', `/api/services/${service}/available-slots?date=${dayIn(day)}&lat=${HOME_ADDRESS.latitude}&lng=${HOME_ADDRESS.longitude}`);
    if (answer.status !== 200) continue;
    for (const slot of answer.body as unknown as { id: string; availableCapacity: number }[]) if (slot.availableCapacity > 0) ids.push(slot.id);
  }
  return ids;
}
