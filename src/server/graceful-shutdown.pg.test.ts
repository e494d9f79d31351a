import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdRequest, openSlots, send, serviceId } from './test/checkout-client';
import { freshPostgresDatabase } from './test/postgres';
import { startServer, type ServerProcess } from './test/server-process';
import { openSocket } from './test/test-socket';

/**
 * SIGTERM to a real server process (the bundle npm start runs) with a request in flight: the request is
 * finished, new connections are refused, sockets are closed for the client to reconnect elsewhere, and the
 * process exits 0 (decision 028). The request is held up by the business day's lock, taken here.
 */
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
let server: ServerProcess | undefined;

beforeAll(async () => {
  database = await freshPostgresDatabase();
}, 60_000);

afterAll(async () => {
  await server?.stop(2_000);
  await database?.drop();
}, 60_000);

describe('SIGTERM', () => {
  it('finishes a slow request in flight, closes live sockets, refuses new connections, and exits 0', async () => {
    server = await startServer({ DATABASE_URL: database.url, JOBS: 'true', TRUST_PROXY: 'loopback' });
    const service = await serviceId(server.url);
    const slots = await openSlots(server.url, service);
    const slot = slots[0];
    // The slow hold waits on the same day's lock; its own start is the day's last, where a technician is free.
    const later = slots.filter((id) => id.startsWith(slot!.slice(0, 10))).at(-1)!;
    const held = await send(server.url, 'POST', '/api/bookings', { headers: { 'idempotency-key': 'sigterm-socket-1', 'x-forwarded-for': '10.30.0.1' }, body: holdRequest(service, slot!, 'sigterm1@example.com') });
    expect(held.status).toBe(201);
    const socket = openSocket(`${server.url.replace('http', 'ws')}/ws?token=${String(held.body.trackingToken)}`);
    await socket.next('connected');

    // The hold waits for the day's lock, which this connection keeps until it lets go.
    const locker = new pg.Client({ connectionString: database.url });
    await locker.connect();
    await locker.query('begin');
    await locker.query(`select pg_advisory_xact_lock(hashtext($1))`, [`glint-day:${slot!.slice(0, 10)}`]);
    const slow = send(server.url, 'POST', '/api/bookings', { headers: { 'idempotency-key': 'sigterm-slow-1', 'x-forwarded-for': '10.30.0.2' }, body: holdRequest(service, later, 'sigterm2@example.com') });
    await new Promise((resolve) => setTimeout(resolve, 500));

    // A signal to the process group (Ctrl-C, a container stop) reaches the server twice: directly, and passed on
    // by the start script. The second must not cut the drain short.
    server.child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 100));
    server.child.kill('SIGTERM');
    const closed = await socket.closed;
    expect(closed.code, 'the live socket is closed so the page reconnects').toBeGreaterThanOrEqual(1000);
    expect((await send(server.url, 'GET', '/api/health')).status, 'a new connection is refused').toBe(0);
    expect(server.child.exitCode, 'still draining').toBeNull();

    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await locker.query('commit');
    await locker.end();
    const answer = await slow;
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(await server.exited, server.output()).toBe(0);
  }, 60_000);
});
