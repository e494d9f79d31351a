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
 * Every attempt counter shared by the app instances: sign-in's per IP and per (account, IP) pair with its
 * lock (decision 015) and every rate limit's, keyed `limit:<name>:…` (decision 026). The name is from when
 * only sign-in counted; it is kept, as a rename migration would buy nothing. `failures` is the count.
 */
export const signInAttempts = pgTable('sign_in_attempts', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
});
