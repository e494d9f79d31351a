/**
 * The business's online store as the rest of the server sees it: Shopify's Admin GraphQL API, or the
 * built-in demo store that speaks the same API when no store is configured.
 */
export interface StoreClient {
  /** Shown in the admin beside everything that came from the store. */
  readonly label: 'Shopify' | 'Demo store';
  /**
   * Fulfils the order's open fulfillment orders (`fulfillmentCreate`). Safe to repeat: an order with nothing
   * left to fulfil answers the fulfillments it already has.
   */
  fulfillOrder(shopifyOrderId: string): Promise<{ fulfillmentIds: string[] }>;
  /** Every record of a kind, by bulk operation (`bulkOperationRunQuery`, then its JSONL result). */
  exportAll<K extends StoreKind>(kind: K): Promise<StoreRecordOf<K>[]>;
  /** One page of records changed at or after `since` (`updated_at:>=`), oldest first; `cursor` from the previous page. */
  changedSince<K extends StoreKind>(kind: K, since: Date, cursor?: string): Promise<{ items: StoreRecordOf<K>[]; nextCursor?: string }>;
  /** Subscribes `callbackUrl` to each topic (`webhookSubscriptionCreate`); answers every subscription the store now has. */
  registerWebhooks(callbackUrl: string, topics: readonly string[]): Promise<WebhookSubscription[]>;
  /** Every webhook subscription the store has now (`webhookSubscriptions`). */
  listWebhooks(): Promise<WebhookSubscription[]>;
  /** The key webhooks are signed with (HMAC-SHA256), or undefined when none is known (then every delivery is refused). */
  webhookSecret(): Promise<string | undefined>;
}

export type StoreKind = 'customers' | 'products' | 'orders';
export type StoreRecordOf<K extends StoreKind> = K extends 'customers' ? StoreCustomer : K extends 'products' ? StoreProduct : StoreOrder;

export interface WebhookSubscription {
  id: string;
  topic: string;
  callbackUrl: string;
}

export interface StoreAddressRecord {
  address1?: string;
  city?: string;
  province?: string;
  zip?: string;
  country?: string;
}

/** Ids are Shopify's GraphQL ids (gid://shopify/Customer/1); times ISO strings; money decimal strings. */
export interface StoreCustomer {
  id: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phone: string | null;
  state: string | null;
  note: string | null;
  tags: string;
  verifiedEmail: boolean;
  acceptsMarketing: boolean;
  totalSpent: string;
  currency: string;
  ordersCount: number;
  defaultAddress: StoreAddressRecord | null;
  addresses: StoreAddressRecord[];
  lastOrderId: string | null;
  lastOrderName: string | null;
  createdAt: string | null;
  updatedAt: string;
}

export interface StoreProduct {
  id: string;
  title: string;
  bodyHtml: string | null;
  vendor: string | null;
  productType: string | null;
  status: string | null;
  tags: string;
  handle: string | null;
  templateSuffix: string | null;
  variants: { id: string; title: string; price: string; sku?: string | null }[];
  createdAt: string | null;
  updatedAt: string;
  publishedAt: string | null;
}

export interface StoreOrder {
  id: string;
  /** '#1276' */
  name: string;
  /** '1276' */
  orderNumber: string;
  customerId: string | null;
  email: string | null;
  phone: string | null;
  customerName: string | null;
  totalPrice: string;
  subtotalPrice: string | null;
  totalTax: string | null;
  totalDiscounts: string | null;
  currency: string;
  /** Lower case, as the REST webhooks say: paid, pending, refunded, … */
  financialStatus: string | null;
  /** Lower case: fulfilled, partial, unfulfilled, or null */
  fulfillmentStatus: string | null;
  /** variantTitle: the variant bought ("SUV"), when the product has more than its default one. */
  lineItems: { name: string; quantity: number; price: string; productId?: string; variantTitle?: string }[];
  shippingAddress: StoreAddressRecord | null;
  billingAddress: StoreAddressRecord | null;
  note: string | null;
  tags: string;
  sourceName: string | null;
  cancelledAt: string | null;
  cancelReason: string | null;
  closedAt: string | null;
  processedAt: string | null;
  createdAt: string | null;
  updatedAt: string;
}

/** The store's topics the app subscribes to (webhookSubscriptionCreate), in Shopify's REST names. */
export const WEBHOOK_TOPICS = [
  'orders/create',
  'orders/updated',
  'orders/paid',
  'orders/cancelled',
  'customers/create',
  'customers/update',
  'products/create',
  'products/update',
  'app/uninstalled',
] as const;

/** Mandatory compliance topics: Shopify sends them to the URL in the app's configuration, not by subscription. */
export const COMPLIANCE_TOPICS = ['customers/data_request', 'customers/redact', 'shop/redact'] as const;

/** 'orders/paid' → 'ORDERS_PAID' (the GraphQL enum). */
export const topicEnum = (topic: string) => topic.replace('/', '_').toUpperCase();
/** 'ORDERS_PAID' → 'orders/paid'. */
export const topicName = (value: string) => value.toLowerCase().replace('_', '/');
