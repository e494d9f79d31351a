import type { BookingStatus } from '../../../shared/domain';
import type { LedgerMethod } from '../../../shared/payment-ledger';
import type { AppContext } from '../../context';
import type { BookingEventSubscriber } from '../../events/booking-events';
import { EMAILED_STATUSES, emailDriverAssigned, emailStatusChange } from './booking-updates';
import { emailCancelledByBusiness, emailMovedByBusiness } from './business-change-mail';
import { findBookingView } from './bookings.repository';
import { sendConfirmationMail } from './confirmation-mail';
import { emailNoShow, emailPaymentReceived, emailPaymentRefunded } from './payment-mail';
import { bookingVerbs } from './lifecycle';

/**
 * The customer's e-mails about their booking, as a subscriber of its events (docs/decisions/035): the
 * confirmation when a booking is paid, made by the business (phone, walk-in) or made from a store order,
 * or when the business sends the payment link again; a status e-mail when the status really changed to one
 * the customer hears about; the driver's name when a driver other than the one before is assigned; and,
 * when the business moved the booking in its booking editor (`by: 'admin'`; not the schedule's editors nor
 * the customer's own reschedule) or cancelled it, the new time or the cancellation with its note; "Payment
 * received" for money taken by hand or paid by link, and "Refund issued" (decision 049).
 * Each runs once per event: the outbox row is written in the delivery's transaction.
 */
export const customerMailSubscriber: BookingEventSubscriber = {
  name: 'customer-mail',
  kinds: ['created', 'payment_received', 'payment_collected', 'payment_refunded', 'payment_link_sent', 'status_changed', 'driver_assigned', 'rescheduled', 'cancelled', 'no_show'],
  wants: ({ kind, payload }) => {
    switch (kind) {
      case 'created':
        return payload.by === 'admin' || payload.by === 'store';
      case 'payment_link_sent':
        // Sent with a new appointment: the `created` confirmation is the payment link.
        return !payload.withBooking;
      case 'status_changed':
        return payload.from !== payload.status && EMAILED_STATUSES.has(payload.status as BookingStatus);
      case 'driver_assigned':
        // Given a technician at confirmation (decision 055): the confirmation e-mail is the one the customer gets.
        return Boolean(payload.driverId) && payload.driverId !== payload.previousDriverId && !payload.auto;
      case 'rescheduled':
        return payload.by === 'admin' && !payload.blocked;
      case 'cancelled':
        return payload.by === 'admin';
      default:
        return true;
    }
  },
  async handle(ctx, event) {
    const { payload } = event;
    switch (event.kind) {
      case 'payment_received':
        // A payment that confirms the booking is told by the confirmation; one for a booking already
        // confirmed (a phone appointment paid by link) by "Payment received", not a second confirmation.
        if (payload.amountCents !== undefined && !payload.confirms) {
          await emailPaymentReceived(ctx, event.bookingId, { amountCents: Number(payload.amountCents), method: 'card', tip: false });
          return;
        }
        await confirm(ctx, event.bookingId);
        return;
      case 'payment_collected':
        await emailPaymentReceived(ctx, event.bookingId, { amountCents: Number(payload.amountCents), method: payload.method as LedgerMethod, tip: payload.tip === true });
        return;
      case 'payment_refunded':
        await emailPaymentRefunded(ctx, event.bookingId, { amountCents: Number(payload.amountCents), noteId: typeof payload.noteId === 'string' ? payload.noteId : null });
        return;
      case 'created':
      case 'payment_link_sent': {
        await confirm(ctx, event.bookingId);
        return;
      }
      case 'status_changed':
        await emailStatusChange(ctx, event.bookingId, event.payload.status as BookingStatus);
        return;
      case 'driver_assigned':
        await emailDriverAssigned(ctx, event.bookingId);
        return;
      case 'rescheduled':
        await emailMovedByBusiness(ctx, event.bookingId);
        return;
      case 'no_show':
        await emailNoShow(ctx, event.bookingId, { feeCents: Number(payload.feeCents ?? 0), refundedCents: Number(payload.refundedCents ?? 0) });
        return;
      case 'cancelled':
        await emailCancelledByBusiness(ctx, event.bookingId, event.payload.refunded === true, typeof event.payload.noteId === 'string' ? event.payload.noteId : null);
        return;
      default:
        return;
    }
  },
};

/** The confirmation e-mail, with a guest's kept link (a booking made without an account, or from a store order). */
async function confirm(ctx: AppContext, bookingId: string): Promise<void> {
  const view = await findBookingView(ctx.db, bookingId);
  if (!view) return;
  const guestToken = await bookingVerbs(ctx).peekGuestLink(ctx.db, bookingId);
  await sendConfirmationMail(ctx, view, guestToken);
}
