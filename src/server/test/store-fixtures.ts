import type { StoreClient } from '../integrations/shopify';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { SizeClass } from '../../shared/domain';
import { shopifyOrders, shopifyProductMappings, shopifyProducts, type StoreAddress } from '../db/schema';

/**
 * Test factory for the store mirror (what the sync writes): a mirrored order with line items whose products
 * map to services. Until the sync lands in tests, suites insert orders with this directly.
 */
export interface StoreOrderInput {
  orderNumber: string;
  email: string;
  financialStatus?: string;
  fulfillmentStatus?: string | null;
  totalPrice?: string;
  currency?: string;
  phone?: string | null;
  lineItems?: { name: string; quantity: number; price: string }[];
  /** Each id gets a mirrored product mapped to that service, and a line item for it. */
  productServiceIds?: string[];
  /** Mapped products with their own line: a service or an add-on, at a price, optionally per variant size. */
  mappedLines?: { kind: 'service' | 'add_on'; itemId: string; name: string; price: string; quantity?: number; variantTitle?: string; variantSizes?: Record<string, SizeClass> }[];
  totalTax?: string;
  shippingAddress?: StoreAddress | null;
  createdAt?: Date;
  cancelledAt?: Date | null;
}

export async function insertStoreOrder(db: DbOrTx, input: StoreOrderInput) {
  const items: { name: string; quantity: number; price: string; productId?: string; variantTitle?: string }[] = [...(input.lineItems ?? [])];
  for (const serviceId of input.productServiceIds ?? []) {
    const productId = `gid://shopify/Product/${randomUUID()}`;
    await db.insert(shopifyProducts).values({ shopifyProductId: productId, serviceId, title: `Product for ${serviceId}` });
    await db.insert(shopifyProductMappings).values({ shopifyProductId: productId, serviceId });
    items.push({ name: 'Detailing service', quantity: 1, price: input.totalPrice ?? '189.00', productId });
  }
  for (const line of input.mappedLines ?? []) {
    const productId = `gid://shopify/Product/${randomUUID()}`;
    const serviceId = line.kind === 'service' ? line.itemId : null;
    await db.insert(shopifyProducts).values({ shopifyProductId: productId, serviceId, title: line.name });
    await db.insert(shopifyProductMappings).values({ shopifyProductId: productId, serviceId, addOnId: line.kind === 'add_on' ? line.itemId : null, variantSizes: line.variantSizes ?? {} });
    items.push({ name: line.name, quantity: line.quantity ?? 1, price: line.price, productId, ...(line.variantTitle ? { variantTitle: line.variantTitle } : {}) });
  }
  const [order] = await db
    .insert(shopifyOrders)
    .values({
      shopifyOrderId: `gid://shopify/Order/${randomUUID()}`,
      orderNumber: input.orderNumber,
      name: `#${input.orderNumber}`,
      email: input.email,
      phone: input.phone ?? null,
      totalPrice: input.totalPrice ?? '189.00',
      totalTax: input.totalTax ?? null,
      currency: input.currency ?? 'USD',
      financialStatus: input.financialStatus ?? 'paid',
      fulfillmentStatus: input.fulfillmentStatus ?? null,
      lineItems: items,
      shippingAddress: input.shippingAddress === undefined ? { address1: '425 Park Ave', city: 'San Jose', province: 'CA', zip: '95110', country: 'US' } : input.shippingAddress,
      shopifyCreatedAt: input.createdAt ?? new Date('2026-05-30T18:00:00Z'),
      cancelledAt: input.cancelledAt ?? null,
    })
    .returning();
  return order!;
}

export async function storeOrderRow(db: DbOrTx, id: string) {
  const [row] = await db.select().from(shopifyOrders).where(eq(shopifyOrders.id, id));
  return row!;
}

/** A StoreClient that records its calls; `failures` makes the next N calls throw. */
export function recordingStore(options: { failures?: number } = {}): { calls: string[]; client: StoreClient } {
  const calls: string[] = [];
  let failures = options.failures ?? 0;
  return {
    calls,
    client: {
      label: 'Demo store' as const,
      // Only fulfilment is recorded; the sync side of the store is not what these tests look at.
      exportAll: () => Promise.reject(new Error('recordingStore records fulfilments only')),
      changedSince: () => Promise.reject(new Error('recordingStore records fulfilments only')),
      registerWebhooks: () => Promise.reject(new Error('recordingStore records fulfilments only')),
      listWebhooks: () => Promise.reject(new Error('recordingStore records fulfilments only')),
      webhookSecret: () => Promise.resolve(undefined),
      async fulfillOrder(shopifyOrderId: string) {
        calls.push(shopifyOrderId);
        if (failures > 0) {
          failures -= 1;
          throw new Error('The store is unavailable (503)');
        }
        return { fulfillmentIds: [`gid://shopify/Fulfillment/${calls.length}`] };
      },
    },
  };
}
