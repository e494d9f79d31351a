import { and, asc, eq, ne } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/format';
import type { DriverRouteResponse, DriverRouteStop } from '../../../shared/schemas/technicians';
import { minutesOfDay, pacificDateKey, pacificTimeOfDay } from '../../../shared/time';
import type { Point } from '../../../shared/travel';
import type { AppContext } from '../../context';
import { bookings, services, technicianProfiles } from '../../db/schema';
import { travelFnFor } from '../travel';
import { pointOf } from './technician-days.repository';

/**
 * The driver's route for a day (issue 24): their own jobs in start order, each with the drive to it from their
 * start place (the business's address when they set none) or from the previous job, asked of the same travel
 * function the slot engine uses. An on-site job is at the business; a job without a place has no drive and
 * the next one is driven to from the last known place.
 */
export async function driverRoute(ctx: AppContext, userId: string, date: string | undefined): Promise<DriverRouteResponse> {
  const day = date ?? pacificDateKey(ctx.now());
  const base = ctx.config.business.location;
  const [rows, [profile]] = await Promise.all([
    ctx.db
      .select({
        id: bookings.id,
        scheduledDate: bookings.scheduledDate,
        durationMinutes: bookings.durationMinutes,
        serviceType: bookings.serviceType,
        service: services.name,
        street: bookings.addressStreet,
        city: bookings.addressCity,
        state: bookings.addressState,
        zip: bookings.addressZip,
        latitude: bookings.latitude,
        longitude: bookings.longitude,
      })
      .from(bookings)
      .innerJoin(services, eq(services.id, bookings.serviceId))
      .where(and(eq(bookings.assignedDriverId, userId), eq(bookings.businessDate, day), ne(bookings.status, 'cancelled'), eq(bookings.isBlocked, false)))
      .orderBy(asc(bookings.scheduledDate), asc(bookings.id)),
    ctx.db.select({ latitude: technicianProfiles.startLatitude, longitude: technicianProfiles.startLongitude }).from(technicianProfiles).where(eq(technicianProfiles.userId, userId)),
  ]);
  const start: Point = profile && profile.latitude !== null && profile.longitude !== null ? { latitude: profile.latitude, longitude: profile.longitude } : base;
  const jobs = rows.map((row) => {
    const onSite = row.serviceType === 'serviceLocation';
    const point = onSite ? base : pointOf(row.latitude, row.longitude);
    const address = onSite ? ctx.config.business.address : row.street ? `${row.street}, ${row.city ?? ''}, ${row.state ?? ''} ${row.zip ?? ''}`.replace(/\s+/g, ' ').trim() : null;
    const startTime = pacificTimeOfDay(row.scheduledDate);
    return { row, point, address, startTime, startMinute: minutesOfDay(startTime) };
  });
  const travel = await travelFnFor(ctx, [start, ...jobs.flatMap((j) => (j.point ? [j.point] : []))]);

  let from = start;
  let leaveAt: number | null = null;
  let total = 0;
  const stops: DriverRouteStop[] = jobs.map((job) => {
    let driveMinutes: number | null = null;
    if (job.point) {
      // The first drive is banded by the job's start; later ones by when the previous job ends.
      driveMinutes = travel(from, job.point, leaveAt ?? job.startMinute);
      total += driveMinutes;
      from = job.point;
    }
    leaveAt = job.startMinute + job.row.durationMinutes;
    return {
      bookingId: job.row.id,
      number: bookingNumber(job.row.id),
      start: job.startTime,
      service: job.row.service,
      address: job.address,
      latitude: job.point?.latitude ?? null,
      longitude: job.point?.longitude ?? null,
      driveMinutes,
    };
  });
  return { date: day, stops, totalDriveMinutes: total };
}
