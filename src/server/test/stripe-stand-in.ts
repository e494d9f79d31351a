import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createTestApp, type TestApp } from './harness';

/**
 * A small local stand-in of the Stripe API for tests (stripe-node pointed at it with host/port/protocol):
 * payment intents (create, retrieve, update, cancel), refunds, customers, payment-method detach, and Billing's products,
 * prices and subscriptions (decision 065), with the form-encoded bodies and Idempotency-Key replays Stripe uses.
 * Tests move an intent to succeeded or declined themselves.
 */
export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  customer: string | null;
  payment_method: string | null;
  setup_future_usage: string | null;
  last_payment_error: { message: string; code?: string } | null;
  receipt_email: string | null;
}

export interface StandInSubscription {
  id: string;
  object: 'subscription';
  status: string;
  customer: string;
  metadata: Record<string, string>;
  cancel_at_period_end: boolean;
  pause_collection: { behavior: string } | null;
  default_payment_method: string | null;
  items: { object: 'list'; data: Array<{ id: string; object: 'subscription_item'; price: { id: string; object: 'price'; unit_amount: number }; current_period_start: number; current_period_end: number }> };
  latest_invoice: {
    id: string;
    object: 'invoice';
    status: string;
    amount_due: number;
    currency: string;
    customer: string;
    confirmation_secret: { client_secret: string; type: 'payment_intent' };
    payments: { object: 'list'; data: Array<{ payment: { type: 'payment_intent'; payment_intent: string } }> };
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  form: Record<string, string>;
}

export interface StripeStandIn {
  url: string;
  intents: Map<string, StandInIntent>;
  requests: RecordedRequest[];
  refunds: Array<{ id: string; payment_intent: string; amount: number }>;
  subscriptions: Map<string, StandInSubscription>;
  /** The stand-in's clock for subscription periods (ms); tests set it to the app's. */
  now: () => number;
  /** Pays an intent with a card (what Stripe.js would do in the browser). */
  succeed(intentId: string, card?: { brand: string; last4: string; exp_month: number; exp_year: number }): StandInIntent;
  decline(intentId: string, message?: string): StandInIntent;
  close(): Promise<void>;
}

const cards = new Map<string, { brand: string; last4: string; exp_month: number; exp_year: number }>();

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    request.on('data', (chunk) => (data += chunk));
    request.on('end', () => resolve(data));
    request.on('error', reject);
  });
}

function paymentMethodObject(id: string) {
  const card = cards.get(id) ?? { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
  return { id, object: 'payment_method', type: 'card', card };
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const requests: RecordedRequest[] = [];
  const refunds: StripeStandIn['refunds'] = [];
  const replies = new Map<string, { status: number; body: unknown }>();
  const subscriptions = new Map<string, StandInSubscription>();
  const prices = new Map<string, { id: string; object: 'price'; unit_amount: number; lookup_key: string | null; active: boolean; product: string }>();
  const products = new Set<string>();
  const clock = { now: () => Date.now() };
  const metadataOf = (form: Record<string, string>) => {
    const metadata: Record<string, string> = {};
    for (const [key, value] of Object.entries(form)) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m) metadata[m[1]!] = value;
    }
    return metadata;
  };
  const newIntent = (form: Record<string, string>, amount: number, metadata: Record<string, string>): StandInIntent => {
    const id = `pi_${randomBytes(10).toString('hex')}`;
    const intent: StandInIntent = {
      id,
      object: 'payment_intent',
      amount,
      currency: form.currency ?? 'usd',
      status: 'requires_payment_method',
      client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`,
      metadata,
      customer: form.customer ?? null,
      payment_method: form.payment_method ?? null,
      setup_future_usage: form.setup_future_usage ?? null,
      last_payment_error: null,
      receipt_email: form.receipt_email ?? null,
    };
    intents.set(id, intent);
    return intent;
  };
  /** The intent succeeds with the card; an invoice it pays pays its subscription's month, as Stripe Billing does. */
  const pay = (intent: StandInIntent, paymentMethod: string) => {
    Object.assign(intent, { status: 'succeeded', payment_method: paymentMethod, last_payment_error: null });
    for (const sub of subscriptions.values()) {
      if (sub.latest_invoice.payments.data[0]?.payment.payment_intent === intent.id) Object.assign(sub, { status: 'active', latest_invoice: { ...sub.latest_invoice, status: 'paid' } });
    }
    return intent;
  };
  /** A new month invoiced on the subscription: its period from the stand-in's clock, a fresh intent to pay it. */
  const invoiceMonth = (sub: Pick<StandInSubscription, 'id' | 'customer'>, price: { id: string; unit_amount: number }, from: number) => {
    const start = Math.floor(from / 1000);
    const end = start + 30 * 24 * 3600;
    const intent = newIntent({ customer: sub.customer }, price.unit_amount, {});
    return {
      items: { object: 'list' as const, data: [{ id: `si_${randomBytes(6).toString('hex')}`, object: 'subscription_item' as const, price: { id: price.id, object: 'price' as const, unit_amount: price.unit_amount }, current_period_start: start, current_period_end: end }] },
      latest_invoice: {
        id: `in_${randomBytes(8).toString('hex')}`,
        object: 'invoice' as const,
        status: 'open',
        amount_due: price.unit_amount,
        currency: 'usd',
        customer: sub.customer,
        confirmation_secret: { client_secret: intent.client_secret, type: 'payment_intent' as const },
        payments: { object: 'list' as const, data: [{ payment: { type: 'payment_intent' as const, payment_intent: intent.id } }] },
      },
    };
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://stand-in');
    const raw = await readBody(request);
    const form = Object.fromEntries(new URLSearchParams(request.method === 'GET' ? url.search : raw));
    const idempotencyKey = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method!, path: url.pathname, idempotencyKey, authorization: request.headers.authorization, form });
    const send = (status: number, body: unknown) => {
      if (idempotencyKey && request.method === 'POST') replies.set(`${url.pathname}|${idempotencyKey}`, { status, body });
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${randomBytes(6).toString('hex')}` });
      response.end(JSON.stringify(body));
    };
    const replay = idempotencyKey && request.method === 'POST' ? replies.get(`${url.pathname}|${idempotencyKey}`) : undefined;
    if (replay) {
      response.writeHead(replay.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true' });
      return response.end(JSON.stringify(replay.body));
    }
    const expand = (intent: StandInIntent) =>
      form['expand[0]'] === 'payment_method' && intent.payment_method ? { ...intent, payment_method: paymentMethodObject(intent.payment_method) } : intent;

    let match: RegExpExecArray | null;
    if (request.method === 'POST' && url.pathname === '/v1/payment_intents') {
      const intent = newIntent(form, Number(form.amount), metadataOf(form));
      if (form.confirm === 'true' && intent.payment_method) intent.status = 'succeeded';
      return send(200, expand(intent));
    }
    if (request.method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname))) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      return send(200, expand(intent));
    }
    if (request.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/cancel$/.exec(url.pathname))) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      if (intent.status === 'succeeded' || intent.status === 'processing' || intent.status === 'canceled') {
        return send(400, { error: { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}.` } });
      }
      intent.status = 'canceled';
      return send(200, expand(intent));
    }
    if (request.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(url.pathname))) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      return send(200, expand(pay(intent, form.payment_method ?? intent.payment_method ?? `pm_${randomBytes(8).toString('hex')}`)));
    }
    if (request.method === 'POST' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(url.pathname))) {
      const intent = intents.get(match[1]!);
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such payment_intent: '${match[1]}'` } });
      Object.assign(intent.metadata, metadataOf(form));
      return send(200, expand(intent));
    }
    if (request.method === 'GET' && url.pathname === '/v1/prices') {
      const data = [...prices.values()].filter((p) => p.active && p.lookup_key === form['lookup_keys[0]']);
      return send(200, { object: 'list', data, has_more: false, url: '/v1/prices' });
    }
    if (request.method === 'POST' && url.pathname === '/v1/products') {
      if (products.has(form.id!)) return send(400, { error: { type: 'invalid_request_error', code: 'resource_already_exists', message: 'Product already exists.' } });
      products.add(form.id!);
      return send(200, { id: form.id, object: 'product', name: form.name, metadata: metadataOf(form) });
    }
    if (request.method === 'GET' && (match = /^\/v1\/products\/([^/]+)$/.exec(url.pathname))) {
      return products.has(match[1]!) ? send(200, { id: match[1], object: 'product' }) : send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such product' } });
    }
    if (request.method === 'POST' && url.pathname === '/v1/prices') {
      const price = { id: `price_${randomBytes(8).toString('hex')}`, object: 'price' as const, unit_amount: Number(form.unit_amount), lookup_key: form.lookup_key ?? null, active: true, product: form.product! };
      prices.set(price.id, price);
      return send(200, price);
    }
    if (request.method === 'POST' && url.pathname === '/v1/subscriptions') {
      const price = prices.get(form['items[0][price]'] ?? '');
      if (!price) return send(400, { error: { type: 'invalid_request_error', message: 'No such price' } });
      const id = `sub_${randomBytes(10).toString('hex')}`;
      const sub: StandInSubscription = {
        id,
        object: 'subscription',
        status: 'incomplete',
        customer: form.customer!,
        metadata: metadataOf(form),
        cancel_at_period_end: false,
        pause_collection: null,
        default_payment_method: form.default_payment_method ?? null,
        ...invoiceMonth({ id, customer: form.customer! }, price, clock.now()),
      };
      subscriptions.set(id, sub);
      return send(200, sub);
    }
    if ((match = /^\/v1\/subscriptions\/([^/]+)$/.exec(url.pathname))) {
      const sub = subscriptions.get(match[1]!);
      if (!sub) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such subscription: '${match[1]}'` } });
      if (request.method === 'DELETE') Object.assign(sub, { status: 'canceled' });
      if (request.method === 'POST') {
        if ('pause_collection' in form) sub.pause_collection = null;
        if (form['pause_collection[behavior]']) sub.pause_collection = { behavior: form['pause_collection[behavior]'] };
        if (form.cancel_at_period_end) sub.cancel_at_period_end = form.cancel_at_period_end === 'true';
        if (form['billing_cycle_anchor[type]'] === 'now') Object.assign(sub, invoiceMonth(sub, sub.items.data[0]!.price, clock.now()), { status: 'past_due' });
      }
      return send(200, sub);
    }
    if (request.method === 'POST' && (match = /^\/v1\/invoices\/([^/]+)\/pay$/.exec(url.pathname))) {
      // Any card pays, except the test card number Stripe declines (pm_card_chargeDeclined).
      if (form.payment_method === 'pm_card_chargeDeclined') return send(402, { error: { type: 'card_error', code: 'card_declined', message: 'Your card was declined.' } });
      return send(200, { id: match[1], object: 'invoice', status: 'paid', payment_method: form.payment_method ?? null });
    }
    if (request.method === 'POST' && url.pathname === '/v1/refunds') {
      const intent = intents.get(form.payment_intent ?? '');
      if (!intent) return send(404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such payment_intent' } });
      const refund = { id: `re_${randomBytes(8).toString('hex')}`, object: 'refund', payment_intent: intent.id, amount: Number(form.amount ?? intent.amount), status: 'succeeded' };
      refunds.push(refund);
      return send(200, refund);
    }
    if (request.method === 'POST' && url.pathname === '/v1/setup_intents') {
      const id = `seti_${randomBytes(10).toString('hex')}`;
      return send(200, { id, object: 'setup_intent', status: 'requires_payment_method', client_secret: `${id}_secret_${randomBytes(8).toString('hex')}`, customer: form.customer ?? null, usage: form.usage ?? 'off_session', payment_method: null, last_setup_error: null, metadata: {} });
    }
    if (request.method === 'POST' && url.pathname === '/v1/customers') {
      return send(200, { id: `cus_${randomBytes(8).toString('hex')}`, object: 'customer', email: form.email ?? null });
    }
    if (request.method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname))) {
      return send(200, { ...paymentMethodObject(match[1]!), customer: null });
    }
    return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${request.method}: ${url.pathname})` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${address.port}`,
    intents,
    requests,
    refunds,
    subscriptions,
    get now() {
      return clock.now;
    },
    set now(value: () => number) {
      clock.now = value;
    },
    succeed(intentId, card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }) {
      const pm = `pm_${randomBytes(8).toString('hex')}`;
      cards.set(pm, card);
      return pay(intents.get(intentId)!, pm);
    },
    decline(intentId, message = 'Your card was declined.') {
      const intent = intents.get(intentId)!;
      Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { message, code: 'card_declined' } });
      return intent;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The webhook signing secret the stand-in's test apps are configured with. */
export const STANDIN_WEBHOOK_SECRET = 'whsec_test_standin_secret';

/** A test app whose payment provider is the Stripe adapter, talking to a fresh stand-in; close() stops both. */
export async function createStripeTestApp(now: number): Promise<{ t: TestApp; standIn: StripeStandIn; close(): Promise<void> }> {
  const standIn = await startStripeStandIn();
  const t = await createTestApp({
    now,
    env: { STRIPE_SECRET_KEY: 'sk_test_standin', STRIPE_PUBLISHABLE_KEY: 'pk_test_standin', STRIPE_WEBHOOK_SECRET: STANDIN_WEBHOOK_SECRET, STRIPE_API_BASE: standIn.url },
  });
  return {
    t,
    standIn,
    async close() {
      await t.close();
      await standIn.close();
    },
  };
}

