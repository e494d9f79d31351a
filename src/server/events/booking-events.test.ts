import { slotIdOf } from '../../shared/booking-lifecycle';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox } from '../db/schema';
import { bookingVerbs } from '../features/bookings';
import { openDayAfter, phoneAppointment } from '../test/account-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { deliverAfterCommit, deliverBookingEvents, listBookingEvents, pendingDeliveries, retryDelayMs, subscribe, type BookingEvent } from './booking-events';

let t: TestApp;
let admin: string;
let day = 3;

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());

/** The admin's edit of the notes through the one move-or-edit verb (same slot, so an edit). */
async function editNotesIn(tx: DbOrTx, bookingId: string, notes: string): Promise<void> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  await bookingVerbs(t.ctx).change(tx, bookingId, { role: 'admin' }, { slotId: slotIdOf(row!), details: { notes }, by: 'admin' });
}

const mailsTo = async (to: string) => (await t.ctx.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.to, to))).map((m) => m.subject);

/** A phone appointment (its confirmation e-mail is the customer-mail subscriber's), paid on site. */
function appointment(email: string): Promise<string> {
  return phoneAppointment(t, admin, { email, name: 'Eve Event', phone: '(408) 555-0199' }, openDayAfter(t, day++));
}

/** A change with no e-mail of its own: the admin edits the notes. */
async function editNotes(bookingId: string, notes: string): Promise<void> {
  await t.ctx.db.transaction((tx) => editNotesIn(tx, bookingId, notes));
}

/** The events of one booking a subscriber heard, in the order it heard them. */
const seqsOf = (heard: { bookingId: string; seq: number }[], bookingId: string) => heard.filter((h) => h.bookingId === bookingId).map((h) => h.seq);

/** What a test subscriber saw, per subscriber. */
const seen: Record<string, { bookingId: string; seq: number; notes?: string }[]> = { steady: [], flaky: [] };
/** Events the flaky subscriber fails on (once each), and whether it mails before failing. */
const failOnce = new Set<string>();
let flakyMailsTo: string | undefined;

subscribe({
  name: 'test-steady',
  kinds: ['details_updated'],
  handle: async (_ctx, event: BookingEvent) => void seen.steady!.push({ bookingId: event.bookingId, seq: event.seq }),
});
subscribe({
  name: 'test-flaky',
  kinds: ['details_updated'],
  async handle(ctx, event) {
    if (flakyMailsTo) await ctx.mailer.send({ to: flakyMailsTo, subject: `event ${event.id}`, text: 'A change.' });
    if (failOnce.delete(event.id)) throw new Error('the subscriber is down');
    seen.flaky!.push({ bookingId: event.bookingId, seq: event.seq });
  },
});

describe('booking events', () => {
  it('records each change once, in its transaction: a rolled back change leaves no event and nothing to deliver', async () => {
    const id = await appointment('recorded@example.com');
    await editNotes(id, 'Gate code 1234');
    const kinds = (await listBookingEvents(t.ctx.db, id)).map((e) => e.kind);
    expect(kinds).toEqual(['created', 'details_updated']);

    await expect(
      t.ctx.db.transaction(async (tx) => {
        await editNotesIn(tx, id, 'never saved');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await listBookingEvents(t.ctx.db, id)).map((e) => e.kind)).toEqual(['created', 'details_updated']);
    await deliverAfterCommit(t.ctx, id);
    expect(await pendingDeliveries(t.ctx.db, [id])).toEqual([]);
  });

  it('keeps ids and small facts in the payload, never the free text or a plain token', async () => {
    const id = await appointment('facts@example.com');
    await editNotes(id, 'Secret gate code 9876');
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).issueTrackingLink(tx, id));
    const events = await listBookingEvents(t.ctx.db, id);
    expect(events.map((e) => e.kind)).toEqual(['created', 'details_updated', 'tracking_link_issued']);
    expect(events[0]!.payload).toMatchObject({ status: 'confirmed', by: 'admin', paymentStatus: 'on_site' });
    const text = JSON.stringify(events.map((e) => e.payload));
    expect(text).not.toContain('9876');
    expect(text).not.toMatch(/token/i);
  });

  it('sends the confirmation once: delivering again, or twice at once, finds nothing more to send', async () => {
    const id = await appointment('once@example.com');
    expect(await mailsTo('once@example.com')).toHaveLength(1);
    await Promise.all([deliverBookingEvents(t.ctx), deliverBookingEvents(t.ctx)]);
    await deliverBookingEvents(t.ctx);
    expect(await mailsTo('once@example.com')).toHaveLength(1);
    expect(await pendingDeliveries(t.ctx.db, [id])).toEqual([]);
  });

  it('a handler that fails after mailing leaves no e-mail; its retry after the backoff mails once', async () => {
    const to = 'flaky@example.com';
    const id = await appointment('flaky-customer@example.com');
    flakyMailsTo = to;
    try {
      await t.ctx.db.transaction((tx) => editNotesIn(tx, id, 'first'));
      const [event] = (await listBookingEvents(t.ctx.db, id)).filter((e) => e.kind === 'details_updated');
      failOnce.add(event!.id);
      await deliverAfterCommit(t.ctx, id);
      // The mail and the delivered mark were one transaction: neither is kept, the failure is counted.
      expect(await mailsTo(to)).toEqual([]);
      expect(await pendingDeliveries(t.ctx.db, [id])).toEqual([{ eventId: event!.id, subscriber: 'test-flaky', attempts: 1, lastError: 'the subscriber is down' }]);
      // Not again before its wait is over; then once.
      await deliverBookingEvents(t.ctx);
      expect(await mailsTo(to)).toEqual([]);
      t.clock.advance(retryDelayMs(1));
      await deliverBookingEvents(t.ctx);
      await deliverBookingEvents(t.ctx);
      expect(await mailsTo(to)).toEqual([`event ${event!.id}`]);
      expect(await pendingDeliveries(t.ctx.db, [id])).toEqual([]);
    } finally {
      flakyMailsTo = undefined;
    }
  });

  it('delivers in order per booking: a failure holds back that subscriber’s later events of that booking only', async () => {
    const a = await appointment('order-a@example.com');
    const b = await appointment('order-b@example.com');
    seen.steady = [];
    seen.flaky = [];
    await editNotes(a, 'a1');
    await editNotes(a, 'a2');
    await editNotes(b, 'b1');
    const [a1, a2] = (await listBookingEvents(t.ctx.db, a)).filter((e) => e.kind === 'details_updated');
    const [b1] = (await listBookingEvents(t.ctx.db, b)).filter((e) => e.kind === 'details_updated');
    failOnce.add(a1!.id);

    await deliverBookingEvents(t.ctx);
    // The other subscriber heard everything, each booking's in order; the failing one, the other booking's event.
    expect(seqsOf(seen.steady, a)).toEqual([a1!.seq, a2!.seq]);
    expect(seqsOf(seen.steady, b)).toEqual([b1!.seq]);
    expect(seen.flaky).toEqual([{ bookingId: b, seq: b1!.seq }]);
    expect((await pendingDeliveries(t.ctx.db, [a])).map((p) => [p.eventId, p.attempts])).toEqual([
      [a1!.id, 1],
      [a2!.id, 0],
    ]);

    t.clock.advance(retryDelayMs(1));
    await deliverBookingEvents(t.ctx);
    expect(seqsOf(seen.flaky, a)).toEqual([a1!.seq, a2!.seq]);
    expect(seqsOf(seen.flaky, b)).toEqual([b1!.seq]);
    expect(await pendingDeliveries(t.ctx.db, [a, b])).toEqual([]);
  });

  it('waits longer after each failure, at most an hour', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(20)).toBe(60 * 60_000);
  });
});
