import { slotIdAt } from '../../../shared/booking-lifecycle';
import type { BookingStatus, ServiceType } from '../../../shared/domain';
import type { Page } from '../../../shared/schemas/common';
import type {
  CreateBookingFromOrderRequest,
  FulfillmentStatusSummary,
  OrderLookupRequest,
  OrderLookupResponse,
  ScheduleFromOrderRequest,
  ScheduleFromOrderResponse,
  StoreOrderView,
} from '../../../shared/schemas/store-orders';
import type { ServiceView } from '../../../shared/schemas/services';
import { needsAddress, offeredServiceTypes } from '../../../shared/service-types';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { findCustomerIdByEmail } from '../admin';
import { deliverAfterCommit } from '../../events/booking-events';
import { bookingVerbs, type BookingActor, type BookingDraft } from '../bookings';
import { resolveClient } from '../clients';
import { assertServiceArea } from '../geo';
import { getService, listActiveServices } from '../services';
import * as repo from './store-orders.repository';

/** Lookups per IP per window, counted in the database so every instance enforces one limit. */
export const LOOKUPS_PER_IP = 20;
const lookupsPerIp = rateLimit({ name: 'order-lookup', limit: LOOKUPS_PER_IP, windowMs: 15 * 60_000 });

export const ORDER_NOT_FOUND_MESSAGE = 'Please check your order number and email address.';
const notFound = () => new AppError('STORE_ORDER_NOT_FOUND', ORDER_NOT_FOUND_MESSAGE);

const ADMIN: BookingActor = { role: 'admin' };
const STORE: BookingActor = { role: 'store' };

// The admin's fulfilment page

export async function listFulfillmentOrders(ctx: AppContext, query: { tab: keyof typeof repo.TABS; page: number; pageSize: number }): Promise<Page<StoreOrderView>> {
  const { items, total } = await repo.listOrders(ctx.db, repo.TABS[query.tab], query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

export async function fulfillmentStatus(ctx: AppContext): Promise<FulfillmentStatusSummary> {
  return repo.fulfillmentSummary(ctx.db);
}

// Lookup (public)

/** Wrong number and wrong e-mail answer the same 404 after the same one query; every lookup counts per IP. */
export async function lookupOrder(ctx: AppContext, input: OrderLookupRequest, ip: string): Promise<OrderLookupResponse> {
  await lookupsPerIp.hit(ctx, [`ip:${ip}`], 'Too many order lookups. Please wait a few minutes and try again.', 'STORE_ORDER_LOOKUP_RATE_LIMITED');
  const order = await repo.findOrderByNumberAndEmail(ctx.db, input.orderNumber, input.email);
  if (!order) throw notFound();
  const booking = await repo.liveBooking(ctx.db, order.bookingId);
  const view = repo.toOrderView(order, null);
  return {
    order: {
      id: view.id,
      orderNumber: view.orderNumber,
      name: view.name,
      email: view.email,
      totalPrice: view.totalPrice,
      currency: view.currency,
      financialStatus: view.financialStatus,
      createdAt: view.createdAt,
      lineItems: view.lineItems,
      shippingAddress: view.shippingAddress,
    },
    hasBooking: Boolean(booking),
    booking: booking
      ? {
          id: booking.id,
          status: booking.status,
          scheduledDate: booking.scheduledDate.toISOString(),
          totalAmount: booking.totalAmount,
          trackingToken: (await bookingVerbs(ctx).peekGuestLink(ctx.db, booking.id)) ?? null,
        }
      : null,
    allowedServices: await allowedServices(ctx, order),
  };
}

/** The services mapped from the order's products, or every active service when none is mapped. */
async function allowedServices(ctx: AppContext, order: repo.OrderRow): Promise<ServiceView[]> {
  const productIds = order.lineItems.map((item) => item.productId).filter((id): id is string => Boolean(id));
  const active = await listActiveServices(ctx.db);
  const mapped = new Set(await repo.mappedServiceIds(ctx.db, productIds));
  const fromOrder = active.filter((s) => mapped.has(s.id));
  return fromOrder.length ? fromOrder : active;
}

// Booking an order (the customer's schedule-booking and the admin's Create Booking)

function assertSchedulable(order: repo.OrderRow): void {
  if (order.financialStatus !== 'paid' || order.cancelledAt) {
    throw new AppError('STORE_ORDER_NOT_PAYABLE', 'This order is not paid or was cancelled, so it cannot be scheduled. Please contact us.', { financialStatus: order.financialStatus ?? 'unknown' });
  }
}

async function assertNotBooked(tx: DbOrTx, order: repo.OrderRow): Promise<void> {
  const existing = await repo.liveBooking(tx, order.bookingId);
  if (existing) {
    throw new AppError('STORE_ORDER_ALREADY_BOOKED', 'This order already has a booking.', {
      bookingId: existing.id,
      status: existing.status,
      scheduledDate: existing.scheduledDate.toISOString(),
    });
  }
}

interface OrderBooking {
  order: repo.OrderRow;
  actor: BookingActor;
  service: ServiceView;
  serviceType: ServiceType;
  address: { street: string; city: string; state: string; zipCode: string; latitude?: number | null; longitude?: number | null } | null;
  phone: string | null;
  notes: string | null;
  /** The slot asked for; the booking verb claims it (the customer's rules for the store, staff rules for an admin). */
  slotId: string;
}

/**
 * One transaction: lock the order, refuse a second booking, write the booking through the booking core
 * (which claims the capacity; payment status `store`) and link the order. The customer is then told by e-mail.
 */
async function bookOrder(ctx: AppContext, input: OrderBooking): Promise<{ bookingId: string; trackingToken: string }> {
  const userId = input.order.email ? ((await findCustomerIdByEmail(ctx.db, input.order.email.toLowerCase())) ?? null) : null;
  const result = await ctx.db.transaction(async (tx) => {
    const order = await repo.lockOrder(tx, input.order.id);
    if (!order) throw notFound();
    assertSchedulable(order);
    await assertNotBooked(tx, order);
    const guestName = await repo.customerNameOf(tx, order);
    const clientId = await resolveClient(tx, { userId, name: guestName, email: order.email, phone: input.phone ?? order.phone }, ctx.now());
    // Paid in the store: the booking carries what the order was paid, so the books match the store.
    const draft: BookingDraft = {
      userId,
      clientId,
      serviceId: input.service.id,
      serviceType: input.serviceType,
      slotId: input.slotId,
      durationMinutes: input.service.duration,
      servicePrice: order.totalPrice,
      serviceFee: '0.00',
      tax: '0.00',
      totalAmount: order.totalPrice,
      notes: input.notes,
      addressStreet: input.address?.street ?? null,
      addressCity: input.address?.city ?? null,
      addressState: input.address?.state ?? null,
      addressZip: input.address?.zipCode ?? null,
      latitude: input.address?.latitude != null ? String(input.address.latitude) : null,
      longitude: input.address?.longitude != null ? String(input.address.longitude) : null,
      guestEmail: order.email?.toLowerCase() ?? null,
      guestName,
      guestPhone: input.phone ?? order.phone ?? null,
      source: 'store',
    };
    const { booking, trackingToken } = await bookingVerbs(ctx).bookFromStoreOrder(tx, input.actor, draft, { orderNumber: order.orderNumber });
    await repo.linkBooking(tx, order.id, booking.id);
    return { bookingId: booking.id, trackingToken };
  });
  // The confirmation e-mail with the tracking link: the customer-mail subscriber of the `created` event. The
  // booking stands even if mail is down; a failed e-mail is retried.
  await deliverAfterCommit(ctx, result.bookingId);
  return result;
}

/** POST /api/shopify-orders/:orderId/schedule-booking: the customer, proven by the order's e-mail. */
export async function scheduleFromOrder(ctx: AppContext, orderId: string, input: ScheduleFromOrderRequest): Promise<ScheduleFromOrderResponse> {
  const order = await repo.findOrderByIdAndEmail(ctx.db, orderId, input.email);
  if (!order) throw notFound();
  assertSchedulable(order);
  await assertNotBooked(ctx.db, order);
  const allowed = await allowedServices(ctx, order);
  const service = allowed.find((s) => s.id === input.serviceId);
  if (!service) throw new AppError('STORE_SERVICE_NOT_IN_ORDER', 'This service is not part of your order. Please choose one of the services listed.');
  if (!offeredServiceTypes(service.locationOptions).includes(input.serviceType)) {
    throw new AppError('SERVICE_TYPE_NOT_OFFERED', `${service.name} is not offered as ${SERVICE_TYPE_NAMES[input.serviceType]}. Please choose another service type.`, {
      service: service.name,
      serviceType: input.serviceType,
    });
  }
  if (!input.slotId.startsWith(`${input.dateKey}T`)) {
    throw new AppError('STORE_SLOT_DATE_MISMATCH', 'Invalid Time Slot - Please select a valid time slot for the current service and date.');
  }
  let address: OrderBooking['address'] = null;
  if (needsAddress(input.serviceType)) {
    if (!input.address) {
      throw new AppError('ADDRESS_REQUIRED', input.serviceType === 'pickup' ? 'Please enter your pickup address' : 'Please enter your service location', { serviceType: input.serviceType });
    }
    address = input.address;
    assertServiceArea(ctx, address.zipCode);
  }
  const { bookingId, trackingToken } = await bookOrder(ctx, {
    order,
    actor: STORE,
    service,
    serviceType: input.serviceType,
    address,
    phone: input.phone ?? null,
    notes: input.notes?.trim() || null,
    slotId: input.slotId,
  });
  return { booking: { id: bookingId }, trackingToken };
}

const SERVICE_TYPE_NAMES: Record<ServiceType, string> = { mobile: 'a mobile service', pickup: 'a pickup service', serviceLocation: 'an on-site service' };

/** POST /api/admin/shopify/orders/:orderId/create-booking: staff time rules (never over capacity). */
export async function createBookingFromOrder(ctx: AppContext, orderId: string, input: CreateBookingFromOrderRequest) {
  const order = await repo.findOrder(ctx.db, orderId);
  if (!order) throw notFound();
  assertSchedulable(order);
  const service = await getService(ctx.db, input.serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  const slotId = slotIdAt(input.scheduledDate);
  // At the customer's address when the order has one and the service goes there; otherwise at the shop.
  const shipping = order.shippingAddress;
  const address =
    shipping?.address1 && shipping.city && shipping.zip && shipping.province?.length === 2 && offeredServiceTypes(service.locationOptions).includes('mobile')
      ? { street: shipping.address1, city: shipping.city, state: shipping.province.toUpperCase(), zipCode: shipping.zip }
      : null;
  const { bookingId, trackingToken } = await bookOrder(ctx, {
    order,
    actor: ADMIN,
    service,
    serviceType: address ? 'mobile' : 'serviceLocation',
    address,
    phone: null,
    notes: input.notes?.trim() || null,
    slotId,
  });
  const booking = await repo.liveBooking(ctx.db, bookingId);
  return {
    booking: { id: bookingId, status: booking!.status as BookingStatus, scheduledDate: booking!.scheduledDate.toISOString(), totalAmount: booking!.totalAmount },
    trackingToken,
  };
}
