import type { Page } from '../../../shared/schemas/common';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { BookingUpdateView } from '../../../shared/schemas/bookings';
import type { DriverLocationAck, DriverLocationRequest, DriverNoteRequest, DriverStatusView, UpdateDriverBookingStatusRequest, UpdateDriverStatusRequest } from '../../../shared/schemas/drivers';
import type { PublicUser } from '../../../shared/schemas/auth';
import { driverNextStep } from '../../../shared/booking-lifecycle';
import { isDriverActiveStatus, isEnRouteStatus } from '../../../shared/tracking';
import { pacificDateKey } from '../../../shared/time';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { deliverAfterCommit } from '../../events/booking-events';
import { bookingVerbs } from '../bookings';
import { findBookingView, toUpdateView } from '../bookings';
import * as repo from './drivers.repository';

const NOT_ASSIGNED = 'This booking is not assigned to you';
const BOOKING_NOT_FOUND = 'Booking not found';

export function getDriverStatus(ctx: AppContext, driver: PublicUser): Promise<DriverStatusView> {
  return repo.findOrCreateDriverStatus(ctx.db, driver.id);
}

/**
 * Available turns location sharing on and starts a shift; offline turns sharing off and ends the shift;
 * the sharing toggle (shown while en route) may send isLocationSharing alone.
 */
export async function setDriverStatus(ctx: AppContext, driver: PublicUser, input: UpdateDriverStatusRequest): Promise<DriverStatusView> {
  const now = ctx.now();
  const current = await repo.findOrCreateDriverStatus(ctx.db, driver.id);
  const changes: Parameters<typeof repo.updateDriverStatusRow>[2] = { lastSeen: now };
  if (input.status) changes.status = input.status;
  if (input.isLocationSharing !== undefined) changes.isLocationSharing = input.isLocationSharing;
  if (input.status === 'available') {
    changes.isLocationSharing = input.isLocationSharing ?? true;
    if (current.status === 'offline' || !current.shiftStartTime) changes.shiftStartTime = now;
    changes.shiftEndTime = null;
  }
  if (input.status === 'offline' || (!input.status && current.status === 'offline' && input.isLocationSharing)) {
    // An offline driver never shares a position.
    changes.isLocationSharing = false;
    if (input.status && current.status !== 'offline') changes.shiftEndTime = now;
  }
  const updated = await repo.updateDriverStatusRow(ctx.db, driver.id, changes);
  // The office's live board hears about it (the staff channel).
  await ctx.events.publish(ctx.db, { type: 'driver_status', bookingId: null, driverId: driver.id, status: updated.status, at: now.toISOString() });
  return updated;
}

export function listDriverBookings(ctx: AppContext, driver: PublicUser, query: { scope: 'active' | 'completed'; page: number; pageSize: number }): Promise<Page<BookingView>> {
  return repo.listDriverBookings(ctx.db, driver.id, query.scope, query.page, query.pageSize);
}

/**
 * The assigned driver moves a booking one step along the job's path — only to the one allowed next
 * status. The change, its booking_update, its booking event and the live event share one transaction; the
 * customer's e-mail goes out after it commits.
 */
export async function advanceBooking(ctx: AppContext, driver: PublicUser, bookingId: string, input: UpdateDriverBookingStatusRequest): Promise<BookingView> {
  if (input.status === 'completed' && !input.message?.trim()) {
    // A job marked done before its (Pacific) day is more often a slip than a finished job: it needs a reason.
    // Asked only where completing is the job's next step, so a skipped step keeps its own refusal.
    const booking = await repo.findBookingAssignment(ctx.db, bookingId);
    const completesNow = booking && booking.assignedDriverId === driver.id && isDriverActiveStatus(booking.status) && driverNextStep(booking.serviceType, booking.status) === 'completed';
    if (completesNow && booking.businessDate > pacificDateKey(ctx.now())) {
      throw new AppError('EARLY_COMPLETION_REASON_REQUIRED', 'Completing a job before its day needs a reason: write it in the status message');
    }
  }
  await ctx.db.transaction(async (tx) => {
    // The verb locks the row, checks the assignment and the one allowed next step, and records the update.
    await bookingVerbs(ctx).advance(tx, bookingId, { role: 'driver', userId: driver.id }, input.status, { note: input.message?.trim() || null, location: input.location ?? null });
    const next = input.status;
    const now = ctx.now();
    if (next === 'completed') {
      await repo.deactivateLocation(tx, driver.id, bookingId);
      const status = await repo.findOrCreateDriverStatus(tx, driver.id);
      if (status.currentBookingId === bookingId || !status.currentBookingId) {
        await repo.updateDriverStatusRow(tx, driver.id, { currentBookingId: null, status: status.status === 'busy' ? 'available' : status.status, lastSeen: now });
      }
    } else {
      await repo.updateDriverStatusRow(tx, driver.id, {
        currentBookingId: bookingId,
        status: 'busy',
        lastSeen: now,
        ...(isEnRouteStatus(next) ? { isLocationSharing: true } : {}),
      });
    }
    if (input.location) {
      await repo.recordLocationPoint(tx, { driverId: driver.id, bookingId, ...input.location, heading: null, speed: null, accuracy: null, at: now }, undefined);
    }
  });
  // The status e-mail and, on completion, the store order's fulfilment: subscribers of the booking's events.
  await deliverAfterCommit(ctx, bookingId);
  return (await findBookingView(ctx.db, bookingId))!;
}

/** The assigned driver (or an admin) tells the customer something; the tracking page shows it live. */
export async function postNote(ctx: AppContext, driver: PublicUser, bookingId: string, input: DriverNoteRequest): Promise<BookingUpdateView> {
  const actor = { role: driver.role === 'admin' ? ('admin' as const) : ('driver' as const), userId: driver.id };
  const row = await ctx.db.transaction((tx) => bookingVerbs(ctx).postDriverNote(tx, bookingId, actor, input.message));
  await deliverAfterCommit(ctx, bookingId);
  return toUpdateView(row);
}

/**
 * A point from the driver's phone: the live row for driver+booking is replaced, the history gains a row, and
 * the customer's socket hears about it. Without a bookingId the driver's current job is used.
 */
export async function recordDriverLocation(ctx: AppContext, driver: PublicUser, input: DriverLocationRequest): Promise<DriverLocationAck> {
  const now = ctx.now();
  let bookingId = input.bookingId ?? null;
  if (bookingId) {
    const booking = await repo.findBookingAssignment(ctx.db, bookingId);
    if (!booking) throw new AppError('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    if (booking.assignedDriverId !== driver.id) throw new AppError('NOT_YOUR_BOOKING', NOT_ASSIGNED);
    if (!isDriverActiveStatus(booking.status)) throw new AppError('BOOKING_NOT_ACTIVE', 'This booking is no longer active');
  } else {
    const status = await repo.findOrCreateDriverStatus(ctx.db, driver.id);
    if (status.currentBookingId) {
      const booking = await repo.findBookingAssignment(ctx.db, status.currentBookingId);
      if (booking && booking.assignedDriverId === driver.id && isDriverActiveStatus(booking.status)) bookingId = booking.id;
    }
  }
  // The write path is this one statement (plus the assignment check above): location, history, last seen, event.
  // The customer's tracking page hears the point of their booking; the dispatch board (staff channel) hears every point.
  await repo.recordLocationPoint(
    ctx.db,
    { driverId: driver.id, bookingId, latitude: input.latitude, longitude: input.longitude, heading: input.heading ?? null, speed: input.speed ?? null, accuracy: input.accuracy ?? null, at: now },
    ctx.events.notifySql({
      type: 'driver_location_update',
      bookingId,
      driverId: driver.id,
      latitude: input.latitude,
      longitude: input.longitude,
      speed: input.speed ?? null,
      heading: input.heading ?? null,
      at: now.toISOString(),
    }),
  );
  return { ok: true, bookingId, updatedAt: now.toISOString() };
}

export const LOCATION_HISTORY_DAYS = 30;

/** The daily job: location history older than 30 days is deleted. */
export async function pruneLocationHistory(ctx: Pick<AppContext, 'db' | 'now'>): Promise<number> {
  const cutoff = new Date(ctx.now().getTime() - LOCATION_HISTORY_DAYS * 86_400_000);
  return repo.deleteLocationsBefore(ctx.db, cutoff);
}

