import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { MessageChannel, MessageKind, MessageState, ShortLinkPurpose, WeatherOfferState } from '../../../shared/schemas/messages';
import { bookings } from './bookings';
import { createdAt, id, updatedAt } from './columns';

/**
 * What Glint tells a customer about a booking, one row per (booking, kind, channel, leg) — the unique key is
 * what makes a message go once (decision 050). `leg` tells apart the messages of one kind a booking may have
 * several of: the on-my-way per en-route status, the driver's message per note; '' otherwise. A row is
 * scheduled for `dueAt` and ends sent, skipped (with the reason in `lastError`) or failed.
 */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MessageKind>().notNull(),
    channel: text('channel').$type<MessageChannel>().notNull(),
    leg: text('leg').notNull().default(''),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    state: text('state').$type<MessageState>().notNull().default('scheduled'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('message_outbox_once_uq').on(t.bookingId, t.kind, t.channel, t.leg),
    index('message_outbox_due_idx').on(t.state, t.dueAt),
  ],
);

/** Every text message, kept as a record; without Twilio this is where texts are read (/dev/mail beside the mail). */
export const smsOutbox = pgTable(
  'sms_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    body: text('body').notNull(),
    /** stored (outbox only), sent, failed */
    status: text('status').notNull(),
    providerId: text('provider_id'),
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [index('sms_outbox_created_idx').on(t.createdAt)],
);

/** Phones that answered STOP (and START again): no text goes to an opted-out number, whoever booked with it. */
export const smsConsent = pgTable('sms_consent', {
  /** E.164, +1 and ten digits. */
  phone: text('phone').primaryKey(),
  optedOut: boolean('opted_out').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Secrets the app makes for itself on first use and keeps (the key that signs the links in customers'
 * messages, decision 050): every instance on the database signs and checks with the same key.
 */
export const signingSecrets = pgTable('signing_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A rainy forecast's offer to move an outdoor mobile job (issue 26): the chance of rain read 48 h before,
 * the three free starts offered (slot ids, Pacific `YYYY-MM-DDTHH:MM`) and what the customer did. One per
 * booking and job day (`jobDate`, the Pacific day of the start the forecast was read for): a moved job read
 * again on another day may get a new one. Written by the messages feature only.
 */
export const weatherOffers = pgTable(
  'weather_offers',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    jobDate: text('job_date').notNull(),
    /** The start the forecast was read for. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }).notNull(),
    precipitationPercent: integer('precipitation_percent').notNull(),
    slotIds: text('slot_ids').array().notNull(),
    state: text('state').$type<WeatherOfferState>().notNull().default('offered'),
    /** The slot moved to (state moved). */
    movedTo: text('moved_to'),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('weather_offers_booking_day_uq').on(t.bookingId, t.jobDate), index('weather_offers_state_idx').on(t.state)],
);

/**
 * The short links in customers' texts (decision 070): `GET /s/<code>` answers 302 to `target`, a path and
 * query on PUBLIC_URL (never another origin, so no open redirect: the check refuses `//host` and `/\host`).
 * The code is a bearer credential like the link behind it: random, expiring no later than that link. One code
 * per (booking, purpose, target), so a retried text reuses it. Written by the messages feature only.
 */
export const shortLinks = pgTable(
  'short_links',
  {
    code: text('code').primaryKey(),
    target: text('target').notNull(),
    purpose: text('purpose').$type<ShortLinkPurpose>().notNull(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('short_links_once_uq').on(t.bookingId, t.purpose, t.target),
    index('short_links_expires_idx').on(t.expiresAt),
    check('short_links_target_path', sql`left(${t.target}, 1) = '/' and substr(${t.target}, 2, 1) not in ('/', '\\')`),
  ],
);
