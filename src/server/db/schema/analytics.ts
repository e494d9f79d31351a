import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { services } from './services';
import { users } from './users';
import type { OfferTranslations } from '../../../shared/localized';

/**
 * First-party analytics (docs/decisions/014-first-party-analytics.md). `ip_address` is stored truncated (/24, /48) and never whole; `path` is
 * the route the event happened on. Server-recorded events (account_created, booking_created,
 * payment_completed) are written by the server itself, never accepted from the browser.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: id(),
    sessionId: text('session_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    eventType: text('event_type').notNull(),
    eventData: jsonb('event_data').$type<Record<string, unknown>>(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    referrer: text('referrer'),
    path: text('path'),
    createdAt: createdAt(),
  },
  (t) => [
    index('analytics_events_created_idx').on(t.createdAt),
    index('analytics_events_type_idx').on(t.eventType, t.createdAt),
    // The funnel reads (type, time, session) only: an index-only scan per step.
    index('analytics_events_funnel_idx').on(t.eventType, t.createdAt, t.sessionId),
    // payment_completed finds the session its booking was made in.
    index('analytics_events_booking_idx')
      .on(sql`(${t.eventData}->>'bookingId')`)
      .where(sql`${t.eventType} = 'booking_created'`),
  ],
);

export const analyticsSessions = pgTable(
  'analytics_sessions',
  {
    id: id(),
    sessionId: text('session_id').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    isGuest: boolean('is_guest').notNull().default(true),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    lastActivity: timestamp('last_activity', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    referrer: text('referrer'),
    landingPage: text('landing_page'),
  },
  (t) => [index('analytics_sessions_started_idx').on(t.startedAt), index('analytics_sessions_activity_idx').on(t.lastActivity)],
);

/** Regular and offer price (decimal strings) per vehicle type. */
export type OfferPrices = Record<'sedan' | 'suv' | 'oversize', { regular: string; offer: string }>;
/** One question and answer of the offer page. */
export interface OfferFaqItem {
  question: string;
  answer: string;
}

/** The promotional offer shown on /sww-offer: data the admin edits, one row per slug ('current'). */
export const offers = pgTable('offers', {
  id: id(),
  slug: text('slug').notNull().unique(),
  title: text('title').notNull(),
  /** The line under the title; null shows none. */
  subtitle: text('subtitle'),
  /** The hero image (an https URL or an uploaded /api/uploads path); null shows none. */
  imageUrl: text('image_url'),
  /** The owner's questions and answers; null shows the standard, translated ones. */
  faq: jsonb('faq').$type<OfferFaqItem[]>(),
  serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  prices: jsonb('prices').$type<OfferPrices>().notNull(),
  /** Store cart variant per vehicle type, when a store integration knows one. */
  storeVariants: jsonb('store_variants').$type<Partial<Record<'sedan' | 'suv' | 'oversize', string>>>(),
  isLive: boolean('is_live').notNull().default(false),
  /** The page's own words in Spanish and French (decision 053): title, subtitle, FAQ; English where missing. */
  translations: jsonb('translations').$type<OfferTranslations>().notNull().default({}),
  updatedAt: updatedAt(),
});

/**
 * The nightly rollup of the funnel for closed UTC days: sessions whose first page visit fell on `day`, with
 * the later steps they reached within a day's grace. The admin's funnel adds these to a live count of the
 * open days, so a 90-day funnel reads ~90 rows plus two days of events.
 */
export const analyticsFunnelDays = pgTable('analytics_funnel_days', {
  day: date('day', { mode: 'string' }).primaryKey(),
  pageVisits: integer('page_visits').notNull(),
  accountCreated: integer('account_created').notNull(),
  guestCheckout: integer('guest_checkout').notNull(),
  serviceSelected: integer('service_selected').notNull(),
  paymentInitiated: integer('payment_initiated').notNull(),
  paymentCompleted: integer('payment_completed').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});
