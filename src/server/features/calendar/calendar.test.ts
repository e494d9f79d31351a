import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { eq } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import { bookingUpdates, emailOutbox } from '../../db/schema';
import { createBooking, openDayAfter, paidTestIntent, refundedCents } from '../../test/account-fixtures';

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

const pathOf = (url: string) => new URL(url).pathname;

async function makeFeed(cookie: string): Promise<string> {
  const response = await t.call('POST', '/api/calendar-feed', { cookie });
  expect(response.statusCode, response.body).toBe(200);
  const { url } = response.json() as { url: string };
  expect(url).toMatch(/^http.*\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  return pathOf(url);
}

/** Fetches a feed and parses it with a real iCalendar parser (ical.js), checking the wire format on the way. */
async function readFeed(path: string) {
  const response = await t.call('GET', path);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/calendar/);
  const body = response.body;
  expect(body.endsWith('\r\n')).toBe(true);
  expect(body.replace(/\r\n/g, '')).not.toMatch(/\n|\r/); // every line ends in CRLF
  for (const line of body.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  const calendar = new ICAL.Component(ICAL.parse(body));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents('vevent').map((v) => {
    const event = new ICAL.Event(v);
    return {
      uid: event.uid,
      summary: event.summary,
      location: event.location,
      description: event.description,
      sequence: event.sequence,
      status: v.getFirstPropertyValue('status'),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      stamp: v.getFirstPropertyValue('dtstamp'),
    };
  });
  return { body, events };
}

describe('calendar feeds', () => {
  it("a driver's feed holds their jobs, moves them with a higher SEQUENCE, marks cancels, and dies when revoked", async () => {
    const driver = await t.createUser({ role: 'driver', fullName: 'Dee Driver' });
    const other = await t.createUser({ role: 'driver', fullName: 'Otto Other' });
    const dateKey = openDayAfter(t, 3);
    const { booking: mine } = await createBooking(t, { dateKey, time: '09:00', paymentStatus: 'on_site', paymentProvider: null });
    const { booking: theirs } = await createBooking(t, { dateKey, time: '11:00', paymentStatus: 'on_site', paymentProvider: null });
    for (const [driverId, bookingId] of [
      [driver.user.id, mine.id],
      [other.user.id, theirs.id],
    ]) {
      const assigned = await t.call('POST', `/api/drivers/${driverId}/assign/${bookingId}`, { cookie: admin });
      expect(assigned.statusCode, assigned.body).toBe(200);
    }
    // Notes with commas, semicolons and a long line come back intact through escaping and folding.
    const notes = 'Gate code 4411; park by the garage, not the street. ' + 'Very long note '.repeat(10);
    const edited = await t.call('PUT', `/api/admin/bookings/${mine.id}`, { cookie: admin, body: { date: dateKey, time: '09:00', notes } });
    expect(edited.statusCode, edited.body).toBe(200);

    expect((await t.call('GET', '/api/calendar-feed', { cookie: driver.cookie })).json()).toEqual({ active: false, createdAt: null });
    const path = await makeFeed(driver.cookie);
    expect((await t.call('GET', '/api/calendar-feed', { cookie: driver.cookie })).json()).toMatchObject({ active: true });

    const first = await readFeed(path);
    expect(first.body).toContain('BEGIN:VTIMEZONE');
    expect(first.events).toHaveLength(1); // not the other driver's job
    const [event] = first.events;
    expect(event).toMatchObject({ uid: `${mine.id}@glint`, sequence: 0, status: 'CONFIRMED', location: '1 Test St, San Jose, CA 95110' });
    expect(event!.start).toBe(mine.scheduledDate.toISOString());
    expect(new Date(event!.end).getTime() - new Date(event!.start).getTime()).toBe(mine.durationMinutes * 60_000);
    expect(event!.description).toContain(notes.trim());
    expect(event!.description).toContain('Payment: on site');
    expect(event!.stamp).toBeTruthy();

    // Reschedule: same UID, new time, SEQUENCE goes up.
    const moved = await t.call('PUT', `/api/admin/bookings/${mine.id}`, { cookie: admin, body: { date: dateKey, time: '13:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await readFeed(path);
    expect(second.events).toHaveLength(1);
    expect(second.events[0]).toMatchObject({ uid: `${mine.id}@glint`, sequence: 1, status: 'CONFIRMED' });
    expect(second.events[0]!.start).toBe(new Date(new Date(mine.scheduledDate).getTime() + 4 * 3_600_000).toISOString());

    // Cancel: the event stays, cancelled, with a higher SEQUENCE still.
    const cancelled = await t.call('POST', `/api/admin/bookings/${mine.id}/cancel`, { cookie: admin, body: { message: null } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const third = await readFeed(path);
    expect(third.events[0]).toMatchObject({ uid: `${mine.id}@glint`, status: 'CANCELLED', sequence: 2 });

    // Regenerating replaces the URL; revoking ends it.
    const fresh = await makeFeed(driver.cookie);
    expect(fresh).not.toBe(path);
    const old = await t.call('GET', path);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
    expect((await t.call('GET', fresh)).statusCode).toBe(200);
    expect((await t.call('DELETE', '/api/calendar-feed', { cookie: driver.cookie })).statusCode).toBe(200);
    expect((await t.call('GET', fresh)).statusCode).toBe(404);
    expect((await t.call('GET', '/api/calendar-feed', { cookie: driver.cookie })).json()).toEqual({ active: false, createdAt: null });
  });

  it("the admin's feed shows every job with its driver; customers have no feed; junk tokens are 404", async () => {
    const dateKey = openDayAfter(t, 4);
    const driver = await t.createUser({ role: 'driver', fullName: 'Ada Assigned' });
    const { booking } = await createBooking(t, { dateKey, time: '10:00' });
    const { booking: unassigned } = await createBooking(t, { dateKey, time: '12:00' });
    await t.call('POST', `/api/drivers/${driver.user.id}/assign/${booking.id}`, { cookie: admin });
    const { booking: hold } = await createBooking(t, { dateKey, time: '14:00', status: 'pending', paymentStatus: 'unpaid' });

    const { events } = await readFeed(await makeFeed(admin));
    const byUid = new Map(events.map((e) => [e.uid, e]));
    expect(byUid.get(`${booking.id}@glint`)!.summary).toContain('Ada Assigned');
    expect(byUid.get(`${booking.id}@glint`)!.description).toContain('Driver: Ada Assigned');
    expect(byUid.get(`${unassigned.id}@glint`)!.description).toContain('Driver: unassigned');
    expect(byUid.has(`${hold.id}@glint`)).toBe(false); // a checkout hold is not a job

    const customer = await t.createUser({ role: 'customer' });
    expect((await t.call('POST', '/api/calendar-feed', { cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', '/api/calendar-feed')).statusCode).toBe(401);
    for (const junk of ['/api/calendar/nope.ics', `/api/calendar/${'x'.repeat(43)}.ics`, '/api/calendar/%00%01.ics']) {
      const response = await t.call('GET', junk);
      expect(response.statusCode, junk).toBe(404);
      expect(response.json()).toMatchObject({ code: 'CALENDAR_FEED_NOT_FOUND' });
    }
  });

  it('cancelling from the status menu and from the Cancel button is one verb: the same e-mail, history and calendar event', async () => {
    const dateKey = openDayAfter(t, 6);
    const customer = await t.createUser({ role: 'customer', fullName: 'Casey Cancel' });
    const cancelled: Record<'menu' | 'button', { id: string }> = {} as never;
    for (const [how, time] of [['menu', '10:00'], ['button', '12:00']] as const) {
      const { booking } = await createBooking(t, { dateKey, time, userId: customer.user.id });
      const intent = await paidTestIntent(t, toCents(booking.totalAmount));
      await t.handle.executeSql('update bookings set payment_intent_id = $1 where id = $2', [intent, booking.id]);
      const response =
        how === 'menu'
          ? await t.call('PATCH', `/api/bookings/${booking.id}/status`, { cookie: admin, body: { status: 'cancelled' } })
          : await t.call('POST', `/api/admin/bookings/${booking.id}/cancel`, { cookie: admin, body: { message: null } });
      expect(response.statusCode, response.body).toBe(200);
      expect(await refundedCents(t, intent)).toBe(toCents(booking.totalAmount));
      cancelled[how] = booking;
    }

    const mails = (await t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, customer.user.email))).filter((m) => /booking cancelled/.test(m.subject));
    expect(mails).toHaveLength(2);
    for (const mail of mails) expect(mail.text).toMatch(/A full refund of \$\d+\.\d\d was issued to your card/);
    for (const booking of Object.values(cancelled)) {
      const history = await t.ctx.db.select().from(bookingUpdates).where(eq(bookingUpdates.bookingId, booking.id));
      expect(history.map((u) => ({ kind: u.kind, params: u.params }))).toEqual([{ kind: 'cancelled', params: { by: 'admin', refunded: true } }]);
    }
    const { events } = await readFeed(await makeFeed(admin));
    for (const booking of Object.values(cancelled)) {
      expect(events.find((e) => e.uid === `${booking.id}@glint`)).toMatchObject({ status: 'CANCELLED', sequence: 1 });
    }
  });

  it('a disabled driver’s feed stops working', async () => {
    const driver = await t.createUser({ role: 'driver' });
    const path = await makeFeed(driver.cookie);
    expect((await t.call('GET', path)).statusCode).toBe(200);
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.handle.db.update(users).set({ isDisabled: true }).where(eq(users.id, driver.user.id));
    expect((await t.call('GET', path)).statusCode).toBe(404);
  });
});
