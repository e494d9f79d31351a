import type { WebhookEventData, WebhookEventType } from '../../../shared/schemas/webhooks';
import type { BookingEvent, BookingEventKind } from '../../events/booking-events';

/**
 * Which webhook events a booking event is (decision 052). A booking the customer starts is `booking.created`
 * when held and `booking.confirmed` when paid; one the business or a store order makes is both at once.
 * Blocked time is no booking and tells no one.
 */
export const WEBHOOK_SOURCE_KINDS: readonly BookingEventKind[] = [
  'held', 'created', 'package_redeemed', 'payment_received', 'payment_collected', 'status_changed', 'rescheduled', 'cancelled', 'hold_expired',
];

export function webhookTypesOf(event: Pick<BookingEvent, 'kind' | 'payload'>): WebhookEventType[] {
  const { kind, payload } = event;
  if (payload.blocked) return [];
  switch (kind) {
    case 'held':
      return ['booking.created'];
    case 'created':
      return payload.orderNumber ? ['booking.created', 'booking.confirmed', 'store_order.scheduled'] : ['booking.created', 'booking.confirmed'];
    case 'package_redeemed':
      return ['booking.created', 'booking.confirmed'];
    case 'payment_received':
      return ['payment.received', 'booking.confirmed'];
    case 'payment_collected':
      return ['payment.received'];
    case 'status_changed':
      return payload.status === 'completed' ? ['booking.status_changed', 'booking.completed'] : ['booking.status_changed'];
    case 'rescheduled':
      return ['booking.rescheduled'];
    case 'cancelled':
    case 'hold_expired':
      return ['booking.cancelled'];
    default:
      return [];
  }
}

const str = (value: unknown) => (typeof value === 'string' ? value : undefined);
const num = (value: unknown) => (typeof value === 'number' ? value : undefined);

/** The event's small facts, named as the OpenAPI document lists them; nothing else of the payload goes out. */
export function webhookDataOf(event: Pick<BookingEvent, 'bookingId' | 'kind' | 'payload'>): WebhookEventData {
  const p = event.payload;
  const data: WebhookEventData = {
    bookingId: event.bookingId,
    status: str(p.status),
    from: str(p.from),
    by: str(p.by),
    paymentStatus: str(p.paymentStatus),
    amountCents: num(p.amountCents),
    method: str(p.method),
    scheduledDate: str(p.scheduledDate),
    refunded: typeof p.refunded === 'boolean' ? p.refunded : undefined,
    orderNumber: p.orderNumber == null ? undefined : String(p.orderNumber),
  };
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as WebhookEventData;
}
