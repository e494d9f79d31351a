import { eq } from 'drizzle-orm';
import { slotIdOf } from '../../shared/booking-lifecycle';
import type { DbOrTx } from '../db/client';
import { bookings } from '../db/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingVerbs } from '../features/bookings';
import { anyService, openDayAfter } from '../test/account-fixtures';
import { createPostgresTestApp, type TestApp } from '../test/harness';
import { deliverBookingEvents, listBookingEvents, pendingDeliveries, subscribe } from './booking-events';

/** Real PostgreSQL, a real pool: delivery runs truly overlap, as on two instances. */
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createPostgresTestApp();
  admin = await t.login('admin@glint.local');
});
afterAll(() => t?.close());

/** The admin's edit of the notes through the one move-or-edit verb (same slot, so an edit). */
async function editNotesIn(tx: DbOrTx, bookingId: string, notes: string): Promise<void> {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  await bookingVerbs(t.ctx).change(tx, bookingId, { role: 'admin' }, { slotId: slotIdOf(row!), details: { notes }, by: 'admin' });
}

const handled: { eventId: string; bookingId: string; seq: number }[] = [];
subscribe({
  name: 'test-slow',
  kinds: ['details_updated'],
  async handle(_ctx, event) {
    // Slow enough that the runs meet on the same events.
    await new Promise((resolve) => setTimeout(resolve, 15));
    handled.push({ eventId: event.id, bookingId: event.bookingId, seq: event.seq });
  },
});

describe('booking event delivery on several instances at once', () => {
  it('four simultaneous runs deliver each of 24 events once, each booking’s in order', async () => {
    const service = await anyService(t);
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const made = await t.call('POST', '/api/admin/appointments', {
        cookie: admin,
        body: { customerName: 'Pat Parallel', customerEmail: `parallel${i}@example.com`, customerPhone: '(408) 555-0123', serviceId: service.id, date: openDayAfter(t, 3 + i), time: '11:00', serviceType: 'serviceLocation', payment: 'on_site' },
      });
      expect(made.statusCode, made.body).toBe(201);
      ids.push(made.json().id as string);
    }
    for (let round = 0; round < 3; round++) {
      for (const id of ids) await t.ctx.db.transaction((tx) => editNotesIn(tx, id, `round ${round}`));
    }
    const reports = await Promise.all([deliverBookingEvents(t.ctx), deliverBookingEvents(t.ctx), deliverBookingEvents(t.ctx), deliverBookingEvents(t.ctx)]);

    expect(reports.reduce((sum, r) => sum + r.failed, 0)).toBe(0);
    const events = (await Promise.all(ids.map((id) => listBookingEvents(t.ctx.db, id)))).flat().filter((e) => e.kind === 'details_updated');
    expect(events).toHaveLength(24);
    expect(handled.map((h) => h.eventId).sort()).toEqual(events.map((e) => e.id).sort());
    for (const id of ids) {
      const seqs = handled.filter((h) => h.bookingId === id).map((h) => h.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    }
    expect(await pendingDeliveries(t.ctx.db, ids)).toEqual([]);
  });
});
