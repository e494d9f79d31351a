import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../app';
import type { AppContext } from '../../context';
import { openDatabase, type DatabaseHandle } from '../../db/client';
import type { CacheEvent } from '../../events/bus';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../test/harness';
import { testPostgresUrl } from '../../test/postgres';
import { HOME, MONDAY_9AM_PACIFIC, newKey, serviceNamed, TUESDAY } from '../../test/checkout-fixtures';
import type { SlotCandidate } from '../../../shared/slots';

/**
 * Two app instances on one PostgreSQL database, each with its own caches, pool and LISTEN connection (as two
 * processes would have): what is written through A, or by plain SQL, is in B's next slots answer once B has
 * heard the commit's NOTIFY; and a warm answer really comes from B's cache.
 */
let a: TestApp;
let b: { app: FastifyInstance; ctx: AppContext; handle: DatabaseHandle };
let sqlClient: pg.Client;

beforeAll(async () => {
  if (!testPostgresUrl) throw new Error('Run with npm run test:pg (TEST_DATABASE_URL)');
  a = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  const handle = await openDatabase({ databaseUrl: a.databaseUrl!, poolSize: 4 });
  const built = await buildApp({ config: a.config, handle, serveWeb: false, now: () => new Date(a.clock.now) });
  await built.app.ready();
  b = { ...built, handle };
  sqlClient = new pg.Client({ connectionString: a.databaseUrl });
  await sqlClient.connect();
});
afterAll(async () => {
  await sqlClient?.end();
  await b?.app.close();
  await b?.handle.close();
  await a?.close();
});

async function slotsOnB(serviceId: string, date = TUESDAY): Promise<SlotCandidate[]> {
  const response = await b.app.inject({ method: 'GET', url: `/api/services/${serviceId}/available-slots?date=${date}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

/** Resolves when B has heard a cache event that `matches`. */
function heardOnB(matches: (event: CacheEvent) => boolean): Promise<CacheEvent> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('B heard no NOTIFY within 5 s')), 5_000);
    const stop = b.ctx.events.subscribeCache((event) => {
      if (!matches(event)) return;
      clearTimeout(timer);
      stop();
      resolve(event);
    });
  });
}

async function until(condition: () => boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not reached in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const aboutTuesday = (event: CacheEvent) => event.type === 'slots' && (event.dates === null || event.dates.includes(TUESDAY));
const left = (slots: SlotCandidate[], time: string) => slots.find((s) => s.startTime === time)?.availableCapacity ?? 0;

describe('slot caches across two instances', () => {
  it('shows a booking made through instance A in instance B’s next answer', async () => {
    const service = await serviceNamed(a, 'Express Exterior Wash');
    const before = await slotsOnB(service.id);
    expect(left(before, '10:00')).toBe(3);
    expect(b.ctx.caches.slotDays.size).toBeGreaterThan(0);

    const heard = heardOnB(aboutTuesday);
    const booked = await a.call('POST', '/api/bookings', {
      headers: { 'idempotency-key': newKey() },
      body: { serviceId: service.id, serviceType: 'mobile', slotId: `${TUESDAY}T10:00`, address: HOME, guestEmail: 'cache-a@example.com' },
    });
    expect(booked.statusCode).toBe(201);
    await heard;
    expect(left(await slotsOnB(service.id), '10:00')).toBe(2);

    // Cancelling through A gives the place back on B.
    const cancelled = heardOnB(aboutTuesday);
    await a.handle.executeSql(`update bookings set status = 'cancelled' where id = $1`, [booked.json().id]);
    await cancelled;
    expect(left(await slotsOnB(service.id), '10:00')).toBe(3);
  });

  it('answers a warm request from B’s cache, and drops it on the NOTIFY of any writer, even plain SQL', async () => {
    const service = await serviceNamed(a, 'Express Exterior Wash');
    expect(left(await slotsOnB(service.id), '11:00')).toBe(3);
    // Written with triggers off (no NOTIFY): B keeps answering from its cache, so no query was made.
    await sqlClient.query('begin');
    await sqlClient.query(`set local session_replication_role = replica`);
    await sqlClient.query(`update business_hours set capacity = 7`);
    await sqlClient.query('commit');
    expect(left(await slotsOnB(service.id), '11:00')).toBe(3);
    // The same kind of write with triggers on: B hears it and its next answer is exact.
    const heard = heardOnB(aboutTuesday);
    await sqlClient.query(`update business_hours set capacity = 5`);
    await heard;
    expect(left(await slotsOnB(service.id), '11:00')).toBe(5);
  });

  it('reads from the database while the LISTEN connection is down, and caches again once it listens', async () => {
    const service = await serviceNamed(a, 'Interior Refresh');
    const wednesday = '2026-06-03';
    await slotsOnB(service.id, wednesday);
    expect(b.ctx.caches.slotDays.isEnabled).toBe(true);
    await sqlClient.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and query like 'LISTEN%'`);
    await until(() => !b.ctx.caches.slotDays.isEnabled);
    // Written while nobody hears NOTIFY: B's answer is still exact, from the database.
    await sqlClient.query(`update business_hours set capacity = 6`);
    expect(left(await slotsOnB(service.id, wednesday), '13:00')).toBe(6);
    await until(() => b.ctx.caches.slotDays.isEnabled);
    expect(left(await slotsOnB(service.id, wednesday), '13:00')).toBe(6);
    // Listening again: the next change is heard.
    const heard = heardOnB((event) => event.type === 'slots' && event.dates === null);
    await sqlClient.query(`update business_hours set capacity = 4`);
    await heard;
    expect(left(await slotsOnB(service.id, wednesday), '13:00')).toBe(4);
  });

  it('closes a day on B when the admin closes it through A', async () => {
    const service = await serviceNamed(a, 'Express Exterior Wash');
    expect((await slotsOnB(service.id)).length).toBeGreaterThan(0);
    const admin = await a.login(a.config.adminEmail, TEST_PASSWORD);
    const heard = heardOnB(aboutTuesday);
    const closed = await a.call('POST', '/api/admin/business-closures', { cookie: admin, body: { date: TUESDAY, name: 'Staff day', type: 'holiday' } });
    expect(closed.statusCode).toBe(201);
    await heard;
    expect(await slotsOnB(service.id)).toEqual([]);
  });

  it('drops the catalogue on B when a service changes through A', async () => {
    const list = (await b.app.inject({ method: 'GET', url: '/api/services' })).json() as { id: string; name: string }[];
    const target = list.find((s) => s.name === 'Express Exterior Wash')!;
    const heard = heardOnB((event) => event.type === 'services');
    await a.handle.executeSql(`update services set is_active = false where id = $1`, [target.id]);
    await heard;
    const after = (await b.app.inject({ method: 'GET', url: '/api/services' })).json() as { id: string }[];
    expect(after.map((s) => s.id)).not.toContain(target.id);
    const slots = await b.app.inject({ method: 'GET', url: `/api/services/${target.id}/available-slots?date=${TUESDAY}` });
    expect(slots.statusCode).toBe(404);
    expect(slots.json().code).toBe('SERVICE_UNAVAILABLE');
  });
  it('drops the business settings on B when the admin changes the policy through A, and B’s own write reads uncached (decision 077)', async () => {
    const policyOnB = async () => (await b.app.inject({ method: 'GET', url: '/api/policy' })).json() as { freeCancelHours: number };
    const before = await policyOnB();
    expect((await a.call('GET', '/api/policy')).statusCode).toBe(200);
    // A warm read comes from B's cache: a change no trigger told B about is not seen.
    expect(b.ctx.caches.businessSettings.size).toBe(1);
    const admin = await a.login(a.config.adminEmail, TEST_PASSWORD);
    const current = (await a.call('GET', '/api/admin/business-settings', { cookie: admin })).json() as { cancellation: Record<string, unknown> };
    const hours = before.freeCancelHours + 7;
    const heard = heardOnB((event) => event.type === 'slots' && event.dates === null);
    const saved = await a.call('PUT', '/api/admin/business-settings/cancellation', { cookie: admin, body: { ...current.cancellation, freeCancelHours: hours } });
    expect(saved.statusCode).toBe(200);
    // On the writing instance the next read is already the new value, NOTIFY or not: the write touched the
    // cache, so the reads read the table and store nothing until the NOTIFY has surely arrived.
    expect(((await a.call('GET', '/api/policy')).json() as { freeCancelHours: number }).freeCancelHours).toBe(hours);
    expect(a.ctx.caches.businessSettings.size).toBe(0);
    await heard;
    expect((await policyOnB()).freeCancelHours).toBe(hours);
  });
});
