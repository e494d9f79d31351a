import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt } from './columns';

/**
 * The claim links e-mailed to a guest who asked to keep a booking in an account (decision 030): only the
 * token's SHA-256 is kept; a row is deleted when its link is used (single use) and is refused after
 * `expiresAt` (24 hours).
 */
export const guestClaims = pgTable(
  'guest_claims',
  {
    tokenHash: text('token_hash').primaryKey(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('guest_claims_booking_idx').on(t.bookingId)],
);
