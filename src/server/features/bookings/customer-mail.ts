import type { BookingStatus } from '../../../shared/domain';
import type { BookingEventSubscriber } from '../../events/booking-events';
import { EMAILED_STATUSES, emailDriverAssigned, emailStatusChange } from './booking-updates';
import { findBookingView } from './bookings.repository';
import { sendConfirmationMail } from './confirmation-mail';
import { bookingVerbs } from './lifecycle';

/**
 * The customer's e-mails about their booking, as a subscriber of its events (docs/decisions/035): the
 * confirmation when a booking is paid, made by the business (phone, walk-in) or made from a store order,
 * or when the business sends the payment link again; a status e-mail when the status really changed to one
 * the customer hears about; and the driver's name when a driver other than the one before is assigned.
 * Each runs once per event: the outbox row is written in the delivery's transaction.
 */
export const customerMailSubscriber: BookingEventSubscriber = {
  name: 'customer-mail',
  kinds: ['created', 'payment_received', 'payment_link_sent', 'status_changed', 'driver_assigned'],
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
        return Boolean(payload.driverId) && payload.driverId !== payload.previousDriverId;
      default:
        return true;
    }
  },
  async handle(ctx, event) {
    switch (event.kind) {
      case 'created':
      case 'payment_received':
      case 'payment_link_sent': {
        const view = await findBookingView(ctx.db, event.bookingId);
        if (!view) return;
        // A guest's kept link (a booking made without an account, or from a store order) goes in the e-mail.
        const guestToken = await bookingVerbs(ctx).peekGuestLink(ctx.db, event.bookingId);
        await sendConfirmationMail(ctx, view, guestToken);
        return;
      }
      case 'status_changed':
        await emailStatusChange(ctx, event.bookingId, event.payload.status as BookingStatus);
        return;
      case 'driver_assigned':
        await emailDriverAssigned(ctx, event.bookingId);
        return;
      default:
        return;
    }
  },
};
