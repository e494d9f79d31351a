import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { bookings } from './bookings';
import { createdAt, id, money } from './columns';
import type { SizeClass } from '../../../shared/domain';
import { addOns, services } from './services';
import { users } from './users';

/** The mirror of the Shopify store: customers, products, orders, webhook events and sync progress. */
export const shopifyCustomers = pgTable(
  'shopify_customers',
  {
    id: id(),
    shopifyCustomerId: text('shopify_customer_id').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    acceptsMarketing: boolean('accepts_marketing').notNull().default(false),
    verifiedEmail: boolean('verified_email').notNull().default(false),
    state: text('state'),
    note: text('note'),
    currency: text('currency').notNull().default('USD'),
    tags: text('tags'),
    totalSpent: money('total_spent').notNull().default('0'),
    ordersCount: integer('orders_count').notNull().default(0),
    addresses: jsonb('addresses').$type<unknown[]>().notNull().default([]),
    defaultAddress: jsonb('default_address'),
    marketingOptInLevel: text('marketing_opt_in_level'),
    lastOrderId: text('last_order_id'),
    lastOrderName: text('last_order_name'),
    shopifyCreatedAt: timestamp('shopify_created_at', { withTimezone: true }),
    shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shopify_customers_email_idx').on(t.email)],
);

export const shopifyProducts = pgTable('shopify_products', {
  id: id(),
  shopifyProductId: text('shopify_product_id').notNull().unique(),
  serviceId: uuid('service_id').references(() => services.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  bodyHtml: text('body_html'),
  vendor: text('vendor'),
  productType: text('product_type'),
  status: text('status'),
  tags: text('tags'),
  variants: jsonb('variants').$type<unknown[]>().notNull().default([]),
  images: jsonb('images').$type<unknown[]>().notNull().default([]),
  options: jsonb('options').$type<unknown[]>().notNull().default([]),
  handle: text('handle'),
  templateSuffix: text('template_suffix'),
  publishedScope: text('published_scope').notNull().default('web'),
  shopifyCreatedAt: timestamp('shopify_created_at', { withTimezone: true }),
  shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }),
  publishedAt: timestamp('published_at', { withTimezone: true }),
  syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
});

export interface StoreAddress {
  address1?: string;
  city?: string;
  province?: string;
  zip?: string;
  country?: string;
}

export const shopifyOrders = pgTable(
  'shopify_orders',
  {
    id: id(),
    shopifyOrderId: text('shopify_order_id').notNull().unique(),
    shopifyCustomerId: text('shopify_customer_id'),
    orderNumber: text('order_number').notNull(),
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    totalPrice: money('total_price').notNull().default('0'),
    subtotalPrice: money('subtotal_price'),
    totalTax: money('total_tax'),
    totalDiscounts: money('total_discounts'),
    currency: text('currency').notNull().default('USD'),
    financialStatus: text('financial_status'),
    fulfillmentStatus: text('fulfillment_status'),
    orderStatus: text('order_status'),
    lineItems: jsonb('line_items').$type<{ name: string; quantity: number; price: string; productId?: string; variantTitle?: string | null }[]>().notNull().default([]),
    shippingAddress: jsonb('shipping_address').$type<StoreAddress | null>(),
    billingAddress: jsonb('billing_address').$type<StoreAddress | null>(),
    shippingLines: jsonb('shipping_lines').$type<unknown[]>().notNull().default([]),
    taxLines: jsonb('tax_lines').$type<unknown[]>().notNull().default([]),
    discountCodes: jsonb('discount_codes').$type<unknown[]>().notNull().default([]),
    note: text('note'),
    tags: text('tags'),
    sourceName: text('source_name'),
    sourceIdentifier: text('source_identifier'),
    salesChannel: text('sales_channel').notNull().default('other'),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'set null' }),
    shouldSendBookingEmail: boolean('should_send_booking_email').notNull().default(true),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    scheduleEmailSentAt: timestamp('schedule_email_sent_at', { withTimezone: true }),
    /**
     * Fulfilment in the store once the linked booking is completed (features/store-orders/fulfilment.ts):
     * requested in the completing transaction, then done by a pg-boss job that retries on failure.
     */
    fulfillmentRequestedAt: timestamp('fulfillment_requested_at', { withTimezone: true }),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    fulfillmentAttempts: integer('fulfillment_attempts').notNull().default(0),
    fulfillmentError: text('fulfillment_error'),
    shopifyCreatedAt: timestamp('shopify_created_at', { withTimezone: true }),
    /** The store's updated_at of the version mirrored: an older event or page never overwrites a newer one. */
    shopifyUpdatedAt: timestamp('shopify_updated_at', { withTimezone: true }),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('shopify_orders_number_idx').on(t.orderNumber), index('shopify_orders_email_idx').on(t.email), index('shopify_orders_booking_idx').on(t.bookingId)],
);

export const shopifyWebhookEvents = pgTable(
  'shopify_webhook_events',
  {
    id: id(),
    /**
     * The X-Shopify-Webhook-Id, so a redelivered event is stored once; for a delivery without one,
     * `sha256:<topic>:<hex of the body>` for a day (features/store-mirror/webhooks.service.ts).
     */
    webhookId: text('webhook_id').unique(),
    topic: text('topic').notNull(),
    shopifyId: text('shopify_id'),
    processed: boolean('processed').notNull().default(false),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    retryCount: integer('retry_count').notNull().default(0),
    error: text('error'),
    payload: jsonb('payload'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
  },
  (t) => [index('shopify_webhook_events_created_idx').on(t.createdAt)],
);

export interface SyncCounts {
  total: number;
  synced: number;
  errors: number;
}

/** A single row (id 'store') carrying the state of the latest sync. */
export const shopifySyncStatus = pgTable('shopify_sync_status', {
  id: text('id').primaryKey().default('store'),
  status: text('status').$type<'idle' | 'running' | 'completed' | 'error'>().notNull().default('idle'),
  startedAt: timestamp('started_at', { withTimezone: true }),
  completedAt: timestamp('completed_at', { withTimezone: true }),
  error: text('error'),
  customers: jsonb('customers').$type<SyncCounts>().notNull().default({ total: 0, synced: 0, errors: 0 }),
  products: jsonb('products').$type<SyncCounts>().notNull().default({ total: 0, synced: 0, errors: 0 }),
  orders: jsonb('orders').$type<SyncCounts>().notNull().default({ total: 0, synced: 0, errors: 0 }),
});

export const shopifyCustomerMappings = pgTable('shopify_customer_mappings', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  shopifyCustomerId: text('shopify_customer_id').notNull(),
  syncStatus: text('sync_status').notNull().default('active'),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * What a store product sells (docs/decisions/044): a service or an add-on (one of the two), and the vehicle size
 * it is sold for — one size for the whole product, or one per variant title ("SUV", "Sedan"); an unnamed size
 * is a sedan. Made by the sync from a product's tags, then kept and edited on /admin/shopify.
 */
export const shopifyProductMappings = pgTable('shopify_product_mappings', {
  id: id(),
  serviceId: uuid('service_id').references(() => services.id, { onDelete: 'cascade' }),
  addOnId: uuid('add_on_id').references(() => addOns.id, { onDelete: 'cascade' }),
  sizeClass: text('size_class').$type<SizeClass>(),
  /** Variant title → size class, for a product sold per size ("SUV" → suv). */
  variantSizes: jsonb('variant_sizes').$type<Record<string, SizeClass>>().notNull().default({}),
  shopifyProductId: text('shopify_product_id').notNull().unique(),
  syncStatus: text('sync_status').notNull().default('active'),
  priceSync: boolean('price_sync').notNull().default(true),
  bookingRequired: boolean('booking_required').notNull().default(true),
  lastSyncAt: timestamp('last_sync_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Small store settings by key: the demo store's generated webhook secret. */
export const storeSettings = pgTable('store_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});
