import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Every change of a booking, recorded once in the transaction that made it (docs/decisions/035): the outbox
 * its subscribers (customer e-mails, store fulfilment…) are delivered from. Written only by the bookings
 * lifecycle. `seq` orders the events: a booking's events are written under its row lock, so their order is
 * the order their changes committed in. No foreign key: the event of a deleted booking stays.
 */
export const bookingEvents = pgTable(
  'booking_events',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    id: uuid('id').notNull().unique().defaultRandom(),
    bookingId: uuid('booking_id').notNull(),
    /** An update kind (shared/booking-lifecycle.ts) or a change without an update: held, blocked, removed… */
    kind: text('kind').notNull(),
    /** Ids and small facts only: never a token, card data or free text. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('booking_events_booking_idx').on(t.bookingId, t.seq)],
);

/**
 * One row per event and subscriber that wants it, written with the event (the fan-out), so a delivery is
 * never missed however late the event's transaction commits. Delivered when `delivered_at` is set, in the
 * subscriber's own transaction; a failure counts an attempt and waits until `retry_at`.
 */
export const bookingEventDeliveries = pgTable(
  'booking_event_deliveries',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => bookingEvents.id, { onDelete: 'cascade' }),
    subscriber: text('subscriber').notNull(),
    /** The event's booking and position, copied so the order per booking is read from this table alone. */
    bookingId: uuid('booking_id').notNull(),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    /** Null: due now. After a failure, when the next attempt is due. */
    retryAt: timestamp('retry_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.subscriber] }),
    index('booking_event_deliveries_pending_idx').on(t.subscriber, t.bookingId, t.seq).where(sql`${t.deliveredAt} is null`),
  ],
);
