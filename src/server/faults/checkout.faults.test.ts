import { createHmac, randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DECLINED_CARD, GOOD_CARD, holdRequest, openSlots, pay, send, serviceId, type Answer } from '../test/checkout-client';
import { freshPostgresDatabase } from '../test/postgres';
import { startServer, terminateBackends, type ServerProcess } from '../test/server-process';

/**
 * npm run test:faults (decision 028): two server processes (the bundle npm start runs) on one fresh
 * PostgreSQL database, 30 concurrent customers doing the real checkout (hold → intent → card → confirm; some
 * declined, some abandoned, every failed call retried with the same Idempotency-Key), 500 signed store
 * webhooks of which 20 % are redeliveries, and meanwhile: instance B killed with SIGKILL and started again,
 * and every PostgreSQL backend of the database terminated. Then the database is counted against what the
 * clients were told. Fails on a lost or duplicated booking or webhook, a step over capacity, a paid booking
 * left unconfirmed, a double charge, or a recovery slower than 5 s.
 */
const baseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const CLIENTS = 30;
const LOAD_MS = 40_000;
const CAPACITY = 3;
const WEBHOOK_SECRET = 'faults-webhook-secret';
const UNIQUE_WEBHOOKS = 400;
const DUPLICATE_WEBHOOKS = 100;
const env = { TRUST_PROXY: 'loopback', SHOPIFY_WEBHOOK_SECRET: WEBHOOK_SECRET, JOBS: 'true' };

let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let a: ServerProcess;
let b: ServerProcess;
let bPort: number;
let db: pg.Client;

beforeAll(async () => {
  database = await freshPostgresDatabase(baseUrl);
  a = await startServer({ ...env, DATABASE_URL: database.url });
  b = await startServer({ ...env, DATABASE_URL: database.url });
  bPort = Number(new URL(b.url).port);
}, 120_000);

/** A connection of the test's own, opened after the faults (terminating the backends would end it too). */
async function openCounter(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  return client;
}

afterAll(async () => {
  await db?.end().catch(() => undefined);
  await Promise.all([a?.stop(5_000), b?.stop(5_000)]);
  await database?.drop();
}, 60_000);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
/** A call worth retrying: the instance is down (0) or the database was (503). */
const retryable = (answer: Answer) => answer.status === 0 || answer.status === 503;

/** Retries a call with the same request (and so the same Idempotency-Key) on either instance until it is answered. */
async function untilAnswered(call: (base: string) => Promise<Answer>, deadline: number): Promise<Answer> {
  let answer: Answer = { status: 0, body: {} };
  for (let attempt = 0; Date.now() < deadline; attempt++) {
    answer = await call(attempt % 2 ? b.url : a.url);
    if (!retryable(answer)) return answer;
    await sleep(100 + Math.random() * 200);
  }
  return answer;
}

interface Tally {
  attempts: number;
  toldHeld: Map<string, string>; // idempotency key → booking id
  sameKeyDifferentBooking: number;
  toldPaid: Set<string>;
  serverErrors: string[];
}

describe('the checkout under faults', () => {
  it('loses, duplicates, overbooks and double-charges nothing, and recovers within 5 s', async () => {
    const service = await serviceId(a.url);
    db = await openCounter();
    // Five days at a small capacity: 30 customers contend for the same steps, so overbooking would show.
    const days = [4, 5, 6, 7, 8].map((d) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date(Date.now() + d * 86_400_000)));
    await db.query(`delete from business_availability where date = any($1::date[])`, [days]);
    await db.query(`insert into business_availability (date, start_time, end_time, max_capacity, is_active) select d, '09:00', '15:00', $2, true from unnest($1::date[]) d`, [days, CAPACITY]);
    await db.end();
    const slots = (await openSlots(a.url, service, 4, 8)).filter((id) => days.includes(id.slice(0, 10)));
    expect(slots.length).toBeGreaterThan(5);

    const tally: Tally = { attempts: 0, toldHeld: new Map(), sameKeyDifferentBooking: 0, toldPaid: new Set(), serverErrors: [] };
    const note = (what: string, answer: Answer) => {
      if (answer.status >= 500 && answer.status !== 503) tally.serverErrors.push(`${what}: ${answer.status} ${JSON.stringify(answer.body)}`);
    };
    const end = Date.now() + LOAD_MS;
    let n = 0;

    async function customer(index: number) {
      while (Date.now() < end) {
        n += 1;
        const key = `fault-${process.pid}-${n}`;
        const ip = `10.40.${index}.${n & 255}`;
        const request = holdRequest(service, pick(slots), `fault${n}@example.com`);
        tally.attempts += 1;
        const hold = (base: string) => send(base, 'POST', '/api/bookings', { headers: { 'idempotency-key': key, 'x-forwarded-for': ip }, body: request });
        const held = await untilAnswered(hold, end + 20_000);
        note('hold', held);
        if (held.status !== 201) continue;
        const booking = held.body as { id: string; trackingToken: string };
        tally.toldHeld.set(key, booking.id);
        // A client that never saw the answer sends the same request again: the same booking, not a second.
        if (Math.random() < 0.2) {
          const again = await untilAnswered(hold, end + 20_000);
          if (again.status === 201 && (again.body as { id: string }).id !== booking.id) tally.sameKeyDifferentBooking += 1;
        }
        const roll = Math.random();
        if (roll < 0.15) continue; // abandoned at the payment step
        const card = roll < 0.3 ? DECLINED_CARD : GOOD_CARD;
        for (let tries = 0; tries < 6; tries++) {
          const paid = await pay(Math.random() < 0.5 ? a.url : b.url, booking, card, ip);
          for (const step of [paid.intent, paid.card, paid.confirm]) if (step) note('payment', step);
          if (paid.confirm?.status === 200) tally.toldPaid.add(booking.id);
          const last = paid.confirm ?? paid.card ?? paid.intent;
          if (!retryable(last)) break;
          await sleep(200);
        }
      }
    }

    async function webhooks() {
      const deliveries = Array.from({ length: UNIQUE_WEBHOOKS }, (_, i) => ({ id: randomUUID(), customer: 700_000 + i }));
      const withRedeliveries = [...deliveries, ...Array.from({ length: DUPLICATE_WEBHOOKS }, () => pick(deliveries))].sort(() => Math.random() - 0.5);
      const told = new Set<string>();
      let sent = 0;
      const spacing = LOAD_MS / withRedeliveries.length;
      await Promise.all(
        withRedeliveries.map(async (delivery, i) => {
          await sleep(i * spacing);
          const body = JSON.stringify({ id: delivery.customer, admin_graphql_api_id: `gid://shopify/Customer/${delivery.customer}`, first_name: 'Webhook', last_name: 'Fault', email: `hook${delivery.customer}@example.com`, updated_at: '2026-05-30T10:00:00Z', created_at: '2026-05-01T10:00:00Z' });
          const headers = {
            'content-type': 'application/json',
            'x-shopify-topic': 'customers/create',
            'x-shopify-shop-domain': 'glint-demo.myshopify.com',
            'x-shopify-webhook-id': delivery.id,
            'x-shopify-hmac-sha256': createHmac('sha256', WEBHOOK_SECRET).update(body, 'utf8').digest('base64'),
          };
          const answer = await untilAnswered(
            async (base) => {
              try {
                const response = await fetch(`${base}/api/webhooks/shopify`, { method: 'POST', headers, body, signal: AbortSignal.timeout(20_000) });
                return { status: response.status, body: (await response.json()) as Record<string, unknown> };
              } catch (error) {
                return { status: 0, body: { error: (error as Error).message } };
              }
            },
            end + 30_000,
          );
          sent += 1;
          note('webhook', answer);
          if (answer.status === 200) told.add(delivery.id);
        }),
      );
      return { sent, told, unique: new Set<string>(deliveries.map((d) => d.id)) };
    }

    /** Seconds from a fault until both instances answer a database read again. */
    async function recoverySeconds(since: number): Promise<number> {
      for (const base of [a.url, b.url]) {
        for (;;) {
          const answer = await send(base, 'GET', `/api/services/${service}/available-slots?date=${days[0]}`);
          if (answer.status === 200) break;
          expect(Date.now() - since, 'recovering').toBeLessThan(30_000);
          await sleep(50);
        }
      }
      return (Date.now() - since) / 1000;
    }

    async function faults() {
      const recovery: Record<string, number> = {};
      await sleep(8_000);
      // Instance B dies without warning and comes back on the same port.
      b.child.kill('SIGKILL');
      await b.exited;
      await sleep(1_000);
      const restartedAt = Date.now();
      b = await startServer({ ...env, DATABASE_URL: database.url }, { port: bPort });
      recovery.restart = (Date.now() - restartedAt) / 1000;
      await sleep(8_000);
      // PostgreSQL ends every connection of the database (a restart, a failover).
      const terminatedAt = Date.now();
      expect(await terminateBackends(baseUrl, new URL(database.url).pathname.slice(1))).toBeGreaterThan(0);
      recovery.afterTerminate = await recoverySeconds(terminatedAt);
      await sleep(8_000);
      const againAt = Date.now();
      await terminateBackends(baseUrl, new URL(database.url).pathname.slice(1));
      recovery.afterSecondTerminate = await recoverySeconds(againAt);
      return recovery;
    }

    const [, hooks, recovery] = await Promise.all([Promise.all(Array.from({ length: CLIENTS }, (_, i) => customer(i))), webhooks(), faults()]);

    // The database, counted against what the clients were told.
    db = await openCounter();
    const made = await db.query<{ id: string }>(`select id from bookings where guest_email like 'fault%@example.com'`);
    const rows = new Set(made.rows.map((r) => r.id));
    const lost = [...tally.toldHeld.values()].filter((id) => !rows.has(id)).length;
    const perEmail = await db.query<{ n: number }>(`select count(*)::int as n from bookings where guest_email like 'fault%@example.com' group by guest_email having count(*) > 1`);
    const overCapacity = await db.query(
      `with steps as (
         select b.business_date as day,
                generate_series(
                  date_trunc('hour', b.scheduled_date at time zone 'America/Los_Angeles') + floor(extract(minute from b.scheduled_date at time zone 'America/Los_Angeles') / 30) * interval '30 minutes',
                  (b.scheduled_date at time zone 'America/Los_Angeles') + (greatest(b.duration_minutes, 1) - 1) * interval '1 minute',
                  interval '30 minutes') as step
         from bookings b where b.business_date = any($1::date[]) and b.status <> 'cancelled')
       select day, step, count(*)::int as n from steps group by day, step having count(*) > $2`,
      [days, CAPACITY],
    );
    const charges = await db.query<{ booking_id: string; status: string; payment_status: string; live: number }>(
      `select b.id as booking_id, b.status, b.payment_status, count(*)::int as live
         from test_payment_intents p join bookings b on b.id = p.booking_id
        where p.status = 'succeeded' and p.refunded_cents < p.amount_cents and b.guest_email like 'fault%@example.com'
        group by b.id, b.status, b.payment_status`,
    );
    const paidButUnconfirmed = charges.rows.filter((r) => r.payment_status !== 'paid' || r.status === 'pending' || r.status === 'cancelled').length;
    const toldPaidNotPaid = [...tally.toldPaid].filter((id) => !charges.rows.some((r) => r.booking_id === id && r.payment_status === 'paid')).length;
    const doubleCharged = charges.rows.filter((r) => r.live > 1).length;
    const events = await db.query<{ webhook_id: string; n: number }>(`select webhook_id, count(*)::int as n from shopify_webhook_events where topic = 'customers/create' group by webhook_id`);
    const stored = new Set(events.rows.map((r) => r.webhook_id));
    const webhooksLost = [...hooks.told].filter((id) => !stored.has(id)).length;
    const webhooksDuplicated = events.rows.filter((r) => r.n > 1).length + events.rows.filter((r) => !hooks.unique.has(r.webhook_id)).length;

    const figures = {
      'checkout attempts': tally.attempts,
      'holds told ok': tally.toldHeld.size,
      'booking rows': made.rowCount ?? 0,
      'told paid': tally.toldPaid.size,
      lost: lost + toldPaidNotPaid,
      duplicated: perEmail.rowCount! + tally.sameKeyDifferentBooking,
      'steps over capacity': overCapacity.rowCount ?? 0,
      'paid but unconfirmed': paidButUnconfirmed,
      'double-charged': doubleCharged,
      'webhooks sent (with redeliveries)': hooks.sent,
      'webhooks told ok (unique)': hooks.told.size,
      'webhook rows': events.rowCount ?? 0,
      'webhooks lost': webhooksLost,
      'webhooks duplicated': webhooksDuplicated,
      'recovery after backends terminated (s)': recovery.afterTerminate,
      'recovery after second termination (s)': recovery.afterSecondTerminate,
      'instance B up again after kill -9 (s)': recovery.restart,
      'server errors (5xx but 503)': tally.serverErrors.length,
    };
    console.log(`\nfault suite figures\n${Object.entries(figures).map(([name, value]) => `  ${name.padEnd(42)} ${value}`).join('\n')}\n`);
    if (tally.serverErrors.length) console.log(tally.serverErrors.slice(0, 5).join('\n'));

    expect(hooks.told.size, 'every unique webhook eventually answered 200').toBe(UNIQUE_WEBHOOKS);
    expect(tally.toldHeld.size, 'the run booked').toBeGreaterThan(20);
    expect(figures.lost, 'lost').toBe(0);
    expect(figures.duplicated, 'duplicated').toBe(0);
    expect(figures['steps over capacity'], 'over capacity').toBe(0);
    expect(figures['paid but unconfirmed'], 'paid but unconfirmed').toBe(0);
    expect(figures['double-charged'], 'double-charged').toBe(0);
    expect(figures['webhooks lost'], 'webhooks lost').toBe(0);
    expect(figures['webhooks duplicated'], 'webhooks duplicated').toBe(0);
    expect(Math.max(recovery.afterTerminate!, recovery.afterSecondTerminate!), 'recovery seconds').toBeLessThanOrEqual(5);
    expect(tally.serverErrors, 'no 500s').toEqual([]);
  }, 200_000);
});
