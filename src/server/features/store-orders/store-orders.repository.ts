import { and, count, desc, eq, inArray, isNotNull, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { BookingStatus } from '../../../shared/domain';
import type { OrderCoverageItem, StoreOrderView } from '../../../shared/schemas/store-orders';
import type { DbOrTx } from '../../db/client';
import { addOns, bookings, shopifyCustomers, shopifyOrders } from '../../db/schema';
import { coverageOf, mappingsOfOrders } from './order-coverage';

/**
 * Reads of the store mirror for fulfilment and scheduling. The mirror owns shopify_orders: the lock and the
 * booking link below are its verbs (features/store-mirror/order-bookings.repository.ts).
 */
export { lockStoreOrder as lockOrder, linkOrderToBooking as linkBooking } from '../store-mirror';

export type OrderRow = typeof shopifyOrders.$inferSelect;

const PAID = eq(shopifyOrders.financialStatus, 'paid');
const NOT_FULFILLED = sql`coalesce(${shopifyOrders.fulfillmentStatus}, '') <> 'fulfilled'`;

/** Paid orders still to be served and fulfilled. */
export const PENDING: SQL = and(PAID, NOT_FULFILLED, isNull(shopifyOrders.cancelledAt))!;
/** Booked and fulfilled in the store. */
export const FULFILLED: SQL = and(isNotNull(shopifyOrders.bookingId), eq(shopifyOrders.fulfillmentStatus, 'fulfilled'))!;

export const TABS = { pending: PENDING, all: PAID, fulfilled: FULFILLED } as const;

const bookingColumns = { id: bookings.id, status: bookings.status, scheduledDate: bookings.scheduledDate, totalAmount: bookings.totalAmount };

export async function listOrders(db: DbOrTx, where: SQL, page: number, pageSize: number): Promise<{ items: StoreOrderView[]; total: number }> {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ order: shopifyOrders, booking: bookingColumns, firstName: shopifyCustomers.firstName, lastName: shopifyCustomers.lastName })
      .from(shopifyOrders)
      .leftJoin(bookings, eq(bookings.id, shopifyOrders.bookingId))
      .leftJoin(shopifyCustomers, eq(shopifyCustomers.shopifyCustomerId, shopifyOrders.shopifyCustomerId))
      .where(where)
      .orderBy(desc(sql`coalesce(${shopifyOrders.shopifyCreatedAt}, ${shopifyOrders.syncedAt})`), desc(shopifyOrders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(shopifyOrders).where(where) as unknown as Promise<[{ total: number }]>,
  ]);
  const mappings = await mappingsOfOrders(db, rows.map((r) => r.order));
  return { items: rows.map((r) => toOrderView(r.order, r.booking, [r.firstName, r.lastName].filter(Boolean).join(' ') || null, coverageOf(r.order, mappings))), total: Number(total) };
}

export function toOrderView(
  order: OrderRow,
  booking: { id: string; status: string; scheduledDate: Date; totalAmount: string } | null,
  customerName: string | null,
  covers: OrderCoverageItem[],
): StoreOrderView {
  return {
    covers,
    id: order.id,
    shopifyOrderId: order.shopifyOrderId,
    orderNumber: order.orderNumber,
    name: order.name,
    email: order.email,
    phone: order.phone,
    customerName: customerName ?? nameFromAddress(order),
    totalPrice: order.totalPrice,
    currency: order.currency,
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    createdAt: (order.shopifyCreatedAt ?? order.syncedAt).toISOString(),
    lineItems: order.lineItems.map((item) => ({ name: item.name, quantity: item.quantity, price: item.price })),
    shippingAddress: order.shippingAddress ?? null,
    billingAddress: order.billingAddress ?? null,
    bookingId: order.bookingId,
    booking: booking?.id ? { id: booking.id, status: booking.status as BookingStatus, scheduledDate: booking.scheduledDate.toISOString(), totalAmount: booking.totalAmount } : null,
    fulfilledAt: order.fulfilledAt?.toISOString() ?? null,
    fulfillmentError: order.fulfillmentError,
  };
}

/** The name the store knows the order's customer by, else the one on its shipping or billing address. */
export async function customerNameOf(db: DbOrTx, order: OrderRow): Promise<string | null> {
  const [customer] = order.shopifyCustomerId
    ? await db.select({ firstName: shopifyCustomers.firstName, lastName: shopifyCustomers.lastName }).from(shopifyCustomers).where(eq(shopifyCustomers.shopifyCustomerId, order.shopifyCustomerId))
    : [];
  return [customer?.firstName, customer?.lastName].filter(Boolean).join(' ') || nameFromAddress(order);
}

function nameFromAddress(order: OrderRow): string | null {
  const address = (order.shippingAddress ?? order.billingAddress) as { name?: string; first_name?: string; last_name?: string; firstName?: string; lastName?: string } | null;
  if (!address) return null;
  return address.name ?? ([address.firstName ?? address.first_name, address.lastName ?? address.last_name].filter(Boolean).join(' ') || null);
}

export async function fulfillmentSummary(db: DbOrTx) {
  const [row] = await db
    .select({
      total_orders: count(),
      paid_orders: sql<number>`count(*) filter (where ${PAID})`,
      linked_to_bookings: sql<number>`count(*) filter (where ${shopifyOrders.bookingId} is not null)`,
      pending_fulfillment: sql<number>`count(*) filter (where ${PENDING})`,
      completed_services: sql<number>`count(*) filter (where ${bookings.status} = 'completed')`,
    })
    .from(shopifyOrders)
    .leftJoin(bookings, eq(bookings.id, shopifyOrders.bookingId));
  return {
    total_orders: Number(row!.total_orders),
    paid_orders: Number(row!.paid_orders),
    linked_to_bookings: Number(row!.linked_to_bookings),
    pending_fulfillment: Number(row!.pending_fulfillment),
    completed_services: Number(row!.completed_services),
  };
}

/** The order with this number whose e-mail matches (case-insensitive), or nothing; one query either way. */
export async function findOrderByNumberAndEmail(db: DbOrTx, orderNumber: string, email: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifyOrders)
    .where(and(or(eq(shopifyOrders.orderNumber, orderNumber), eq(shopifyOrders.name, `#${orderNumber}`)), sql`lower(${shopifyOrders.email}) = ${email.toLowerCase()}`))
    .orderBy(desc(shopifyOrders.syncedAt))
    .limit(1);
  return row;
}

export async function findOrderByIdAndEmail(db: DbOrTx, orderId: string, email: string): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(shopifyOrders)
    .where(and(eq(shopifyOrders.id, orderId), sql`lower(${shopifyOrders.email}) = ${email.toLowerCase()}`));
  return row;
}

export async function findOrder(db: DbOrTx, orderId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(shopifyOrders).where(eq(shopifyOrders.id, orderId));
  return row;
}

/** The order's live booking (a cancelled one frees the order to be scheduled again). */
export async function liveBooking(db: DbOrTx, bookingId: string | null) {
  if (!bookingId) return undefined;
  const [row] = await db.select(bookingColumns).from(bookings).where(and(eq(bookings.id, bookingId), ne(bookings.status, 'cancelled')));
  return row;
}

/** The minutes each add-on takes. */
export async function addOnMinutes(db: DbOrTx, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: addOns.id, minutes: addOns.minutes }).from(addOns).where(inArray(addOns.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.minutes]));
}
