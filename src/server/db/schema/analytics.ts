import { boolean, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './users';

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
    createdAt: createdAt(),
  },
  (t) => [index('analytics_events_created_idx').on(t.createdAt), index('analytics_events_type_idx').on(t.eventType, t.createdAt)],
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
  (t) => [index('analytics_sessions_started_idx').on(t.startedAt)],
);
