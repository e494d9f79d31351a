import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MembershipStatus, PeriodStatus, PlanGrant, StandingOutcome, StandingRule } from '../../../shared/schemas/memberships';
import { createdAt, id, updatedAt } from './columns';
import { services } from './services';
import { addresses, users } from './users';

/** A monthly plan (decision 059): its price, the credits each paid period grants, an optional standing appointment. */
export const membershipPlans = pgTable('membership_plans', {
  id: id(),
  name: text('name').notNull(),
  priceCents: integer('price_cents').notNull(),
  /** Credits of given services each paid period grants, as package credits. */
  grants: jsonb('grants').$type<PlanGrant[]>().notNull(),
  standing: jsonb('standing').$type<StandingRule | null>(),
  isActive: boolean('is_active').notNull().default(true),
  /** Stripe Billing's price for this plan, made on the first subscription. */
  stripePriceId: text('stripe_price_id'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => membershipPlans.id, { onDelete: 'restrict' }),
    /** What the customer pays a month, fixed at subscription (a later price change does not move it). */
    priceCents: integer('price_cents').notNull(),
    status: text('status').$type<MembershipStatus>().notNull(),
    customerRef: text('customer_ref'),
    providerMethodId: text('provider_method_id'),
    /** Stripe Billing's subscription; null with the test provider (renewed by the app clock). */
    providerSubscriptionId: text('provider_subscription_id'),
    /** The payment (or subscription) that started it: one membership per first payment, however often confirmed. */
    startRef: text('start_ref').notNull(),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
    canceledAt: timestamp('canceled_at', { withTimezone: true }),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('memberships_user_idx').on(t.userId), uniqueIndex('memberships_subscription_uq').on(t.providerSubscriptionId), uniqueIndex('memberships_start_ref_uq').on(t.startRef), index('memberships_due_idx').on(t.status, t.currentPeriodEnd)],
);

/** One row per billed period: paid or failed, and whether its credits went out (once). */
export const membershipPeriods = pgTable(
  'membership_periods',
  {
    id: id(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').$type<PeriodStatus>().notNull(),
    /** The provider's payment (intent or invoice) that paid it. */
    paymentRef: text('payment_ref'),
    lastError: text('last_error'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    creditsGrantedAt: timestamp('credits_granted_at', { withTimezone: true }),
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    standingBookedAt: timestamp('standing_booked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // A period is billed once, whoever (the job, a webhook, the pay link) gets there first.
  (t) => [uniqueIndex('membership_periods_uq').on(t.membershipId, t.periodStart)],
);

/** A member's standing appointment (decision 066): the rhythm's first date, then every Nth week of the plan. */
export const standingAppointments = pgTable('standing_appointments', {
  id: id(),
  membershipId: uuid('membership_id')
    .notNull()
    .unique('standing_appointments_membership_uq')
    .references(() => memberships.id, { onDelete: 'cascade' }),
  weekday: integer('weekday').notNull(),
  /** HH:MM, Pacific wall time: the same time of day on both sides of a DST change. */
  time: text('time').notNull(),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'cascade' }),
  addressId: uuid('address_id')
    .notNull()
    .references(() => addresses.id, { onDelete: 'cascade' }),
  /** YYYY-MM-DD (Pacific): the first occurrence; the others fall every N weeks after it. */
  anchorDate: text('anchor_date').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** One row per membership and date the standing job handled: an occurrence is booked (or refused and told) once. */
export const standingOccurrences = pgTable(
  'standing_occurrences',
  {
    id: id(),
    membershipId: uuid('membership_id')
      .notNull()
      .references(() => memberships.id, { onDelete: 'cascade' }),
    /** YYYY-MM-DD, Pacific. */
    date: text('date').notNull(),
    outcome: text('outcome').$type<StandingOutcome>().notNull(),
    bookingId: uuid('booking_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('standing_occurrences_uq').on(t.membershipId, t.date)],
);
