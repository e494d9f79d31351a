import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';

const METRICS_TOKEN = 'scrape-token-0123456789';

let t: TestApp;
const logLines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC, env: { METRICS_TOKEN }, logStream: { write: (line) => void logLines.push(line) } });
});
afterAll(() => t.close());

/** One sample's value from Prometheus' text format (0 when the series is absent). */
function sample(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

const scrape = async (app: TestApp = t) => {
  const response = await app.call('GET', '/metrics', { ip: '127.0.0.1' });
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

describe('health and readiness', () => {
  it('answers health while the database is away: the process is alive', async () => {
    const real = t.handle.executeSql;
    t.handle.executeSql = () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }));
    try {
      const health = await t.call('GET', '/api/health');
      expect(health.statusCode).toBe(200);
      expect(health.json()).toEqual({ ok: true, db: t.handle.kind });
    } finally {
      t.handle.executeSql = real;
    }
  });

  it('is not ready while the migrations of this version are not all applied', async () => {
    const fresh = await createTestApp();
    try {
      const real = fresh.handle.executeSql;
      fresh.handle.executeSql = async (text, values) => (text.includes('__drizzle_migrations') ? { rows: [{ newest: '0' }] } : real(text, values));
      const behind = await fresh.call('GET', '/api/ready');
      expect(behind.statusCode).toBe(503);
      expect(behind.json()).toMatchObject({ ready: false, reason: expect.stringMatching(/^migrations not applied/), checks: { database: 'ok', migrations: 'failing' } });
      fresh.handle.executeSql = real;
      expect((await fresh.call('GET', '/api/ready')).statusCode).toBe(200);
    } finally {
      await fresh.close();
    }
  });

  it('is ready with the database reachable and migrated, and says 503 with the reason while it is unreachable', async () => {
    const ready = await t.call('GET', '/api/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok', jobs: 'off' } });

    const real = t.handle.executeSql;
    t.handle.executeSql = () => Promise.reject(Object.assign(new Error('Failed query: select 1'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) }));
    try {
      const down = await t.call('GET', '/api/ready');
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({
        ready: false,
        reason: 'database unreachable: 57P01 terminating connection due to administrator command',
        checks: { database: 'failing', migrations: 'unknown', jobs: 'off' },
      });
    } finally {
      t.handle.executeSql = real;
    }
    expect((await t.call('GET', '/api/ready')).statusCode).toBe(200);
  });

  it('is not ready when this instance should run the job workers and they are not running', async () => {
    const withJobs = await createTestApp({ env: { JOBS: 'true' } });
    try {
      const answer = await withJobs.call('GET', '/api/ready');
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ reason: 'job workers not running', checks: { database: 'ok', migrations: 'ok', jobs: 'failing' } });
    } finally {
      await withJobs.close();
    }
  });
});

describe('/metrics', () => {
  it('is readable from this machine, in Prometheus text format, with process memory', async () => {
    const response = await t.call('GET', '/metrics', { ip: '127.0.0.1' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(/^# TYPE glint_http_request_duration_seconds histogram$/m);
    expect(sample(response.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(response.body).toMatch(/^glint_db_pool_clients\{state="waiting"\} 0$/m);
    expect(response.body).toMatch(/^glint_open_sockets\{kind="websocket"\} \d+$/m);
    expect((await t.call('GET', '/metrics', { ip: '::1' })).statusCode).toBe(200);
  });

  it('refuses another machine, even one that names loopback in X-Forwarded-For to an app that trusts a proxy hop', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1', METRICS_TOKEN } });
    try {
      for (const app of [t, proxied]) {
        const forged = await app.call('GET', '/metrics', { ip: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
        expect(forged.statusCode).toBe(401);
        expect(forged.json()).toEqual({ code: 'METRICS_TOKEN_REQUIRED', message: 'Metrics are readable from this machine, or with Authorization: Bearer <METRICS_TOKEN>' });
      }
    } finally {
      await proxied.close();
    }
  });

  it('lets another machine in with the bearer METRICS_TOKEN, and only with it', async () => {
    const right = await t.call('GET', '/metrics', { ip: '203.0.113.7', headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(right.statusCode).toBe(200);
    expect(right.body).toContain('glint_http_request_duration_seconds');
    const wrong = await t.call('GET', '/metrics', { ip: '203.0.113.7', headers: { authorization: `Bearer ${METRICS_TOKEN}x` } });
    expect(wrong.statusCode).toBe(401);
    const none = await createTestApp();
    try {
      // Without METRICS_TOKEN nobody else gets in, whatever they send.
      expect((await none.call('GET', '/metrics', { ip: '203.0.113.7', headers: { authorization: 'Bearer ' } })).statusCode).toBe(401);
    } finally {
      await none.close();
    }
  });

  it('moves while a customer books and pays: holds, bookings, payments and request durations by route', async () => {
    const before = await scrape();
    const created = await bookAsGuest(t);
    expect(created.statusCode, created.body).toBe(201);
    const held = await scrape();
    expect(sample(held, 'glint_bookings_held')).toBe(sample(before, 'glint_bookings_held') + 1);
    expect(sample(held, 'glint_bookings{status="pending"}')).toBe(sample(before, 'glint_bookings{status="pending"}') + 1);
    const route = 'glint_http_request_duration_seconds_count{method="POST",route="/api/bookings",status_code="201"}';
    expect(sample(held, route)).toBe(sample(before, route) + 1);

    const { card } = await payWithTestCard(t, created.json());
    expect(card.statusCode, card.body).toBe(200);
    const paid = await scrape();
    expect(sample(paid, 'glint_bookings_held')).toBe(sample(before, 'glint_bookings_held'));
    expect(sample(paid, 'glint_bookings{status="confirmed"}')).toBe(sample(before, 'glint_bookings{status="confirmed"}') + 1);
    expect(sample(paid, 'glint_bookings_by_payment{payment_status="paid"}')).toBe(sample(before, 'glint_bookings_by_payment{payment_status="paid"}') + 1);
    expect(sample(paid, 'glint_card_payments{status="succeeded"}')).toBe(sample(before, 'glint_card_payments{status="succeeded"}') + 1);
    expect(sample(paid, 'glint_card_payments_cents{status="succeeded"}')).toBeGreaterThan(sample(before, 'glint_card_payments_cents{status="succeeded"}'));

    const admin = await t.login('admin@glint.local');
    const cancelled = await t.call('POST', `/api/admin/bookings/${created.json().id}/cancel`, { cookie: admin, body: { message: 'Customer called' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await scrape();
    expect(sample(after, 'glint_bookings{status="cancelled"}')).toBe(sample(before, 'glint_bookings{status="cancelled"}') + 1);
    expect(sample(after, 'glint_card_payments{status="refunded"}')).toBe(sample(before, 'glint_card_payments{status="refunded"}') + 1);
    expect(sample(after, 'glint_bookings_by_payment{payment_status="refunded"}')).toBe(sample(before, 'glint_bookings_by_payment{payment_status="refunded"}') + 1);
  });

  it('reports the booking event delivery lag where the event tables exist, and nothing where they do not', async () => {
    const present = Boolean((await t.handle.executeSql(`select to_regclass('public.booking_event_deliveries') is not null as p`, [])).rows[0]!.p);
    if (!present) {
      expect(await scrape()).not.toMatch(/^glint_booking_event_lag_seconds /m);
      // The shape the booking events feature keeps: events, and one delivery row per event and subscriber.
      await t.handle.executeSql(`
        create table booking_events (id uuid primary key, created_at timestamptz not null);
        create table booking_event_deliveries (event_id uuid not null, subscriber text not null, delivered_at timestamptz not null default now(), primary key (event_id, subscriber));
        insert into booking_events values ('00000000-0000-4000-8000-000000000001', '${new Date(MONDAY_9AM_PACIFIC - 90_000).toISOString()}'),
                                          ('00000000-0000-4000-8000-000000000002', '${new Date(MONDAY_9AM_PACIFIC - 30_000).toISOString()}');
        insert into booking_event_deliveries (event_id, subscriber) values ('00000000-0000-4000-8000-000000000001', 'mail'), ('00000000-0000-4000-8000-000000000001', 'live'),
                                                                           ('00000000-0000-4000-8000-000000000002', 'mail');`);
      try {
        const text = await scrape();
        expect(sample(text, 'glint_booking_events_undelivered')).toBe(1);
        expect(sample(text, 'glint_booking_event_lag_seconds')).toBe(30);
      } finally {
        await t.handle.executeSql('drop table booking_event_deliveries; drop table booking_events');
      }
    } else {
      expect(await scrape()).toMatch(/^glint_booking_event_lag_seconds \d/m);
    }
  });
});

describe('request ids', () => {
  it('answers every request with its id, and a server error with the id its log lines carry', async () => {
    const ok = await t.call('GET', '/api/config');
    expect(ok.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    const passed = await t.call('GET', '/api/config', { headers: { 'x-request-id': 'caddy-4f1b2c3d' } });
    expect(passed.headers['x-request-id']).toBe('caddy-4f1b2c3d');
    const forged = await t.call('GET', '/api/config', { headers: { 'x-request-id': 'bad id\n{"level":60}' } });
    expect(forged.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);

    // A statement that fails for a reason of its own (not a lost connection) is a 500.
    await t.handle.executeSql('alter table offers rename to offers_away');
    try {
      const broken = await t.call('GET', '/api/offers/current');
      expect(broken.statusCode).toBe(500);
      const body = broken.json();
      expect(body).toEqual({ code: 'INTERNAL', message: 'Something went wrong. Please try again.', requestId: broken.headers['x-request-id'] });
      const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string; level: number });
      expect(lines.find((l) => l.msg === 'unhandled error')?.reqId).toBe(body.requestId);
    } finally {
      await t.handle.executeSql('alter table offers_away rename to offers');
    }
    // A 4xx keeps its body as it was: two refusals that must look alike still do.
    const refused = await t.call('GET', '/api/auth/me');
    expect(refused.json()).toEqual({ code: 'NOT_SIGNED_IN', message: 'Please sign in to continue' });
  });
});

describe('the backup status in the back office', () => {
  it('is "not configured" without BACKUP_DIR', async () => {
    const admin = await t.login('admin@glint.local');
    const status = await t.call('GET', '/api/admin/backups', { cookie: admin });
    expect(status.json()).toEqual({ configured: false, latest: null, stale: false, staleAfterHours: 36 });
  });

  it('shows the last backup time and size, and alerts when there is none or it is older than 36 hours', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'glint-backups-'));
    const app = await createTestApp({ now: MONDAY_9AM_PACIFIC, env: { BACKUP_DIR: dir, BACKUP_KEEP: '2' } });
    try {
      // An admin's session lasts 12 hours: each look signs in afresh, as the admin would after the clock moves.
      const status = async () => (await app.call('GET', '/api/admin/backups', { cookie: await app.login('admin@glint.local') })).json();
      expect(await status()).toEqual({ configured: true, latest: null, stale: true, staleAfterHours: 36 });

      expect((await app.call('POST', '/api/ops/backups', { ip: '198.51.100.4' })).statusCode, 'only this machine may ask for a backup').toBe(404);
      const made = await app.call('POST', '/api/ops/backups', { ip: '127.0.0.1' });
      expect(made.statusCode, made.body).toBe(201);
      expect(made.json()).toMatchObject({ name: 'glint-2026-06-01T160000Z.' + (app.handle.kind === 'pglite' ? 'pglite.tar.gz' : made.json().name.split('Z.')[1]) });
      expect(await status()).toEqual({ configured: true, latest: { name: made.json().name, bytes: made.json().bytes, createdAt: '2026-06-01T16:00:00.000Z' }, stale: false, staleAfterHours: 36 });
      expect(made.json().bytes).toBeGreaterThan(1000);

      app.clock.advance(36 * 3_600_000);
      expect((await status()).stale).toBe(false);
      app.clock.advance(60_000);
      expect((await status()).stale).toBe(true);
    } finally {
      await app.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
