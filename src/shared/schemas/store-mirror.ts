import { z } from 'zod';
import { SIZE_CLASSES } from '../domain';
import { pageQuery } from './common';

/** /admin/shopify's contract: sync, the store's customers and orders, webhook events. */
export const SYNC_STATES = ['idle', 'running', 'completed', 'error'] as const;
export type SyncState = (typeof SYNC_STATES)[number];

export const STORE_LABELS = ['Shopify', 'Demo store'] as const;

const counts = z.object({ total: z.number(), synced: z.number(), errors: z.number() });
export type SyncCountsView = z.infer<typeof counts>;

export const syncStatusResponse = z.object({
  status: z.enum(SYNC_STATES),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  error: z.string().nullable(),
  customers: counts,
  products: counts,
  orders: counts,
  /** Which store the admin is looking at: 'Demo store' when no Shopify store is configured. */
  store: z.enum(STORE_LABELS),
  /** The next sync imports everything (by bulk operation) rather than only what changed since the last one. */
  fullImportNext: z.boolean(),
  /** When the last completed run read only what changed: the time it read changes since; null after a full import. */
  changesSince: z.string().nullable(),
});
export type SyncStatusResponse = z.infer<typeof syncStatusResponse>;

export const syncStartResponse = z.object({ message: z.string(), status: syncStatusResponse });
export type SyncStartResponse = z.infer<typeof syncStartResponse>;

export const storeListQuery = pageQuery;

export const storeCustomerView = z.object({
  id: z.string(),
  shopifyCustomerId: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string().nullable(),
  totalSpent: z.string(),
  ordersCount: z.number(),
  syncedAt: z.string(),
  /** Linked to an account with the same e-mail. */
  userId: z.string().nullable(),
});
export type StoreCustomerView = z.infer<typeof storeCustomerView>;

export const storeAddress = z.object({
  address1: z.string().optional(),
  city: z.string().optional(),
  province: z.string().optional(),
  zip: z.string().optional(),
  country: z.string().optional(),
});

export const storeLineItem = z.object({ name: z.string(), quantity: z.number(), price: z.string() });

/** A mirrored order: what every view of it (the Orders tab, fulfilment, the customer's lookup) shows. */
export const storeOrderBase = z.object({
  id: z.string(),
  shopifyOrderId: z.string(),
  orderNumber: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  totalPrice: z.string(),
  currency: z.string(),
  financialStatus: z.string().nullable(),
  fulfillmentStatus: z.string().nullable(),
  lineItems: z.array(storeLineItem),
  shippingAddress: storeAddress.nullable(),
  billingAddress: storeAddress.nullable(),
  bookingId: z.string().nullable(),
});

/** The Orders tab of /admin/shopify. */
export const storeOrderView = storeOrderBase.extend({
  createdAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
});
export type StoreOrderView = z.infer<typeof storeOrderView>;

export const webhookEventView = z.object({
  id: z.string(),
  topic: z.string(),
  shopifyId: z.string().nullable(),
  createdAt: z.string(),
  processed: z.boolean(),
  processedAt: z.string().nullable(),
  retryCount: z.number(),
  error: z.string().nullable(),
});
export type WebhookEventView = z.infer<typeof webhookEventView>;

const webhookSubscriptionView = z.object({ id: z.string(), topic: z.string(), callbackUrl: z.string() });

export const registerWebhooksResponse = z.object({
  message: z.string(),
  callbackUrl: z.string(),
  registered: z.array(webhookSubscriptionView),
});
export type RegisterWebhooksResponse = z.infer<typeof registerWebhooksResponse>;

/** The store's webhook subscriptions as it lists them now (a store has a few dozen at most: one answer). */
export const registeredWebhooksResponse = z.object({ callbackUrl: z.string(), items: z.array(webhookSubscriptionView) });
export type RegisteredWebhooksResponse = z.infer<typeof registeredWebhooksResponse>;

export const webhookReceivedResponse = z.object({ received: z.literal(true), duplicate: z.literal(true).optional() });

/**
 * What a store product sells (docs/decisions/044): a service or an add-on, and the vehicle size it is sold for —
 * `sizeClass` for the whole product, `variantSizes` per variant title ("SUV" → suv); neither means a sedan.
 */
export const productMappingRequest = z.object({
  kind: z.enum(['service', 'add_on'], { error: 'Please choose whether the product sells a service or an add-on' }),
  itemId: z.uuid({ error: 'Please choose the service or add-on the product sells' }),
  sizeClass: z.enum(SIZE_CLASSES, { error: 'Size must be sedan, suv or oversize' }).nullable().default(null),
  variantSizes: z
    .record(z.string().trim().min(1).max(200), z.enum(SIZE_CLASSES, { error: 'Size must be sedan, suv or oversize' }))
    .refine((sizes) => Object.keys(sizes).length <= 50, { error: 'At most 50 variant sizes' })
    .default({}),
});
export type ProductMappingRequest = z.input<typeof productMappingRequest>;

export const productMappingView = z.object({
  kind: z.enum(['service', 'add_on']),
  itemId: z.string(),
  itemName: z.string(),
  sizeClass: z.enum(SIZE_CLASSES).nullable(),
  variantSizes: z.record(z.string(), z.enum(SIZE_CLASSES)),
});
export type ProductMappingView = z.infer<typeof productMappingView>;

/** A row of /admin/shopify's Products tab: the mirrored product, its variants and what it sells (null: not mapped). */
export const storeProductView = z.object({
  shopifyProductId: z.string(),
  title: z.string(),
  variants: z.array(z.object({ title: z.string(), price: z.string() })),
  mapping: productMappingView.nullable(),
});
export type StoreProductView = z.infer<typeof storeProductView>;

export const storeProductParam = z.object({ productId: z.string().trim().min(1, { error: 'Not a valid product id' }).max(200, { error: 'Not a valid product id' }) });
