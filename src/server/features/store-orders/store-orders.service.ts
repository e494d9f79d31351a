import type { Point } from '../../../shared/travel';
import { slotIdAt } from '../../../shared/booking-lifecycle';
import type { BookingStatus, ServiceType } from '../../../shared/domain';
import type { Page } from '../../../shared/schemas/common';
import type {
  CreateBookingFromOrderRequest,
  FulfillmentStatusSummary,
  OrderLookupRequest,
  OrderJobChoice,
  OrderLookupResponse,
  ScheduleFromOrderRequest,
  ScheduleFromOrderResponse,
  StoreOrderView,
} from '../../../shared/schemas/store-orders';
import type { ServiceView } from '../../../shared/schemas/services';
import { fromCents } from '../../../shared/money';
import type { JobPrice } from '../../../shared/pricing';
import { needsAddress, offeredServiceTypes } from '../../../shared/service-types';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { findCustomerIdByEmail } from '../admin';
import { deliverAfterCommit } from '../../events/booking-events';
import { bookingVerbs, type BookingActor, type BookingDraft } from '../bookings';
import { resolveClient } from '../clients';
import { assertServiceArea, withCoordinates } from '../geo';
import { getService, listActiveServices } from '../services';
import { coverageOf, mappingsOfOrders } from './order-coverage';
import { coveredServiceIds, priceOrderJob } from './order-job';
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
  const view = repo.toOrderView(order, null, null, await orderCoverage(ctx, order));
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
      covers: view.covers,
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
    allowedServices: await allowedServices(ctx, view.covers),
    jobMinutes: coveredServiceIds(view.covers).length ? (await jobOfOrder(ctx, order, null)).job.minutes : null,
  };
}

async function orderCoverage(ctx: AppContext, order: repo.OrderRow) {
  return coverageOf(order, await mappingsOfOrders(ctx.db, [order]));
}

/** The services mapped from the order's products, or every active service when none is mapped. */
async function allowedServices(ctx: AppContext, covers: Awaited<ReturnType<typeof orderCoverage>>): Promise<ServiceView[]> {
  const active = await listActiveServices(ctx.db);
  const mapped = new Set(coveredServiceIds(covers));
  const fromOrder = active.filter((s) => mapped.has(s.id));
  return fromOrder.length ? fromOrder : active;
}

/** The service the customer chose, which must be one the order allows; null when none was sent. */
async function chosenService(ctx: AppContext, order: repo.OrderRow, serviceId: string | null | undefined): Promise<ServiceView | null> {
  if (!serviceId) return null;
  const chosen = (await allowedServices(ctx, await orderCoverage(ctx, order))).find((s) => s.id === serviceId);
  if (!chosen) throw new AppError('STORE_SERVICE_NOT_IN_ORDER', 'This service is not part of your order. Please choose one of the services listed.');
  return chosen;
}

/**
 * How long the order's job takes and its service, for its slot list and calendar: the whole job the booking
 * will claim, so a listed start is one the booking fits and a technician who does the service can get to
 * (decision 055; `latitude`/`longitude` when the customer gave the address, else the order's shipping ZIP).
 * The customer proves the order
 * with its id and e-mail, as for scheduling.
 */
export async function orderJob(ctx: AppContext, orderId: string, input: OrderJobChoice): Promise<{ minutes: number; reach: { serviceId: string; point: Point | null } }> {
  const order = await repo.findOrderByIdAndEmail(ctx.db, orderId, input.email);
  if (!order) throw notFound();
  const { job, services } = await jobOfOrder(ctx, order, await chosenService(ctx, order, input.serviceId));
  const point = input.latitude != null && input.longitude != null ? { latitude: input.latitude, longitude: input.longitude } : shippingPoint(order);
  return { minutes: job.minutes, reach: { serviceId: services[0]!.id, point } };
}

/**
 * Without a point from the customer, the order's shipping address is where the job most likely goes: its
 * ZIP's centroid, the same point the booking is placed at when scheduled there (`withCoordinates`).
 */
function shippingPoint(order: repo.OrderRow): Point | null {
  const zip = order.shippingAddress?.zip;
  if (!zip) return null;
  const placed = withCoordinates({ zipCode: zip, latitude: null as string | null, longitude: null as string | null });
  return placed.latitude !== null && placed.longitude !== null ? { latitude: Number(placed.latitude), longitude: Number(placed.longitude) } : null;
}

/**
 * The order's job (docs/decisions/044) and the services it books: the order's mapped services, or — for an order
 * that maps none — the one chosen. The first vehicle's service is the booking's service.
 */
async function jobOfOrder(ctx: AppContext, order: repo.OrderRow, chosen: ServiceView | null): Promise<{ job: JobPrice; services: ServiceView[] }> {
  const covers = await orderCoverage(ctx, order);
  const mappedIds = coveredServiceIds(covers);
  if (chosen && mappedIds.length && !mappedIds.includes(chosen.id)) {
    throw new AppError('STORE_SERVICE_NOT_IN_ORDER', 'This service is not part of your order. Please choose one of the services listed.');
  }
  if (!mappedIds.length && !chosen) throw new AppError('INVALID_INPUT', MISSING_SERVICE, { field: 'serviceId' });
  const mapped = (await Promise.all(mappedIds.map((id) => getService(ctx.db, id)))).filter((s): s is ServiceView => Boolean(s));
  const job = await priceOrderJob(ctx.db, order, covers, new Map(mapped.map((s) => [s.id, s])), mappedIds.length ? null : chosen);
  return { job, services: mappedIds.length ? mapped : [chosen!] };
}

const MISSING_SERVICE = 'Missing Information - Please fill in all required fields.';

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
  /** The booking's service: its first vehicle's. */
  service: ServiceView;
  job: JobPrice;
  serviceType: ServiceType;
  address: { street: string; city: string; state: string; zipCode: string; latitude: string | null; longitude: string | null } | null;
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
      durationMinutes: input.job.minutes,
      servicePrice: fromCents(input.job.subtotalCents - input.job.discountCents),
      serviceFee: fromCents(input.job.serviceFeeCents),
      tax: fromCents(input.job.taxCents),
      totalAmount: fromCents(input.job.totalCents),
      notes: input.notes,
      addressStreet: input.address?.street ?? null,
      addressCity: input.address?.city ?? null,
      addressState: input.address?.state ?? null,
      addressZip: input.address?.zipCode ?? null,
      latitude: input.address?.latitude ?? null,
      longitude: input.address?.longitude ?? null,
      guestEmail: order.email?.toLowerCase() ?? null,
      guestName,
      guestPhone: input.phone ?? order.phone ?? null,
      source: 'store',
    };
    const { booking, trackingToken } = await bookingVerbs(ctx).bookFromStoreOrder(tx, input.actor, draft, { orderNumber: order.orderNumber }, { job: input.job });
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
  const { job, services } = await jobOfOrder(ctx, order, await chosenService(ctx, order, input.serviceId));
  for (const service of services) {
    if (!offeredServiceTypes(service.locationOptions).includes(input.serviceType)) {
      throw new AppError('SERVICE_TYPE_NOT_OFFERED', `${service.name} is not offered as ${SERVICE_TYPE_NAMES[input.serviceType]}. Please choose another service type.`, {
        service: service.name,
        serviceType: input.serviceType,
      });
    }
  }
  if (!input.slotId.startsWith(`${input.dateKey}T`)) {
    throw new AppError('STORE_SLOT_DATE_MISMATCH', 'Invalid Time Slot - Please select a valid time slot for the current service and date.');
  }
  let address: OrderBooking['address'] = null;
  if (needsAddress(input.serviceType)) {
    if (!input.address) {
      throw new AppError('ADDRESS_REQUIRED', input.serviceType === 'pickup' ? 'Please enter your pickup address' : 'Please enter your service location', { serviceType: input.serviceType });
    }
    address = withCoordinates({ ...input.address, latitude: input.address.latitude != null ? String(input.address.latitude) : null, longitude: input.address.longitude != null ? String(input.address.longitude) : null });
    assertServiceArea(ctx, address.zipCode);
  }
  const { bookingId, trackingToken } = await bookOrder(ctx, {
    order,
    actor: STORE,
    service: services[0]!,
    job,
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
  const chosen = input.serviceId ? await getService(ctx.db, input.serviceId) : null;
  if (input.serviceId && !chosen) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  const { job, services } = await jobOfOrder(ctx, order, chosen ?? null);
  const slotId = slotIdAt(input.scheduledDate);
  // At the customer's address (placed on the map by its ZIP code when it has no coordinates) when the order has
  // one and every service goes there; otherwise at the shop.
  const shipping = order.shippingAddress;
  const address =
    shipping?.address1 && shipping.city && shipping.zip && shipping.province?.length === 2 && services.every((s) => offeredServiceTypes(s.locationOptions).includes('mobile'))
      ? withCoordinates({ street: shipping.address1, city: shipping.city, state: shipping.province.toUpperCase(), zipCode: shipping.zip, latitude: null as string | null, longitude: null as string | null })
      : null;
  const { bookingId, trackingToken } = await bookOrder(ctx, {
    order,
    actor: ADMIN,
    service: services[0]!,
    job,
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
