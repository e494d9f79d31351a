import { desc, sql } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import type { StoreCustomerView, StoreOrderView, WebhookEventView } from '../../../shared/schemas/store-mirror';
import type { DbOrTx } from '../../db/client';
import { shopifyCustomers, shopifyOrders, shopifyWebhookEvents } from '../../db/schema';

const iso = (d: Date | null) => d?.toISOString() ?? null;
const count = (db: DbOrTx, table: typeof shopifyCustomers | typeof shopifyOrders | typeof shopifyWebhookEvents) =>
  db.select({ value: sql<number>`count(*)::int` }).from(table).then((rows) => rows[0]?.value ?? 0);
const window = (q: PageQuery) => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** The mirror's customers, most recently synced first. */
export async function listStoreCustomers(db: DbOrTx, q: PageQuery): Promise<Page<StoreCustomerView>> {
  const { limit, offset } = window(q);
  const [rows, total] = await Promise.all([
    db.select().from(shopifyCustomers).orderBy(desc(shopifyCustomers.shopifyUpdatedAt), desc(shopifyCustomers.id)).limit(limit).offset(offset),
    count(db, shopifyCustomers),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    shopifyCustomerId: r.shopifyCustomerId,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    totalSpent: r.totalSpent,
    ordersCount: r.ordersCount,
    syncedAt: r.syncedAt.toISOString(),
    userId: r.userId,
  }));
  return { items, page: q.page, pageSize: q.pageSize, total };
}

/** The mirror's orders, newest first. */
export async function listStoreOrders(db: DbOrTx, q: PageQuery): Promise<Page<StoreOrderView>> {
  const { limit, offset } = window(q);
  const [rows, total] = await Promise.all([
    db.select().from(shopifyOrders).orderBy(sql`${shopifyOrders.shopifyCreatedAt} desc nulls last`, desc(shopifyOrders.id)).limit(limit).offset(offset),
    count(db, shopifyOrders),
  ]);
  const items = rows.map((r) => ({
    id: r.id,
    shopifyOrderId: r.shopifyOrderId,
    orderNumber: r.orderNumber,
    name: r.name,
    email: r.email,
    phone: r.phone,
    totalPrice: r.totalPrice,
    currency: r.currency,
    financialStatus: r.financialStatus,
    fulfillmentStatus: r.fulfillmentStatus,
    createdAt: iso(r.shopifyCreatedAt),
    lineItems: r.lineItems.map((li) => ({ name: li.name, quantity: li.quantity, price: li.price })),
    shippingAddress: r.shippingAddress ?? null,
    billingAddress: r.billingAddress ?? null,
    bookingId: r.bookingId,
    cancelledAt: iso(r.cancelledAt),
  }));
  return { items, page: q.page, pageSize: q.pageSize, total };
}

/** Webhook events, newest first. */
export async function listWebhookEvents(db: DbOrTx, q: PageQuery): Promise<Page<WebhookEventView>> {
  const { limit, offset } = window(q);
  const [rows, total] = await Promise.all([
    db
      .select({
        id: shopifyWebhookEvents.id,
        topic: shopifyWebhookEvents.topic,
        shopifyId: shopifyWebhookEvents.shopifyId,
        createdAt: shopifyWebhookEvents.createdAt,
        processed: shopifyWebhookEvents.processed,
        processedAt: shopifyWebhookEvents.processedAt,
        retryCount: shopifyWebhookEvents.retryCount,
        error: shopifyWebhookEvents.error,
      })
      .from(shopifyWebhookEvents)
      .orderBy(desc(shopifyWebhookEvents.createdAt), desc(shopifyWebhookEvents.id))
      .limit(limit)
      .offset(offset),
    count(db, shopifyWebhookEvents),
  ]);
  const items = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), processedAt: iso(r.processedAt) }));
  return { items, page: q.page, pageSize: q.pageSize, total };
}
