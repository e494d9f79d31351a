import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyService, createBooking, openDayAfter } from '../../../test/account-fixtures';
import { createTestApp, type TestApp } from '../../../test/harness';

/**
 * The booking editor (PUT /api/admin/bookings/:id) and the schedule's appointment editor
 * (PUT /api/admin/appointments/:id) change a booking through one verb: the same new time is a move for both
 * (claimed, refused the same way when full or not open), the same kept time is an edit for both (nothing
 * claimed), whatever else the forms carry.
 */

let t: TestApp;
let admin: string;
let hour: string; // Headlight Restoration, 60 minutes
let longer: string; // Interior Refresh, 90 minutes

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  hour = (await anyService(t, 'headlight-restoration')).id;
  longer = (await anyService(t, 'interior-refresh')).id;
});
afterAll(() => t.close());

type Route = 'booking editor' | 'schedule';
const ROUTES: Route[] = ['booking editor', 'schedule'];
let dayOffset = 5;
const usedDays = new Set<string>();

/** A fresh day that takes one job at a time, 10:00–11:00 already taken, and an appointment of ours at 13:00. */
async function setUp(): Promise<{ date: string; id: string }> {
  let date = openDayAfter(t, (dayOffset += 1));
  while (usedDays.has(date)) date = openDayAfter(t, (dayOffset += 1));
  usedDays.add(date);
  const window = await t.call('POST', '/api/admin/business-availability', { cookie: admin, body: { date, startTime: '09:00', endTime: '17:00', maxCapacity: 1 } });
  expect(window.statusCode, window.body).toBe(201);
  await createBooking(t, { dateKey: date, time: '10:00', serviceSlug: 'headlight-restoration' });
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Morgan Move', customerEmail: `morgan-${date}@example.com`, serviceId: hour, date, time: '13:00' },
  });
  expect(made.statusCode, made.body).toBe(201);
  return { date, id: made.json().id };
}

/** The same change asked through either editor. */
function save(route: Route, id: string, change: { date: string; time: string; serviceId?: string; notes?: string }) {
  if (route === 'booking editor') return t.call('PUT', `/api/admin/bookings/${id}`, { cookie: admin, body: change });
  return t.call('PUT', `/api/admin/appointments/${id}`, {
    cookie: admin,
    body: { customerName: 'Morgan Move', customerEmail: `morgan-${change.date}@example.com`, serviceId: change.serviceId ?? hour, date: change.date, time: change.time, notes: change.notes },
  });
}

const row = async (id: string) =>
  (await t.handle.executeSql(`select business_date::text as date, to_char(scheduled_date at time zone 'America/Los_Angeles', 'HH24:MI') as time, duration_minutes, notes from bookings where id = $1`, [id]))
    .rows[0] as { date: string; time: string; duration_minutes: number; notes: string | null };
const kinds = async (id: string) =>
  ((await t.handle.executeSql('select kind from booking_updates where booking_id = $1 order by created_at', [id])).rows as Array<{ kind: string }>).map((r) => r.kind);

/** Runs one scenario through each editor on its own fresh day and answers what each said. */
async function throughBoth(scenario: (route: Route, day: { date: string; id: string }) => Promise<unknown>): Promise<unknown[]> {
  const answers: unknown[] = [];
  for (const route of ROUTES) answers.push(await scenario(route, await setUp()));
  return answers;
}

describe('one move-or-edit path behind both admin editors', () => {
  it('refuses the same move into a full slot with the same 409, and the booking stays put', async () => {
    const [editor, schedule] = await throughBoth(async (route, { date, id }) => {
      const response = await save(route, id, { date, time: '10:00' });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(409);
      expect(await row(id)).toMatchObject({ date, time: '13:00', duration_minutes: 60 });
      expect(await kinds(id)).toEqual(['created']);
      return response.json();
    });
    expect(editor).toEqual({ code: 'SLOT_FULL', message: 'That time was just taken. Please choose another time.', params: { overridable: 'capacity' } });
    expect(schedule).toEqual(editor);
  });

  it('treats a service of another length at the same time as a move: it claims the longer time', async () => {
    const answers = await throughBoth(async (route, { date, id }) => {
      // 09:30 for 90 minutes covers the taken 10:00; 13:00 for 90 minutes is free.
      const blocked = await save(route, id, { date, time: '09:30', serviceId: longer });
      expect(blocked.statusCode, `${route}: ${blocked.body}`).toBe(409);
      const grown = await save(route, id, { date, time: '13:00', serviceId: longer });
      expect(grown.statusCode, `${route}: ${grown.body}`).toBe(200);
      expect(await row(id)).toMatchObject({ date, time: '13:00', duration_minutes: 90 });
      return { refused: blocked.json().code, kinds: await kinds(id) };
    });
    expect(answers).toEqual([
      { refused: 'SLOT_FULL', kinds: ['created', 'rescheduled'] },
      { refused: 'SLOT_FULL', kinds: ['created', 'rescheduled'] },
    ]);
  });

  it('edits without claiming when the time stays, even on a day already over capacity', async () => {
    const answers = await throughBoth(async (route, { date, id }) => {
      // Someone else squeezed into 13:00 past the capacity of one: keeping the time must still save.
      await createBooking(t, { dateKey: date, time: '13:00', serviceSlug: 'headlight-restoration' });
      const edited = await save(route, id, { date, time: '13:00', notes: 'Blue gate' });
      expect(edited.statusCode, `${route}: ${edited.body}`).toBe(200);
      expect(await row(id)).toMatchObject({ date, time: '13:00', notes: 'Blue gate' });
      return kinds(id);
    });
    expect(answers).toEqual([
      ['created', 'details_updated'],
      ['created', 'details_updated'],
    ]);
  });

  it('moves to a free time the same way, and refuses a time outside the open hours in the same words', async () => {
    const answers = await throughBoth(async (route, { date, id }) => {
      const closed = await save(route, id, { date, time: '16:30' });
      expect(closed.statusCode, `${route}: ${closed.body}`).toBe(400);
      const moved = await save(route, id, { date, time: '15:00' });
      expect(moved.statusCode, `${route}: ${moved.body}`).toBe(200);
      expect(await row(id)).toMatchObject({ date, time: '15:00' });
      return { closed: closed.json(), kinds: await kinds(id) };
    });
    expect(answers[0]).toMatchObject({ closed: { code: 'TIME_NOT_OPEN' }, kinds: ['created', 'rescheduled'] });
    expect(answers[1]).toEqual(answers[0]);
  });
});
