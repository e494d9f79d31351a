import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PromoKind } from '../../../shared/promo-codes';
import { bookings } from './bookings';
import { users } from './users';
import { createdAt, id, updatedAt } from './columns';

/**
 * Promo codes (issue 25): a code (unique without regard to case), percent or amount off, the services it
 * applies to (empty: all), the dates it is valid, a cap on total uses, once per customer, active.
 */
export const promoCodes = pgTable(
  'promo_codes',
  {
    id: id(),
    code: text('code').notNull(),
    kind: text('kind').$type<PromoKind>().notNull(),
    percentOff: integer('percent_off'),
    amountOffCents: integer('amount_off_cents'),
    serviceIds: jsonb('service_ids').$type<string[]>().notNull().default([]),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validTo: timestamp('valid_to', { withTimezone: true }),
    maxUses: integer('max_uses'),
    oncePerCustomer: boolean('once_per_customer').notNull().default(false),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('promo_codes_code_uq').on(sql`upper(${t.code})`)],
);

/**
 * A code used by a booking: counted while the booking holds its time or is paid or confirmed; a lapsed hold
 * or a cancelled booking frees it. `customerKey` is the account's id or the guest's e-mail in lower case.
 */
export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: id(),
    promoCodeId: uuid('promo_code_id')
      .notNull()
      .references(() => promoCodes.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    customerKey: text('customer_key').notNull(),
    discountCents: integer('discount_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('promo_redemptions_booking_uq').on(t.bookingId), index('promo_redemptions_code_idx').on(t.promoCodeId, t.customerKey)],
);
