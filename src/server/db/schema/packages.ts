import { boolean, index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';
import { services } from './services';
import { users } from './users';

export const packages = pgTable('packages', {
  id: id(),
  name: text('name').notNull(),
  description: text('description'),
  serviceId: uuid('service_id')
    .notNull()
    .references(() => services.id, { onDelete: 'restrict' }),
  serviceCount: integer('service_count').notNull().default(10),
  originalPrice: money('original_price').notNull(),
  packagePrice: money('package_price').notNull(),
  discount: numeric('discount', { precision: 5, scale: 2 }).notNull().default('0'),
  isActive: boolean('is_active').notNull().default(true),
  sendNotificationEmail: boolean('send_notification_email').notNull().default(true),
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
    status: text('status').notNull().default('active'),
    paymentStatus: text('payment_status').notNull().default('paid'),
    paymentIntentId: text('payment_intent_id'),
    createdAt: createdAt(),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [index('package_purchases_user_idx').on(t.userId)],
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
