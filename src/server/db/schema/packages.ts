import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Translations } from '../../../shared/localized';
import type { LedgerKind, PackagePaidBy, PurchasePaymentStatus, PurchaseStatus } from '../../../shared/schemas/packages';
import { createdAt, id, money, updatedAt } from './columns';
import { services } from './services';
import { users } from './users';

export const packages = pgTable('packages', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  /** Spanish and French name and description (decision 053). */
  translations: jsonb('translations').$type<Translations>().notNull().default({}),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'restrict' }),
  serviceCount: integer('service_count').notNull().default(10),
  originalPrice: money('original_price').notNull(),
  packagePrice: money('package_price').notNull(),
  discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
  isActive: boolean('is_active').notNull().default(true),
  sendNotificationEmail: boolean('send_notification_email').notNull().default(true),
  /** Months a purchase stays usable after activation; null = never expires (stated on the store page when set). */
  validityMonths: integer('validity_months'),
  /** The hidden package a membership's credits are granted under (decision 059): never in the store or the admin's list. */
  membershipOnly: boolean('membership_only').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'restrict' }),
    userName: text('user_name'),
    userEmail: text('user_email'),
    userPhone: text('user_phone'),
    packageName: text('package_name').notNull(),
    serviceName: text('service_name').notNull(),
    servicesIncluded: integer('services_included').notNull(),
    servicesRemaining: integer('services_remaining').notNull(),
    purchasePrice: money('purchase_price').notNull(),
    status: text('status').$type<PurchaseStatus>().notNull().default('active'),
    paymentStatus: text('payment_status').$type<PurchasePaymentStatus>().notNull().default('paid'),
    /** How it was paid: card, cash, check (money received: revenue) or complimentary (decision 047). */
    paidBy: text('paid_by').$type<PackagePaidBy>().notNull().default('complimentary'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The 14-day expiry reminder went out (sent once). */
    expiryReminderSentAt: timestamp('expiry_reminder_sent_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refundedAmount: money('refunded_amount'),
    assignedBy: uuid('assigned_by').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes'),
  },
  (t) => [
    index('package_purchases_user_idx').on(t.userId),
    // A payment is recorded as a purchase exactly once, whoever (webhook, card form, browser) arrives first.
    uniqueIndex('package_purchases_payment_intent_uq').on(t.paymentIntentId),
  ],
);

export const packageUsage = pgTable(
  'package_usage',
  {
    id: id(),
    packagePurchaseId: uuid('package_purchase_id')
      .notNull()
      .references(() => packagePurchases.id, { onDelete: 'cascade' }),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull().defaultNow(),
    notes: text('notes'),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    bookingId: uuid('booking_id'),
    createdAt: createdAt(),
  },
  (t) => [index('package_usage_purchase_idx').on(t.packagePurchaseId)],
);

/**
 * Every change of a purchase's balance (docs/decisions/013-package-credits.md): grant, redeem, restore,
 * expire, adjust. `package_purchases.services_remaining` always equals the sum of `delta` here.
 */
export const packageCreditLedger = pgTable(
  'package_credit_ledger',
  {
    id: id(),
    packagePurchaseId: uuid('package_purchase_id')
      .notNull()
      .references(() => packagePurchases.id, { onDelete: 'cascade' }),
    /** grant | redeem | restore | expire | adjust */
    kind: text('kind').$type<LedgerKind>().notNull(),
    delta: integer('delta').notNull(),
    bookingId: uuid('booking_id'),
    adminUserId: uuid('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    index('package_credit_ledger_purchase_idx').on(t.packagePurchaseId),
    // One redeem and at most one restore per booking.
    uniqueIndex('package_credit_ledger_booking_kind_uq').on(t.bookingId, t.kind),
  ],
);
