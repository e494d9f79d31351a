import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { PaymentStatus, UpdateKind, UpdateParams } from '../../../shared/booking-lifecycle';
import type { BookingStatus, Language, ServiceType } from '../../../shared/domain';
import type { LedgerKind, LedgerMethod } from '../../../shared/payment-ledger';
import { clients } from './clients';
import { createdAt, id, money, updatedAt } from './columns';
import { services } from './services';
import { addresses, users } from './users';

export const bookings = pgTable(
  'bookings',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who the booking is for (docs/decisions/039-clients.md); set when booked, moved by a merge. */
    clientId: uuid('client_id').references(() => clients.id, { onDelete: 'set null' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'restrict' }),
    addressId: uuid('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    assignedDriverId: uuid('assigned_driver_id').references(() => users.id, { onDelete: 'set null' }),
    serviceType: text('service_type').$type<ServiceType>().notNull().default('pickup'),
    /** Start of the booked time (UTC instant; shown in Pacific time). */
    scheduledDate: timestamp('scheduled_date', { withTimezone: true }).notNull(),
    /** Minutes the booking occupies, copied from the service when booked. */
    durationMinutes: integer('duration_minutes').notNull(),
    /** The Pacific business day of scheduledDate, the key capacity is locked on. */
    businessDate: date('business_date', { mode: 'string' }).notNull(),
    pickupTime: timestamp('pickup_time', { withTimezone: true }),
    returnEta: timestamp('return_eta', { withTimezone: true }),
    status: text('status').$type<BookingStatus>().notNull().default('pending'),
    /** The price breakdown the booking was sold at (shared/booking-lifecycle.ts priceBooking). */
    servicePrice: money('service_price').notNull(),
    totalAmount: money('total_amount').notNull(),
    serviceFee: money('service_fee').notNull().default('5.00'),
    tax: money('tax').notNull(),
    paymentIntentId: text('payment_intent_id'),
    paymentProvider: text('payment_provider'),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('unpaid'),
    paymentMethodBrand: text('payment_method_brand'),
    paymentMethodLast4: text('payment_method_last4'),
    notes: text('notes'),
    /** The customer's car as they describe it (make, model, colour), for the driver to find it. */
    vehicle: text('vehicle'),
    /** Gate code, parking or access instructions for the driver. */
    accessNotes: text('access_notes'),
    // Address snapshot: the booking keeps where it happens even if the saved address is deleted.
    addressStreet: text('address_street'),
    addressCity: text('address_city'),
    addressState: text('address_state'),
    addressZip: text('address_zip'),
    latitude: text('latitude'),
    longitude: text('longitude'),
    guestEmail: text('guest_email'),
    guestName: text('guest_name'),
    guestPhone: text('guest_phone'),
    /** The language the booking was made in (en, es, fr): a guest's messages are written in it (decision 050). */
    language: text('language').$type<Language>(),
    /** A mobile job: the customer said the car stands under a roof (true), in the open (false); null: not asked. Rain offers skip covered ones (decision 060). */
    coveredParking: boolean('covered_parking'),
    rating: integer('rating'),
    review: text('review'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    trackingTokenHash: text('tracking_token_hash'),
    /** A pending booking holds its capacity until this instant. */
    holdExpiresAt: timestamp('hold_expires_at', { withTimezone: true }),
    idempotencyKey: text('idempotency_key'),
    /**
     * Who holds a web checkout (`user:<id>`, or a guest's `visitor:<cookie id>`) and, for a guest, a hash of
     * the network it came from: live holds are counted by both (decision 031).
     */
    holder: text('holder'),
    holderNetwork: text('holder_network'),
    /** Time blocked by the admin: occupies capacity, is not a customer booking. */
    isBlocked: boolean('is_blocked').notNull().default(false),
    /** web, admin, store, test */
    source: text('source').notNull().default('web'),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** The deposit checkout takes (decision 057), fixed when booked; null: paid in full. */
    depositCents: integer('deposit_cents'),
    /** When the customer agreed to the cancellation and no-show policy at checkout; fees need it. */
    policyConsentAt: timestamp('policy_consent_at', { withTimezone: true }),
    /** When the office marked the customer not there (a no-show); the no-show fee is charged once. */
    noShowAt: timestamp('no_show_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('bookings_user_idx').on(t.userId, t.createdAt),
    index('bookings_client_idx').on(t.clientId, t.scheduledDate),
    index('bookings_business_date_idx').on(t.businessDate),
    index('bookings_scheduled_idx').on(t.scheduledDate),
    index('bookings_status_idx').on(t.status),
    index('bookings_driver_idx').on(t.assignedDriverId),
    index('bookings_payment_intent_idx').on(t.paymentIntentId),
    index('bookings_hold_idx').on(t.holdExpiresAt),
    index('bookings_live_holder_idx').on(t.holder).where(sql`${t.status} = 'pending'`),
    index('bookings_live_holder_network_idx').on(t.holderNetwork).where(sql`${t.status} = 'pending'`),
    uniqueIndex('bookings_idempotency_idx').on(t.idempotencyKey),
    uniqueIndex('bookings_tracking_token_idx').on(t.trackingTokenHash),
  ],
);

export interface UpdateLocation {
  latitude: number;
  longitude: number;
}

export const bookingUpdates = pgTable(
  'booking_updates',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    driverId: uuid('driver_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').$type<BookingStatus>().notNull(),
    /** What happened, rendered per language from kind + params (shared/booking-lifecycle.ts). */
    kind: text('kind').$type<UpdateKind>().notNull().default('note'),
    params: jsonb('params').$type<UpdateParams>().notNull().default({}),
    /** Free text someone typed (admin, driver); for rows older than kinds, the whole English sentence. */
    message: text('message'),
    photos: jsonb('photos').$type<string[]>().notNull().default([]),
    location: jsonb('location').$type<UpdateLocation | null>(),
    estimatedCompletion: timestamp('estimated_completion', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('booking_updates_booking_idx').on(t.bookingId, t.createdAt)],
);

/**
 * The booking's ledger (decisions 029 and 049): every money movement of a booking is a row — a card charge
 * (one row per provider intent: `open` while it may still be paid, then `succeeded` or `canceled`), cash or a
 * card reader in the driveway, a tip, a fee, a refund (its own row, pointing at the charge it gives back).
 * Only `succeeded` rows are money; the booking's payment state and every revenue figure are derived from them
 * (shared/payment-ledger.ts). A booking has at most one open intent and keeps at most one checkout payment.
 */
export const bookingPayments = pgTable(
  'booking_payments',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<LedgerKind>().notNull().default('full'),
    method: text('method').$type<LedgerMethod>().notNull().default('card'),
    /** The card provider and its intent, for a card charge; null for money taken by hand. */
    provider: text('provider'),
    intentId: text('intent_id'),
    /** The provider's own reference for this movement when it is not the intent (a refund's id). */
    providerRef: text('provider_ref'),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<BookingPaymentStatus>().notNull().default('open'),
    /** A refund's charge: what it gives back. */
    refundOf: uuid('refund_of').references((): AnyPgColumn => bookingPayments.id, { onDelete: 'set null' }),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    /** A tip's technician: the booking's assigned driver when the tip was given (decision 058). */
    technicianId: uuid('technician_id').references(() => users.id, { onDelete: 'set null' }),
    note: text('note'),
    /** The caller's Idempotency-Key, scoped to who sent it: the same request twice is one row. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('booking_payments_intent_uq').on(t.provider, t.intentId),
    uniqueIndex('booking_payments_one_open_uq').on(t.bookingId).where(sql`${t.status} = 'open'`),
    uniqueIndex('booking_payments_idempotency_uq').on(t.idempotencyKey),
    index('booking_payments_booking_idx').on(t.bookingId, t.createdAt),
    index('booking_payments_created_idx').on(t.createdAt),
    index('booking_payments_tips_idx').on(t.createdAt).where(sql`${t.kind} = 'tip'`),
  ],
);

/** `refunded` is the word of rows written before refunds became rows of their own (migration 0019 turned them). */
export type BookingPaymentStatus = 'open' | 'succeeded' | 'refunded' | 'canceled';

/** Provider webhook events already handled, so a replayed event is a no-op. */
export const processedWebhookEvents = pgTable('processed_webhook_events', {
  id: id(),
  provider: text('provider').notNull(),
  eventId: text('event_id').notNull().unique(),
  createdAt: createdAt(),
});
