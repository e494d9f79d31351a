import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { createTestApp, type TestApp } from './harness';

/**
 * A small local stand-in of the Stripe API for tests (stripe-node pointed at it with host/port/protocol):
 * payment intents (create, retrieve, cancel), refunds, customers and payment-method detach, with the form-encoded bodies and
 * Idempotency-Key replays Stripe uses. Tests move an intent to succeeded or declined themselves.
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
      const id = `pi_${randomBytes(10).toString('hex')}`;
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(form)) {
        const m = /^metadata\[(.+)\]$/.exec(key);
        if (m) metadata[m[1]!] = value;
      }
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(form.amount),
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
      if (form.confirm === 'true' && intent.payment_method) intent.status = 'succeeded';
      intents.set(id, intent);
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
    succeed(intentId, card = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 }) {
      const intent = intents.get(intentId)!;
      const pm = `pm_${randomBytes(8).toString('hex')}`;
      cards.set(pm, card);
      Object.assign(intent, { status: 'succeeded', payment_method: pm, last_payment_error: null });
      return intent;
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

