import { UPDATE_KINDS } from '../../shared/booking-lifecycle';
import type { InTransactionSubscriber } from '../events/booking-events';

/**
 * The live update as a subscriber of a booking's events (docs/decisions/035-booking-events.md), run inside
 * the changing transaction: every change recorded with a booking update sends its `booking_status_update`
 * NOTIFY (the tracking page, the driver dashboard, the staff channel), a change of driver also sends
 * `driver_assigned` so the new and the previous driver's pages hear it, and a deletion sends `booking_removed`.
 * PostgreSQL delivers them on commit and only then: a rolled back change says nothing, and no row or wait is
 * added to the write.
 */
export const bookingLiveUpdates: InTransactionSubscriber = {
  name: 'live-update',
  kinds: [...UPDATE_KINDS, 'removed'],
  async handle(ctx, tx, event, detail) {
    // A deletion leaves no booking to read: the office's pages drop it, its driver's list too.
    if (event.kind === 'removed') {
      const driverId = typeof event.payload.driverId === 'string' ? event.payload.driverId : null;
      await ctx.events.publish(tx, { type: 'booking_removed', bookingId: event.bookingId, driverId, at: ctx.now().toISOString() });
      return;
    }
    // Other changes without a booking update (holds, new blocked time, erasure…) are not announced live.
    if (!detail) return;
    await ctx.events.publish(tx, {
      type: 'booking_status_update',
      bookingId: event.bookingId,
      status: detail.status,
      message: detail.message,
      kind: detail.kind,
      params: detail.params,
      at: ctx.now().toISOString(),
    });
    if (detail.kind === 'driver_assigned' || detail.kind === 'driver_unassigned') {
      await ctx.events.publish(tx, {
        type: 'driver_assigned',
        bookingId: event.bookingId,
        driverId: detail.driverId,
        previousDriverId: detail.previousDriverId ?? null,
        at: ctx.now().toISOString(),
      });
    }
  },
};
