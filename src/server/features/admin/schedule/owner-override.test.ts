import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyService, createBooking, openDayAfter } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * The owner's override (decision 047): a refusal the owner may go past says so (`params.overridable`), the
 * same request with `override: true` takes the time, and the booking's history records what was overridden.
 * Blocked time and the past are never overridden.
 */

let t: TestApp;
let admin: string;
let hour: string; // Headlight Restoration, 60 minutes
let dayOffset = 20;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  hour = (await anyService(t, 'headlight-restoration')).id;
});
afterAll(() => t.close());

const usedDays = new Set<string>();
/** An open day no other scenario of this file used (Sundays are skipped, so two offsets can meet). */
function freshDay(): string {
  let date = openDayAfter(t, (dayOffset += 1));
  while (usedDays.has(date)) date = openDayAfter(t, (dayOffset += 1));
  usedDays.add(date);
  return date;
}

/** A fresh open day that takes one job at a time, 09:00–17:00, with 10:00–11:00 already taken. */
async function fullAtTen(): Promise<string> {
  const date = freshDay();
  const window = await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date, startTime: '09:00', endTime: '17:00', maxCapacity: 1 } });
  expect(window.statusCode, window.body).toBe(201);
  await createBooking(t, { dateKey: date, time: '10:00', serviceSlug: 'headlight-restoration' });
  return date;
}

const appointment = (date: string, time: string, extra: Record<string, unknown> = {}) =>
  t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Olive Override', customerEmail: `olive-${date}-${time.replace(':', '')}@example.com`, serviceId: hour, date, time, ...extra },
  });
const history = async (id: string) =>
  (await t.handle.executeSql('select kind, params from booking_updates where booking_id = $1 order by created_at', [id])).rows as Array<{ kind: string; params: Record<string, unknown> }>;
const countAt = async (date: string) =>
  Number(((await t.handle.executeSql(`select count(*)::int as n from bookings where business_date = $1 and status <> 'cancelled'`, [date])).rows[0] as { n: number }).n);

describe("the owner's override", () => {
  it('a full slot answers 409 that names capacity as overridable; with override it books over capacity and the history says so', async () => {
    const date = await fullAtTen();
    const refused = await appointment(date, '10:00');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SLOT_FULL', params: { overridable: 'capacity' } });
    expect(await countAt(date)).toBe(1);

    const booked = await appointment(date, '10:00', { override: true });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await countAt(date)).toBe(2);
    expect(await history(booked.json().id)).toEqual([{ kind: 'created', params: { by: 'admin', override: 'capacity' } }]);
    // The owner sees it in the booking's history.
    const shown = await t.call('GET', `/api/admin/bookings/${booked.json().id}`, { cookie: admin });
    expect(shown.json().updates[0]).toMatchObject({ kind: 'created', params: { override: 'capacity' } });
  });

  it('a start outside the open hours answers overridable hours; with override it books at that time', async () => {
    const date = await fullAtTen();
    const early = await appointment(date, '07:15');
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'TIME_NOT_OPEN', params: { overridable: 'hours' } });
    const booked = await appointment(date, '07:15', { override: true });
    expect(booked.statusCode, booked.body).toBe(201);
    const at = await t.handle.executeSql(`select to_char(scheduled_date at time zone 'America/Los_Angeles', 'HH24:MI') as time from bookings where id = $1`, [booked.json().id]);
    expect(at.rows[0]).toEqual({ time: '07:15' });
    expect(await history(booked.json().id)).toEqual([{ kind: 'created', params: { by: 'admin', override: 'hours' } }]);
  });

  it('a day marked unavailable answers overridable closed; with override it books', async () => {
    const date = freshDay();
    const closure = await t.call('POST', '/api/admin/business-closures', { cookie: admin, body: { date, type: 'holiday', name: 'Family day' } });
    expect(closure.statusCode, closure.body).toBe(201);
    const refused = await appointment(date, '10:00');
    expect(refused.json()).toMatchObject({ code: 'TIME_NOT_OPEN', params: { day: 'closed', overridable: 'closed' } });
    const booked = await appointment(date, '10:00', { override: true });
    expect(booked.statusCode, booked.body).toBe(201);
    expect((await history(booked.json().id))[0]!.params).toMatchObject({ override: 'closed' });
  });

  it('a move over capacity through the booking editor needs the override too, and records it on the rescheduled update', async () => {
    const date = await fullAtTen();
    const made = await appointment(date, '13:00');
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().id as string;
    const refused = await t.call('PUT', `/api/admin/bookings/${id}`, { cookie: admin, body: { date, time: '10:00' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().params).toEqual({ overridable: 'capacity' });
    const moved = await t.call('PUT', `/api/admin/bookings/${id}`, { cookie: admin, body: { date, time: '10:00', override: true } });
    expect(moved.statusCode, moved.body).toBe(200);
    const updates = await history(id);
    expect(updates.map((u) => u.kind)).toEqual(['created', 'rescheduled']);
    expect(updates[1]!.params).toMatchObject({ by: 'admin', time: '10:00', override: 'capacity' });
  });

  it('never overrides blocked time or the past', async () => {
    const date = freshDay();
    const blocked = await t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date, startTime: '10:00', endTime: '12:00', reason: 'Van in the shop' } });
    expect(blocked.statusCode, blocked.body).toBe(201);
    const onBlock = await appointment(date, '11:00', { override: true });
    expect(onBlock.statusCode).toBe(409);
    expect(onBlock.json()).toMatchObject({ code: 'TIME_BLOCKED', params: { reason: 'Van in the shop' } });
    expect(onBlock.json().params.overridable).toBeUndefined();

    const past = await appointment('2020-01-07', '10:00', { override: true });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ code: 'TIME_NOT_OPEN', params: { day: 'past' } });
  });
});
