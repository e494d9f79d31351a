import type { BookingStatus } from '../../../../shared/domain';
import type { AdminBooking, AdminBookingsQuery, AdminBookingUpdateRequest, DriverOption } from '../../../../shared/schemas/admin';
import type { BookingView } from '../../../../shared/schemas/bookings';
import type { Page } from '../../../../shared/schemas/common';
import { formatTime12, pacificTimeOfDay } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { renderMail } from '../../../integrations/mail/templates';
import { refundCancelledBooking } from '../../bookings/booking-refunds';
import { emailDriverAssigned, emailStatusChange, recordBookingUpdate } from '../../bookings/booking-updates';
import { findBookingView, listBookingViews } from '../../bookings/bookings.repository';
import { claimStaffTime } from '../schedule/schedule.service';
import * as repo from './admin-bookings.repository';

/** Manage Bookings: newest first, paginated, filtered by status, day range and text. */
export async function listAdminBookings(ctx: AppContext, query: AdminBookingsQuery): Promise<Page<AdminBooking>> {
  const page = await listBookingViews(ctx.db, { where: repo.adminBookingsWhere(query), page: query.page, pageSize: query.pageSize });
  const updates = await repo.updatesFor(ctx.db, page.items.map((b) => b.id));
  return { ...page, items: page.items.map((b) => ({ ...b, updates: updates.get(b.id) ?? [] })) };
}

export async function getAdminBooking(ctx: AppContext, id: string): Promise<AdminBooking> {
  const view = await findBookingView(ctx.db, id);
  if (!view) throw new AppError('NOT_FOUND', 'Booking not found');
  const updates = await repo.updatesFor(ctx.db, [id], 50);
  return { ...view, updates: updates.get(id) ?? [] };
}

/** The admin sets any status directly (no transition rule); the change is recorded, published live and e-mailed where it matters. */
export async function setBookingStatus(ctx: AppContext, id: string, status: BookingStatus, message: string | null): Promise<AdminBooking> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('NOT_FOUND', 'Booking not found');
  await ctx.db.transaction(async (tx) => {
    // Cancelling a paid booking gives the money back; a failed refund cancels nothing.
    const refunded = status === 'cancelled' && existing.status !== 'cancelled' ? await refundCancelledBooking(ctx, tx, existing) : false;
    const note = refunded ? ' A full refund was issued to the card.' : '';
    await recordBookingUpdate(ctx, tx, { bookingId: id, status, message: (message ?? `Status updated to ${status.replace(/_/g, ' ')} by the business.`) + note });
    await repo.updateBooking(tx, id, { cancelledAt: status === 'cancelled' ? ctx.now() : null, holdExpiresAt: status === 'pending' ? existing.holdExpiresAt : null });
  });
  if (existing.status !== status) await emailStatusChange(ctx, id, status);
  return getAdminBooking(ctx, id);
}

/**
 * Reschedule and edit: a new date or time (or a service of another length) claims capacity again in the
 * same transaction as the write, with the booking's own place freed first. A saved address must belong
 * to the booking's customer; its text is copied into the booking's snapshot.
 */
export async function updateAdminBooking(ctx: AppContext, id: string, input: AdminBookingUpdateRequest): Promise<AdminBooking> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('NOT_FOUND', 'Booking not found');
  const service = input.serviceId ? await repo.findService(ctx.db, input.serviceId) : await repo.findService(ctx.db, existing.serviceId);
  if (!service) throw new AppError('BAD_REQUEST', 'Please choose a service');
  let address: Awaited<ReturnType<typeof repo.findAddress>> | undefined;
  if (input.addressId && input.addressId !== existing.addressId) {
    address = await repo.findAddress(ctx.db, input.addressId);
    if (!address || address.userId !== existing.userId) throw new AppError('BAD_REQUEST', "Please choose one of the customer's saved addresses");
  }
  const moved = existing.businessDate !== input.date || pacificTimeOfDay(existing.scheduledDate) !== input.time || existing.durationMinutes !== service.duration;
  await ctx.db.transaction(async (tx) => {
    const when = moved
      ? await claimStaffTime(tx, ctx, { dateKey: input.date, time: input.time, durationMinutes: service.duration, excludeBookingId: id })
      : { scheduledDate: existing.scheduledDate, businessDate: existing.businessDate };
    await repo.updateBooking(tx, id, {
      serviceId: service.id,
      durationMinutes: service.duration,
      scheduledDate: when.scheduledDate,
      businessDate: when.businessDate,
      ...(input.notes !== undefined ? { notes: input.notes } : {}),
      ...(address
        ? { addressId: address.id, addressStreet: address.street, addressCity: address.city, addressState: address.state, addressZip: address.zipCode, latitude: address.latitude, longitude: address.longitude }
        : {}),
      updatedAt: ctx.now(),
    });
    await recordBookingUpdate(ctx, tx, {
      bookingId: id,
      status: existing.status,
      message: moved ? `Rescheduled to ${input.date} at ${formatTime12(input.time)} (Pacific Time).` : 'Booking details updated by the business.',
      setStatus: false,
    });
  });
  if (moved) await emailReschedule(ctx, id);
  return getAdminBooking(ctx, id);
}

async function emailReschedule(ctx: AppContext, id: string) {
  const booking = await findBookingView(ctx.db, id);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const when = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', dateStyle: 'full', timeStyle: 'short' }).format(new Date(booking.scheduledDate));
  const mail = renderMail(
    ctx.config.business.name,
    `${booking.serviceName}: new time`,
    [`Hi ${booking.user?.fullName ?? booking.guestName ?? 'there'},`, `Your booking has been moved to ${when} (Pacific Time).`, 'If that time does not suit you, reply to this email or call us.'],
    { label: 'Track your booking', url: `${ctx.config.publicUrl}/tracking?bookingId=${booking.id}` },
  );
  await ctx.mailer.send({ to, ...mail, category: 'notification', userId: booking.userId });
}

export async function deleteAdminBooking(ctx: AppContext, id: string): Promise<{ message: string }> {
  const existing = await repo.findBookingRow(ctx.db, id);
  if (!existing || existing.isBlocked) throw new AppError('NOT_FOUND', 'Booking not found');
  await repo.deleteBooking(ctx.db, id);
  return { message: 'Booking deleted' };
}

export const listDrivers = (ctx: AppContext): Promise<DriverOption[]> => repo.listActiveDrivers(ctx.db);

/** Assigns a driver ('unassign' removes): a booking_update and a `driver_assigned` live event in the same transaction. */
export async function assignDriver(ctx: AppContext, driverId: string | 'unassign', bookingId: string): Promise<BookingView> {
  const booking = await repo.findBookingRow(ctx.db, bookingId);
  if (!booking || booking.isBlocked) throw new AppError('NOT_FOUND', 'Booking not found');
  const driver = driverId === 'unassign' ? null : await repo.findActiveDriver(ctx.db, driverId);
  if (driverId !== 'unassign' && !driver) throw new AppError('BAD_REQUEST', 'That driver does not exist or is disabled');
  await ctx.db.transaction(async (tx) => {
    await repo.updateBooking(tx, bookingId, { assignedDriverId: driver?.id ?? null, updatedAt: ctx.now() });
    await recordBookingUpdate(ctx, tx, {
      bookingId,
      status: booking.status,
      message: driver ? `Driver assigned: ${driver.fullName}` : 'Driver unassigned',
      driverId: driver?.id ?? null,
      setStatus: false,
    });
    await ctx.events.publish(tx, { type: 'driver_assigned', bookingId, driverId: driver?.id ?? null, at: ctx.now().toISOString() });
  });
  if (driver && driver.id !== booking.assignedDriverId) await emailDriverAssigned(ctx, bookingId);
  return (await findBookingView(ctx.db, bookingId))!;
}

export const customerAddresses = (ctx: AppContext, userId: string) => repo.listAddresses(ctx.db, userId);
