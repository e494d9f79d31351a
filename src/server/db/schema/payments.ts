import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { bookings } from './bookings';

/**
 * PaymentIntents of the built-in test provider ("Test mode — no real charge"), kept in the database so
 * they survive a restart and are shared by every instance, like Stripe's would be. Card numbers are never
 * stored: only brand, last four and expiry of the card that paid.
 */
export const testPaymentIntents = pgTable(
  'test_payment_intents',
  {
    id: text('id').primaryKey(),
    clientSecret: text('client_secret').notNull(),
    bookingId: uuid('booking_id'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    /** requires_payment_method, succeeded, canceled */
    status: text('status').notNull().default('requires_payment_method'),
    idempotencyKey: text('idempotency_key').unique(),
    customerRef: text('customer_ref'),
    saveCard: boolean('save_card').notNull().default(false),
    providerMethodId: text('provider_method_id'),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    cardExpiryMonth: integer('card_expiry_month'),
    cardExpiryYear: integer('card_expiry_year'),
    lastError: text('last_error'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** What else the intent pays for (a package purchase: purpose, packageId, userId), like Stripe's metadata. */
    metadata: jsonb('metadata').$type<Record<string, string>>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('test_payment_intents_booking_idx').on(t.bookingId)],
);

/**
 * A guest's plain tracking token, kept only while the booking waits for payment so the confirmation
 * e-mail (sent by whichever of the webhook or the browser confirms first) can carry the same link the
 * guest already holds. Deleted when the confirmation e-mail goes out or the hold is released
 * (docs/decisions/005-booking-holds-and-payments.md).
 */
export const guestLinkTokens = pgTable('guest_link_tokens', {
  bookingId: uuid('booking_id')
    .primaryKey()
    .references(() => bookings.id, { onDelete: 'cascade' }),
  token: text('token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
