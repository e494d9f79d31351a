import type { BookingStatus } from '../../../../shared/domain';
import type { AdminBooking, AdminBookingsQuery, AdminBookingUpdateRequest } from '../../../../shared/schemas/admin-bookings';
import type { DriverOption } from '../../../../shared/schemas/admin-staff';
import type { BookingView } from '../../../../shared/schemas/bookings';
import type { Page } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { assertBookingOpen, bookingVerbs, type BookingActor } from '../../bookings';
import { findBookingView, listBookingViews } from '../../bookings';
import { withCoordinates } from '../../geo';
import { deliverAfterCommit } from '../../../events/booking-events';
import * as repo from './admin-bookings.repository';
import { placementCheck } from '../dispatch/placement-check';
import { slotIdOf } from '../../../../shared/booking-lifecycle';

/** A saved address from before the offline geocoder has no coordinates: its ZIP centroid stands in. */
const coordinatesOf = (a: { zipCode: string; latitude: string | null; longitude: string | null }) => {
  const { latitude, longitude } = withCoordinates({ zipCode: a.zipCode, latitude: a.latitude, longitude: a.longitude });
  return { latitude, longitude };
};

const ADMIN: BookingActor = { role: 'admin' };
const NOT_FOUND = 'Booking not found';

/** Manage Bookings: by job time unless asked otherwise, paginated, filtered (status, payment, driver, type, days, text or phone). */
export async function listAdminBookings(ctx: AppContext, query: AdminBookingsQuery): Promise<Page<AdminBooking>> {
  const page = await listBookingViews(ctx.db, { where: repo.adminBookingsWhere(query), orderBy: repo.adminBookingsOrder(query.sort, ctx.now()), page: query.page, pageSize: query.pageSize });
  const updates = await repo.updatesFor(ctx.db, page.items.map((b) => b.id));
  return { ...page, items: page.items.map((b) => ({ ...b, updates: updates.get(b.id) ?? [] })) };
}

export async function getAdminBooking(ctx: AppContext, id: string): Promise<AdminBooking> {
  const view = await findBookingView(ctx.db, id);
  if (!view) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  const updates = await repo.updatesFor(ctx.db, [id], 50);
  return { ...view, updates: updates.get(id) ?? [] };
}

/**
 * The admin sets a status from the menu; the change is recorded, published live and e-mailed where it
 * matters (the customer-mail subscriber of the booking's events, delivered before the answer). Cancelling from the menu is the Cancel button (`cancelAdminBooking`): the same refund, e-mail,
 * history and calendar feed.
 */
export async function setBookingStatus(ctx: AppContext, id: string, status: BookingStatus, message: string | null): Promise<AdminBooking> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  if (status === 'cancelled' && existing.status !== 'cancelled') return (await cancelAdminBooking(ctx, id, message)).booking;
  await ctx.db.transaction((tx) => bookingVerbs(ctx).setStatus(tx, id, ADMIN, status, message));
  await deliverAfterCommit(ctx, id);
  return getAdminBooking(ctx, id);
}

/**
 * Reschedule and edit through the one move-or-edit verb: a new date or time (or a service of another
 * length) is a move, which claims capacity in the same transaction as the write, with the booking's own
 * place freed first, and e-mails the customer. A saved address must belong to the booking's customer; its
 * text is copied into the booking's snapshot.
 */
export async function updateAdminBooking(ctx: AppContext, id: string, input: AdminBookingUpdateRequest): Promise<AdminBooking> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  assertBookingOpen(existing, 'edited');
  const service = input.serviceId ? await repo.findService(ctx.db, input.serviceId) : await repo.findService(ctx.db, existing.serviceId);
  if (!service) throw new AppError('SERVICE_REQUIRED', 'Please choose a service');
  let address: Awaited<ReturnType<typeof repo.findAddress>> | undefined;
  if (input.addressId && input.addressId !== existing.addressId) {
    address = await repo.findAddress(ctx.db, input.addressId);
    if (!address || address.userId !== existing.userId) throw new AppError('ADDRESS_NOT_CUSTOMERS', "Please choose one of the customer's saved addresses");
  }
  const details = {
    serviceId: service.id,
    durationMinutes: service.duration,
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(address
      ? { addressId: address.id, addressStreet: address.street, addressCity: address.city, addressState: address.state, addressZip: address.zipCode, ...coordinatesOf(address) }
      : {}),
  };
  await ctx.db.transaction((tx) => bookingVerbs(ctx).change(tx, id, ADMIN, { slotId: `${input.date}T${input.time}`, details, by: 'admin', override: input.override, check: placementCheck(ctx, input.override) }));
  // A move e-mails the customer the new time (the customer-mail subscriber of `rescheduled` by the admin).
  await deliverAfterCommit(ctx, id);
  return getAdminBooking(ctx, id);
}

/**
 * The admin cancels any booking through the booking core: a paid booking is refunded in the same
 * transaction (a failed refund cancels nothing), the customer is e-mailed, and the answer says whether
 * money went back. Deleting is only for blocked time and appointments the business made that never
 * started and carry no payment (deleteRefusal says why not).
 */
export async function cancelAdminBooking(ctx: AppContext, id: string, message: string | null): Promise<{ booking: AdminBooking; refunded: boolean; message: string }> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  const { refunded } = await ctx.db.transaction((tx) => bookingVerbs(ctx).cancel(tx, id, ADMIN, message));
  // The customer hears of it (the customer-mail subscriber of `cancelled` by the admin).
  await deliverAfterCommit(ctx, id);
  const booking = await getAdminBooking(ctx, id);
  return { booking, refunded, message: refunded ? `Booking cancelled. $${booking.totalAmount} was refunded to the card.` : 'Booking cancelled.' };
}

/**
 * (Re)sends the confirmation e-mail with its Pay now link for an unpaid phone appointment (canSendPaymentLink);
 * the booking then waits for that payment (Link sent).
 */
export async function sendPaymentLink(ctx: AppContext, id: string): Promise<AdminBooking> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  await ctx.db.transaction((tx) => bookingVerbs(ctx).requestLinkPayment(tx, id, ADMIN));
  // The confirmation e-mail with its Pay now link: the customer-mail subscriber of `payment_link_sent`.
  await deliverAfterCommit(ctx, id);
  return getAdminBooking(ctx, id);
}

export async function deleteAdminBooking(ctx: AppContext, id: string): Promise<{ message: string }> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  await ctx.db.transaction((tx) => bookingVerbs(ctx).remove(tx, id, ADMIN));
  await deliverAfterCommit(ctx, id);
  return { message: 'Booking deleted' };
}

export const listDrivers = (ctx: AppContext): Promise<DriverOption[]> => repo.listActiveDrivers(ctx.db);

/**
 * Assigns a driver ('unassign' removes): a booking_update and a `driver_assigned` live event in the same
 * transaction. The technician's day must have room for the job (the dispatch rule, decision 056): 409
 * ASSIGNMENT_CONFLICT naming the job in the way, unless the owner confirmed `override` (then recorded).
 */
export async function assignDriver(ctx: AppContext, driverId: string | 'unassign', bookingId: string, override?: boolean): Promise<BookingView> {
  const booking = await repo.findBookingRow(ctx.db, bookingId);
  if (!booking || booking.isBlocked) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  const driver = driverId === 'unassign' ? null : await repo.findActiveDriver(ctx.db, driverId);
  if (driverId !== 'unassign' && !driver) throw new AppError('DRIVER_NOT_AVAILABLE', 'That driver does not exist or is disabled');
  await ctx.db.transaction((tx) =>
    bookingVerbs(ctx).dispatch(tx, bookingId, ADMIN, { slotId: slotIdOf(booking), driver: driver ?? null, check: placementCheck(ctx, override), by: 'admin' }),
  );
  // A new driver's name is e-mailed to the customer (the customer-mail subscriber of `driver_assigned`).
  await deliverAfterCommit(ctx, bookingId);
  return (await findBookingView(ctx.db, bookingId))!;
}

export const customerAddresses = (ctx: AppContext, userId: string) => repo.listAddresses(ctx.db, userId);
