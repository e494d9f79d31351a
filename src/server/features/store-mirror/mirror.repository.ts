import { and, eq, getTableColumns, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { SIZE_CLASSES, type SizeClass } from '../../../shared/domain';
import { addOns, services, shopifyCustomerMappings, shopifyCustomers, shopifyOrders, shopifyProductMappings, shopifyProducts, users } from '../../db/schema';
import type { StoreCustomer, StoreOrder, StoreProduct } from '../../integrations/shopify/store-client';

/**
 * The one writer of the store mirror (shopify_customers, shopify_products, shopify_orders and the
 * mappings). Every write is an upsert keyed by the store's id, so a re-run, a resumed sync or a
 * redelivered webhook never duplicates; and the store's updated_at decides: an older version (a late
 * webhook, a page read before a change) never overwrites a newer one.
 */

const date = (value: string | null | undefined) => (value ? new Date(value) : null);

/** `set` for ON CONFLICT: every named column from the incoming row (excluded.*). */
function fromExcluded<T extends PgTable>(table: T, keys: (keyof T['$inferInsert'])[]): Record<string, SQL> {
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  return Object.fromEntries(keys.map((key) => [key, sql.raw(`excluded."${columns[key as string]!.name}"`)]));
}

/** Newer wins: the stored row is replaced only by a version at least as new. */
const newerWins = (column: PgColumn) => sql`${column} is null or ${column} <= excluded.${sql.identifier(column.name)}`;

type MirrorTable = typeof shopifyCustomers | typeof shopifyProducts | typeof shopifyOrders;

/** Insert, or replace every column but the key when the incoming version is at least as new; the rows written. */
async function upsertNewerWins<T extends MirrorTable>(db: DbOrTx, table: T, key: PgColumn, row: T['$inferInsert']): Promise<T['$inferSelect'][]> {
  const keys = Object.keys(row).filter((k) => (getTableColumns(table) as Record<string, PgColumn>)[k] !== key) as (keyof T['$inferInsert'])[];
  const mirror = table as typeof shopifyOrders;
  return (await db
    .insert(mirror)
    .values(row as typeof shopifyOrders.$inferInsert)
    .onConflictDoUpdate({ target: key, set: fromExcluded(table, keys), setWhere: newerWins(mirror.shopifyUpdatedAt) })
    .returning()) as T['$inferSelect'][];
}

export interface UpsertResult {
  /** False when the stored version was newer and nothing changed. */
  applied: boolean;
}

export async function upsertCustomer(db: DbOrTx, c: StoreCustomer, now: Date): Promise<UpsertResult> {
  const row = {
    shopifyCustomerId: c.id,
    firstName: c.firstName,
    lastName: c.lastName,
    email: c.email,
    phone: c.phone,
    acceptsMarketing: c.acceptsMarketing,
    verifiedEmail: c.verifiedEmail,
    state: c.state,
    note: c.note,
    currency: c.currency,
    tags: c.tags,
    totalSpent: c.totalSpent,
    ordersCount: c.ordersCount,
    addresses: c.addresses,
    defaultAddress: c.defaultAddress,
    lastOrderId: c.lastOrderId,
    lastOrderName: c.lastOrderName,
    shopifyCreatedAt: date(c.createdAt),
    shopifyUpdatedAt: date(c.updatedAt),
    syncedAt: now,
  };
  const written = await upsertNewerWins(db, shopifyCustomers, shopifyCustomers.shopifyCustomerId, row);
  if (written.length && c.email) await linkCustomerByEmail(db, c.id, c.email, now);
  return { applied: written.length > 0 };
}

/** A store customer and the account with the same e-mail belong together (shopify_customer_mappings). */
async function linkCustomerByEmail(db: DbOrTx, shopifyCustomerId: string, email: string, now: Date): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  if (!user) return;
  await db.update(shopifyCustomers).set({ userId: user.id }).where(eq(shopifyCustomers.shopifyCustomerId, shopifyCustomerId));
  await db
    .insert(shopifyCustomerMappings)
    .values({ userId: user.id, shopifyCustomerId, lastSyncAt: now })
    .onConflictDoUpdate({ target: shopifyCustomerMappings.userId, set: { shopifyCustomerId, lastSyncAt: now } });
}

/**
 * A new account and the store customer with its e-mail belong together, if one was synced: the customer row
 * points at the account and the mapping is made (an existing mapping of that customer is kept).
 */
export async function linkRegisteredAccount(db: DbOrTx, account: { userId: string; email: string }, now: Date): Promise<void> {
  const [customer] = await db
    .select({ id: shopifyCustomers.id, shopifyCustomerId: shopifyCustomers.shopifyCustomerId })
    .from(shopifyCustomers)
    .where(sql`lower(${shopifyCustomers.email}) = ${account.email}`)
    .limit(1);
  if (!customer) return;
  await db.update(shopifyCustomers).set({ userId: account.userId }).where(eq(shopifyCustomers.id, customer.id));
  await db.insert(shopifyCustomerMappings).values({ userId: account.userId, shopifyCustomerId: customer.shopifyCustomerId, lastSyncAt: now }).onConflictDoNothing();
}

export async function upsertProduct(db: DbOrTx, p: StoreProduct, now: Date): Promise<UpsertResult> {
  const row = {
    shopifyProductId: p.id,
    title: p.title,
    bodyHtml: p.bodyHtml,
    vendor: p.vendor,
    productType: p.productType,
    status: p.status,
    tags: p.tags,
    variants: p.variants,
    handle: p.handle,
    templateSuffix: p.templateSuffix,
    shopifyCreatedAt: date(p.createdAt),
    shopifyUpdatedAt: date(p.updatedAt),
    publishedAt: date(p.publishedAt),
    syncedAt: now,
  };
  const written = await upsertNewerWins(db, shopifyProducts, shopifyProducts.shopifyProductId, row);
  if (written.length) await mapProductToService(db, p, now);
  return { applied: written.length > 0 };
}

/**
 * Products map to services or add-ons (docs/decisions/044): a mapping already made — by the sync or the admin — is
 * kept; otherwise a `service:<slug>` tag, the handle equal to a service's slug, or the title equal to a service's
 * name; else an `add-on:<slug>` tag. A `vehicle:<size>` tag names the size the product is sold for.
 */
async function mapProductToService(db: DbOrTx, p: StoreProduct, now: Date): Promise<void> {
  const [existing] = await db.select({ serviceId: shopifyProductMappings.serviceId }).from(shopifyProductMappings).where(eq(shopifyProductMappings.shopifyProductId, p.id));
  if (existing) {
    await db.update(shopifyProducts).set({ serviceId: existing.serviceId }).where(eq(shopifyProducts.shopifyProductId, p.id));
    return;
  }
  const tags = p.tags.split(',').map((t) => t.trim());
  const tagged = (prefix: string) => tags.find((t) => t.startsWith(prefix))?.slice(prefix.length);
  const candidates = [tagged('service:'), p.handle].filter((v): v is string => !!v);
  const [bySlug] = candidates.length ? await db.select({ id: services.id }).from(services).where(inArray(services.slug, candidates)).limit(1) : [];
  const [byName] = bySlug ? [] : await db.select({ id: services.id }).from(services).where(sql`lower(${services.name}) = ${p.title.toLowerCase()}`).limit(1);
  const serviceId = bySlug?.id ?? byName?.id ?? null;
  const addOnSlug = serviceId ? undefined : tagged('add-on:');
  const [addOn] = addOnSlug ? await db.select({ id: addOns.id }).from(addOns).where(eq(addOns.slug, addOnSlug)).limit(1) : [];
  if (!serviceId && !addOn) return;
  const size = tagged('vehicle:');
  const sizeClass = (SIZE_CLASSES as readonly string[]).includes(size ?? '') ? (size as SizeClass) : null;
  await db.insert(shopifyProductMappings).values({ serviceId, addOnId: addOn?.id ?? null, sizeClass, shopifyProductId: p.id, lastSyncAt: now }).onConflictDoNothing();
  await db.update(shopifyProducts).set({ serviceId }).where(eq(shopifyProducts.shopifyProductId, p.id));
}

export interface OrderUpsertResult extends UpsertResult {
  order?: typeof shopifyOrders.$inferSelect;
}

export async function upsertOrder(db: DbOrTx, o: StoreOrder, now: Date): Promise<OrderUpsertResult> {
  const row = {
    shopifyOrderId: o.id,
    shopifyCustomerId: o.customerId,
    orderNumber: o.orderNumber,
    name: o.name,
    email: o.email,
    phone: o.phone,
    totalPrice: o.totalPrice,
    subtotalPrice: o.subtotalPrice,
    totalTax: o.totalTax,
    totalDiscounts: o.totalDiscounts,
    currency: o.currency,
    financialStatus: o.financialStatus,
    fulfillmentStatus: o.fulfillmentStatus,
    orderStatus: o.cancelledAt ? 'cancelled' : o.closedAt ? 'closed' : 'open',
    lineItems: o.lineItems,
    shippingAddress: o.shippingAddress,
    billingAddress: o.billingAddress,
    note: o.note,
    tags: o.tags,
    sourceName: o.sourceName,
    salesChannel: o.sourceName === 'web' ? 'online_store' : o.sourceName === 'pos' ? 'pos' : 'other',
    cancelledAt: date(o.cancelledAt),
    cancelReason: o.cancelReason,
    closedAt: date(o.closedAt),
    processedAt: date(o.processedAt),
    shopifyCreatedAt: date(o.createdAt),
    shopifyUpdatedAt: date(o.updatedAt),
    syncedAt: now,
  };
  const written = await upsertNewerWins(db, shopifyOrders, shopifyOrders.shopifyOrderId, row);
  return written[0] ? { applied: true, order: written[0] } : { applied: false };
}

/** Whether any line of the order is a product mapped to a service that needs booking. */
export async function orderHasService(db: DbOrTx, order: { lineItems: { productId?: string }[] }): Promise<boolean> {
  const ids = order.lineItems.map((li) => li.productId).filter((id): id is string => !!id);
  if (!ids.length) return false;
  const [hit] = await db
    .select({ id: shopifyProductMappings.id })
    .from(shopifyProductMappings)
    .where(and(inArray(shopifyProductMappings.shopifyProductId, ids), eq(shopifyProductMappings.bookingRequired, true)))
    .limit(1);
  return !!hit;
}

/** Marks the scheduling e-mail as sent, once: true only for the caller that set it. */
export async function claimScheduleEmail(db: DbOrTx, orderId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(shopifyOrders)
    .set({ scheduleEmailSentAt: now })
    .where(and(eq(shopifyOrders.id, orderId), isNull(shopifyOrders.scheduleEmailSentAt), eq(shopifyOrders.shouldSendBookingEmail, true)))
    .returning({ id: shopifyOrders.id });
  return rows.length > 0;
}

/** Compliance: a customer's personal data in the mirror is erased (customers/redact). */
export async function redactCustomer(db: DbOrTx, shopifyCustomerId: string | null, email: string | null, orderIds: string[]): Promise<void> {
  const personal = { email: null, phone: null, name: null, shippingAddress: null, billingAddress: null, note: null } as const;
  if (shopifyCustomerId) {
    await db.delete(shopifyCustomerMappings).where(eq(shopifyCustomerMappings.shopifyCustomerId, shopifyCustomerId));
    await db.delete(shopifyCustomers).where(eq(shopifyCustomers.shopifyCustomerId, shopifyCustomerId));
    await db.update(shopifyOrders).set(personal).where(eq(shopifyOrders.shopifyCustomerId, shopifyCustomerId));
  }
  if (email) {
    await db.delete(shopifyCustomers).where(sql`lower(${shopifyCustomers.email}) = ${email.toLowerCase()}`);
    await db.update(shopifyOrders).set(personal).where(sql`lower(${shopifyOrders.email}) = ${email.toLowerCase()}`);
  }
  if (orderIds.length) await db.update(shopifyOrders).set(personal).where(inArray(shopifyOrders.shopifyOrderId, orderIds));
}

/** Compliance: the whole shop's personal data in the mirror is erased (shop/redact, 48 h after uninstall). */
export async function redactShop(db: DbOrTx): Promise<void> {
  await db.delete(shopifyCustomerMappings);
  await db.delete(shopifyCustomers);
  await db.update(shopifyOrders).set({ email: null, phone: null, name: null, shippingAddress: null, billingAddress: null, note: null });
}

/** Compliance: what the mirror holds about a customer (customers/data_request). */
export async function customerData(db: DbOrTx, shopifyCustomerId: string | null, email: string | null) {
  const match = (idColumn: PgColumn, emailColumn: PgColumn) =>
    sql`(${shopifyCustomerId ? sql`${idColumn} = ${shopifyCustomerId}` : sql`false`}) or (${email ? sql`lower(${emailColumn}) = ${email.toLowerCase()}` : sql`false`})`;
  const customers = await db.select().from(shopifyCustomers).where(match(shopifyCustomers.shopifyCustomerId, shopifyCustomers.email));
  const orders = await db.select().from(shopifyOrders).where(match(shopifyOrders.shopifyCustomerId, shopifyOrders.email));
  return { customers, orders };
}
