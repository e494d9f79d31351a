import { readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotIdOf } from '../../shared/booking-lifecycle';
import { bookings, emailOutbox } from '../db/schema';
import { bookingVerbs } from '../features/bookings';
import { fromRoot } from '../paths';
import { openDayAfter, phoneAppointment } from '../test/account-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { deliverBookingEvents, listBookingEvents } from './booking-events';
import type { LiveEvent } from './bus';

let t: TestApp;
let admin: string;
let day = 3;
let heard: LiveEvent[] = [];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
  t.ctx.events.subscribe((event) => heard.push(event));
});
afterAll(() => t.close());

const mails = async (to: string) => (await t.ctx.db.select({ subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(eq(emailOutbox.to, to)));
const subjectsTo = async (to: string) => (await mails(to)).map((m) => m.subject);
const waitFor = async (predicate: () => boolean) => {
  for (let i = 0; i < 50 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
  return predicate();
};

/** A phone appointment paid on site (its confirmation is already in the outbox). */
function appointment(email: string): Promise<string> {
  return phoneAppointment(t, admin, { email, name: 'Sam Subscriber', phone: '(408) 555-0142' }, openDayAfter(t, day++));
}

const slotOf = async (id: string) => slotIdOf((await t.ctx.db.select().from(bookings).where(eq(bookings.id, id)))[0]!);

describe('the live update subscriber', () => {
  it('is the only sender of a booking change’s NOTIFY: the lifecycle publishes nothing itself', () => {
    const source = readFileSync(fromRoot('src/server/features/bookings/lifecycle.ts'), 'utf8');
    expect(source).not.toMatch(/events\.publish|notifySql/);
  });

  it('announces a committed change once, with the update’s message, and a rolled back change not at all', async () => {
    const id = await appointment('live@example.com');
    heard = [];
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, 'pickup_scheduled', 'never said');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, 'pickup_scheduled', 'On our way soon'));
    expect(await waitFor(() => heard.some((e) => e.bookingId === id))).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    const mine = heard.filter((e) => e.bookingId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ type: 'booking_status_update', bookingId: id, status: 'pickup_scheduled', message: 'On our way soon', kind: 'status_changed' });
    expect(Object.keys(mine[0]!)).toEqual(['type', 'bookingId', 'status', 'message', 'kind', 'params', 'at']);
    expect(JSON.stringify(heard)).not.toContain('never said');
  });
});

describe('the business’s move and cancellation e-mails (customer-mail)', () => {
  it('mails the new time once when the admin moves the booking in its editor, even when delivery runs again', async () => {
    const id = await appointment('moved@example.com');
    const moved = await t.call('PUT', `/api/admin/bookings/${id}`, { cookie: admin, body: { date: openDayAfter(t, day++), time: '11:00' } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await subjectsTo('moved@example.com')).filter((s) => s.endsWith(': new time'))).toHaveLength(1);
    await deliverBookingEvents(t.ctx);
    await deliverBookingEvents(t.ctx);
    expect((await subjectsTo('moved@example.com')).filter((s) => s.endsWith(': new time'))).toHaveLength(1);
    // An edit that keeps the time is not a move: no mail.
    const slot = await slotOf(id);
    const edited = await t.call('PUT', `/api/admin/bookings/${id}`, { cookie: admin, body: { date: slot.slice(0, 10), time: slot.slice(11), notes: 'Gate 12' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((await subjectsTo('moved@example.com')).filter((s) => s.endsWith(': new time'))).toHaveLength(1);
  });

  it('mails nothing when the schedule’s editor moves the booking', async () => {
    const id = await appointment('schedule-move@example.com');
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).change(tx, id, { role: 'admin' }, { slotId: `${openDayAfter(t, day++)}T11:00`, by: 'schedule' }));
    await deliverBookingEvents(t.ctx);
    expect((await listBookingEvents(t.ctx.db, id)).map((e) => e.kind)).toContain('rescheduled');
    expect((await subjectsTo('schedule-move@example.com')).filter((s) => s.endsWith(': new time'))).toEqual([]);
  });

  it('mails the admin’s cancellation once, with its note, even when delivery runs twice; the note stays out of the event', async () => {
    const id = await appointment('cancelled@example.com');
    const cancelled = await t.call('POST', `/api/admin/bookings/${id}/cancel`, { cookie: admin, body: { message: 'Our van broke down, sorry.' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await Promise.all([deliverBookingEvents(t.ctx), deliverBookingEvents(t.ctx)]);
    const sent = (await mails('cancelled@example.com')).filter((m) => m.subject.endsWith(': booking cancelled'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('Our van broke down, sorry.');
    expect(sent[0]!.text).toContain('Nothing was charged for this booking.');
    const event = (await listBookingEvents(t.ctx.db, id)).find((e) => e.kind === 'cancelled')!;
    expect(event.payload).toMatchObject({ by: 'admin', refunded: false, noteId: expect.any(String) });
    expect(JSON.stringify(event.payload)).not.toContain('van');
  });

  it('sends no business cancellation mail when someone else cancels', async () => {
    const id = await appointment('store-cancel@example.com');
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).cancel(tx, id, { role: 'store' }, 'Store order cancelled.'));
    await deliverBookingEvents(t.ctx);
    expect((await subjectsTo('store-cancel@example.com')).filter((s) => s.endsWith(': booking cancelled'))).toEqual([]);
  });
});
