import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Requests that create something, keyed by the caller's Idempotency-Key (scoped to the signed-in user and
 * the route): the first request runs and stores its answer; a repeat gets the same answer; a repeat that
 * arrives while the first still runs is refused with 409.
 */
export const idempotentRequests = pgTable('idempotent_requests', {
  key: text('key').primaryKey(),
  status: integer('status'),
  response: jsonb('response'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Failed sign-ins per (account, IP) and per account, shared by every app instance
 * (docs/decisions/015-sign-in-throttle-in-database.md).
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
