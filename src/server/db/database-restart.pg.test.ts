import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobDefinition } from '../jobs/boss';
import { createJobs, startJobs } from '../jobs/boss';
import { openDatabase } from './client';
import { GOOD_CARD, holdRequest, openSlots, pay, send, serviceId, type Answer } from '../test/checkout-client';
import { freshPostgresDatabase, testPostgresUrl } from '../test/postgres';
import { databaseRelay, startServer, terminateBackends, type ServerProcess } from '../test/server-process';
import { openSocket } from '../test/test-socket';

/**
 * A server process (the bundle npm start runs) whose PostgreSQL goes away: its backends terminated
 * mid-request (what a restart or failover does), and the database unreachable for a while (through a relay
 * that is taken down, since the shared cluster itself must keep running). Decision 028.
 */
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let relay: Awaited<ReturnType<typeof databaseRelay>>;
let server: ServerProcess;
let service: string;
let slots: string[];
let n = 0;

const databaseName = () => new URL(database.url).pathname.slice(1);

beforeAll(async () => {
  database = await freshPostgresDatabase();
  const target = new URL(database.url);
  relay = await databaseRelay({ host: target.hostname, port: Number(target.port || 5432) });
  const viaRelay = new URL(database.url);
  viaRelay.port = String(relay.port);
  server = await startServer({ DATABASE_URL: viaRelay.toString(), JOBS: 'false', TRUST_PROXY: 'loopback' });
  service = await serviceId(server.url);
  slots = await openSlots(server.url, service);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await relay?.close();
  await database?.drop();
}, 60_000);

/** A guest's hold, each from its own address, on a day with room. */
function hold(): Promise<Answer> {
  n += 1;
  const ip = `10.20.${(n >> 8) & 255}.${n & 255}`;
  return send(server.url, 'POST', '/api/bookings', {
    headers: { 'idempotency-key': `restart-${process.pid}-${n}`, 'x-forwarded-for': ip },
    body: holdRequest(service, slots[(n * 7) % slots.length]!, `restart${n}@example.com`),
  });
}

/** A hold the database answered: made, or refused for a full slot (both decided in the hold's transaction). */
const decided = (answer: Answer) => answer.status === 201 || (answer.status === 409 && answer.body.code === 'SLOT_FULL');

/** Milliseconds until a hold (a transaction: the pool's connections are new) is answered without a 503. */
async function msUntilServing(): Promise<number> {
  const started = performance.now();
  for (;;) {
    const answer = await hold();
    if (answer.status !== 503 && answer.status !== 0) {
      expect(decided(answer), JSON.stringify(answer)).toBe(true);
      return performance.now() - started;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a database restart under load', () => {
  it('fails the requests in flight with 503 DATABASE_UNAVAILABLE, stays up, and serves again within 5 s', async () => {
    const answers: Answer[] = [];
    let running = true;
    const clients = Array.from({ length: 12 }, async () => {
      while (running) answers.push(await hold());
    });
    // Backends are terminated while holds are under way (transactions checked out of the pool), three times.
    for (let round = 0; round < 3; round++) {
      await new Promise((resolve) => setTimeout(resolve, 700));
      expect(await terminateBackends(testPostgresUrl!, databaseName())).toBeGreaterThan(0);
    }
    running = false;
    await Promise.all(clients);

    expect(server.child.exitCode, server.output()).toBeNull();
    const failed = answers.filter((a) => !decided(a));
    expect(failed.length, 'some holds met a terminated connection').toBeGreaterThan(0);
    for (const answer of failed) expect(answer, 'a lost connection is a 503 with its code, never a 500').toMatchObject({ status: 503, body: { code: 'DATABASE_UNAVAILABLE', message: expect.any(String) } });
    expect(await msUntilServing()).toBeLessThan(5_000);
  }, 60_000);

  it('answers 503 while the database is unreachable and serves again within 5 s of its return, without a restart', async () => {
    await relay.down();
    const during = await hold();
    expect(during).toMatchObject({ status: 503, body: { code: 'DATABASE_UNAVAILABLE' } });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(server.child.exitCode, server.output()).toBeNull();
    await relay.up();
    expect(await msUntilServing()).toBeLessThan(5_000);
  }, 60_000);

  it('delivers live updates again after the LISTEN connection was killed', async () => {
    // The holds of the tests above may have filled some slots: take the next one with room.
    let held = await hold();
    for (let tries = 0; held.status === 409 && held.body.code === 'SLOT_FULL' && tries < slots.length; tries++) held = await hold();
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    const booking = held.body as { id: string; trackingToken: string };
    const socket = openSocket(`${server.url.replace('http', 'ws')}/ws?token=${booking.trackingToken}`);
    await socket.next('connected');

    const before = await listenerPid();
    await terminateBackends(testPostgresUrl!, databaseName());
    // The socket itself stays open; the server opens a new LISTEN connection and listens on both channels again.
    const deadline = Date.now() + 5_000;
    for (let pid = await listenerPid(); pid === null || pid === before; pid = await listenerPid()) {
      expect(Date.now(), 'LISTEN again within 5 s').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const paid = await pay(server.url, booking, GOOD_CARD, '10.21.0.1');
    expect(paid.confirm?.status, JSON.stringify(paid)).toBe(200);
    expect(await socket.next('booking_status_update', 5_000)).toMatchObject({ bookingId: booking.id, status: 'confirmed' });
    socket.socket.close();
  }, 60_000);
});

/** The backend listening on both channels: its last statement is the second LISTEN. */
async function listenerPid(): Promise<number | null> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: testPostgresUrl });
  await client.connect();
  try {
    const result = await client.query(`select pid from pg_stat_activity where datname = $1 and query ilike 'LISTEN %glint_cache%' order by backend_start desc limit 1`, [databaseName()]);
    return (result.rows[0]?.pid as number | undefined) ?? null;
  } finally {
    await client.end();
  }
}

describe('the job queue after its connections were terminated', () => {
  it('takes and runs new jobs again within 5 s', async () => {
    const handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
    const jobs = createJobs(handle, database.url);
    const ran: string[] = [];
    const definition: JobDefinition<{ tag: string }> = { name: 'resilience-probe', handler: async ({ tag }) => void ran.push(tag) };
    try {
      await startJobs(jobs, [definition]);
      await terminateBackends(testPostgresUrl!, databaseName());
      const started = Date.now();
      // A send can itself meet the terminated connection; the caller (a service) would then answer 503.
      for (;;) {
        const id = await jobs.send('resilience-probe', { tag: 'after' }).catch(() => null);
        if (id) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      while (!ran.includes('after')) {
        expect(Date.now() - started, 'the worker runs the job').toBeLessThan(8_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(Date.now() - started).toBeLessThan(8_000);
    } finally {
      await jobs.stop({ graceful: false, wait: true, timeout: 1_000 }).catch(() => undefined);
      await handle.close();
    }
  }, 60_000);
});
