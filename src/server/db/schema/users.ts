import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Role } from '../../../shared/domain';
import type { UserSettings } from '../../../shared/schemas/settings';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    fullName: text('full_name').notNull().default('Admin User'),
    username: text('username').notNull().unique(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    phone: text('phone'),
    role: text('role').$type<Role>().notNull().default('customer'),
    stripeCustomerId: text('stripe_customer_id'),
    emailVerified: boolean('email_verified').notNull().default(false),
    verificationTokenHash: text('verification_token_hash'),
    verificationExpiry: timestamp('verification_expiry', { withTimezone: true }),
    resetPasswordTokenHash: text('reset_password_token_hash'),
    resetPasswordExpiry: timestamp('reset_password_expiry', { withTimezone: true }),
    settings: jsonb('settings').$type<Partial<UserSettings>>().notNull().default({}),
    notificationsReadAt: timestamp('notifications_read_at', { withTimezone: true }),
    isDisabled: boolean('is_disabled').notNull().default(false),
    /** Set when an account is deleted: personal data is erased, bookings stay. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('users_role_idx').on(t.role),
    uniqueIndex('users_verification_token_idx').on(t.verificationTokenHash),
    uniqueIndex('users_reset_token_idx').on(t.resetPasswordTokenHash),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Hard end of the session (12 hours for admins); null means only the 30-day idle rule applies. */
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    street: text('street').notNull(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    zipCode: text('zip_code').notNull(),
    latitude: text('latitude'),
    longitude: text('longitude'),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_user_idx').on(t.userId),
    // Exactly one default per customer is kept by the service; at most one is guaranteed here.
    uniqueIndex('addresses_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);

export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull().default('test'),
    /** The card provider's PaymentMethod id (a local id for the test provider). */
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expiryMonth: integer('expiry_month').notNull(),
    expiryYear: integer('expiry_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_methods_user_idx').on(t.userId),
    uniqueIndex('payment_methods_one_default_idx').on(t.userId).where(sql`${t.isDefault}`),
  ],
);
