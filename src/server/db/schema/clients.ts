import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/**
 * Every person who books — an account, a web guest, a phone appointment, a store order — is one client
 * (docs/decisions/039-clients.md). A booking points at its client; an account has at most one. A client
 * merged into another keeps its row (`merged_into`) and drops out of every list and match.
 */
export const clients = pgTable(
  'clients',
  {
    id: id(),
    name: text('name'),
    /** Stored lower-cased; at most one live client per address. */
    email: text('email'),
    /** As given (E.164 when it is a US number). */
    phone: text('phone'),
    /** The phone's last ten digits: what two ways of writing one number share (matching and search). */
    phoneDigits: text('phone_digits'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    notes: text('notes').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    marketingConsent: boolean('marketing_consent').notNull().default(false),
    mergedInto: uuid('merged_into').references((): AnyPgColumn => clients.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('clients_user_uq').on(t.userId),
    uniqueIndex('clients_live_email_uq').on(t.email).where(sql`${t.mergedInto} is null`),
    index('clients_phone_digits_idx').on(t.phoneDigits),
    index('clients_merged_into_idx').on(t.mergedInto),
    index('clients_created_idx').on(t.createdAt),
  ],
);
