import type { DbOrTx } from '../db/client';

/**
 * The one seam between a booking's completion and the features that act on it. The bookings lifecycle calls
 * `bookingCompleted` inside the completing transaction and knows nothing of its subscribers; a feature that
 * must act subscribes once, when its face is loaded (store-orders asks for its order's fulfilment). Running in
 * the transaction keeps the old guarantee: the subscribers' writes commit with the completion or not at all.
 */
export type BookingCompletedHandler = (tx: DbOrTx, bookingId: string, now: Date) => Promise<void>;

const handlers = new Set<BookingCompletedHandler>();

/** Adds a handler (adding the same one twice keeps one). */
export function onBookingCompleted(handler: BookingCompletedHandler): void {
  handlers.add(handler);
}

/** In the completing transaction: every subscriber's work, in the order they subscribed. */
export async function bookingCompleted(tx: DbOrTx, bookingId: string, now: Date): Promise<void> {
  for (const handler of handlers) await handler(tx, bookingId, now);
}
