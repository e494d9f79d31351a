import type { Gql } from './graphql-records';
import type { StoreAddressRecord, StoreCustomer, StoreOrder, StoreProduct } from './store-client';

/**
 * Webhook payloads are Shopify's REST resources (snake_case, numeric ids beside admin_graphql_api_id);
 * these turn them into the same store records the GraphQL reads produce, so the mirror has one input shape.
 */
type Json = Record<string, Gql>;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : typeof value === 'number' ? String(value) : null);
const gidOf = (payload: Json | null | undefined, type: string): string | null => {
  if (!payload) return null;
  if (typeof payload.admin_graphql_api_id === 'string') return payload.admin_graphql_api_id;
  return payload.id !== undefined && payload.id !== null ? `gid://shopify/${type}/${payload.id}` : null;
};
const address = (a: Json | null | undefined): StoreAddressRecord | null =>
  a ? { address1: a.address1 ?? undefined, city: a.city ?? undefined, province: a.province ?? undefined, zip: a.zip ?? undefined, country: a.country ?? undefined } : null;

export class PayloadError extends Error {}

function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined || value === '') throw new PayloadError(`The payload has no ${what}`);
  return value;
}

export function customerFromRest(p: Json): StoreCustomer {
  const defaultAddress = address(p.default_address);
  return {
    id: required(gidOf(p, 'Customer'), 'customer id'),
    firstName: text(p.first_name),
    lastName: text(p.last_name),
    email: text(p.email)?.toLowerCase() ?? null,
    phone: text(p.phone),
    state: text(p.state),
    note: text(p.note),
    tags: text(p.tags) ?? '',
    verifiedEmail: Boolean(p.verified_email),
    acceptsMarketing: p.email_marketing_consent?.state === 'subscribed' || p.accepts_marketing === true,
    totalSpent: text(p.total_spent) ?? '0',
    currency: text(p.currency) ?? 'USD',
    ordersCount: Number(p.orders_count ?? 0),
    defaultAddress,
    addresses: Array.isArray(p.addresses) ? p.addresses.map((a: Json) => address(a)!).filter(Boolean) : defaultAddress ? [defaultAddress] : [],
    lastOrderId: p.last_order_id ? `gid://shopify/Order/${p.last_order_id}` : null,
    lastOrderName: text(p.last_order_name),
    createdAt: text(p.created_at),
    updatedAt: required(text(p.updated_at), 'updated_at'),
  };
}

export function productFromRest(p: Json): StoreProduct {
  return {
    id: required(gidOf(p, 'Product'), 'product id'),
    title: required(text(p.title), 'title'),
    bodyHtml: text(p.body_html),
    vendor: text(p.vendor),
    productType: text(p.product_type),
    status: text(p.status),
    tags: text(p.tags) ?? '',
    handle: text(p.handle),
    templateSuffix: text(p.template_suffix),
    variants: Array.isArray(p.variants) ? p.variants.map((v: Json) => ({ id: gidOf(v, 'ProductVariant')!, title: String(v.title ?? ''), price: String(v.price ?? '0'), sku: v.sku ?? null })) : [],
    createdAt: text(p.created_at),
    updatedAt: required(text(p.updated_at), 'updated_at'),
    publishedAt: text(p.published_at),
  };
}

export function orderFromRest(p: Json): StoreOrder {
  const name = text(p.name) ?? (p.order_number ? `#${p.order_number}` : null);
  const customerName = [p.customer?.first_name, p.customer?.last_name].filter(Boolean).join(' ');
  return {
    id: required(gidOf(p, 'Order'), 'order id'),
    name: required(name, 'order name'),
    orderNumber: text(p.order_number) ?? name!.replace(/^#/, ''),
    customerId: gidOf(p.customer, 'Customer'),
    email: (text(p.email) ?? text(p.contact_email))?.toLowerCase() ?? null,
    phone: text(p.phone),
    customerName: customerName || null,
    totalPrice: text(p.total_price) ?? '0',
    subtotalPrice: text(p.subtotal_price),
    totalTax: text(p.total_tax),
    totalDiscounts: text(p.total_discounts),
    currency: text(p.currency) ?? 'USD',
    financialStatus: text(p.financial_status),
    fulfillmentStatus: text(p.fulfillment_status),
    lineItems: Array.isArray(p.line_items)
      ? p.line_items.map((li: Json) => ({
          name: String(li.name ?? li.title ?? ''),
          quantity: Number(li.quantity ?? 1),
          price: String(li.price ?? '0'),
          ...(li.product_id ? { productId: `gid://shopify/Product/${li.product_id}` } : {}),
          ...(li.variant_title ? { variantTitle: String(li.variant_title) } : {}),
        }))
      : [],
    shippingAddress: address(p.shipping_address),
    billingAddress: address(p.billing_address),
    note: text(p.note),
    tags: text(p.tags) ?? '',
    sourceName: text(p.source_name),
    cancelledAt: text(p.cancelled_at),
    cancelReason: text(p.cancel_reason),
    closedAt: text(p.closed_at),
    processedAt: text(p.processed_at),
    createdAt: text(p.created_at),
    updatedAt: required(text(p.updated_at), 'updated_at'),
  };
}
