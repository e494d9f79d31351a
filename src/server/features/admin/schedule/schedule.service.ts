import type { PaymentStatus } from '../../../../shared/booking-lifecycle';
import { fromCents } from '../../../../shared/money';
import type {
  AppointmentRequest,
  AvailabilityRequest,
  AvailabilityRow,
  BlockTimeRequest,
  BulkAvailabilityRequest,
  ClosureRequest,
  ClosureRow,
  ScheduleDay,
  ScheduleWeek,
  WeeklyHoursRequest,
} from '../../../../shared/schemas/admin-schedule';
import { BULK_MAX_DAYS } from '../../../../shared/schemas/admin-schedule';
import type { BookingView } from '../../../../shared/schemas/bookings';
import { closureApplies } from '../../../../shared/slots';
import { addDaysToKey, dayOfWeek, minutesOfDay, pacificDateKey } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { deliverAfterCommit } from '../../../events/booking-events';
import { assertBookingOpen, bookingVerbs, priceAppointment, type BookingActor } from '../../bookings';
import { findBookingView, openWindows } from '../../bookings';
import { resolveClient } from '../../clients';
import * as bookingsRepo from '../bookings/admin-bookings.repository';
import { blockNotes } from '../../bookings';
import * as repo from './schedule.repository';
import { placementCheck } from '../dispatch/placement-check';

export const BLOCKED_NAME = 'BLOCKED TIME';

const ADMIN: BookingActor = { role: 'admin' };

// The week grid

export async function scheduleWeek(ctx: AppContext, startDate: string, days = 7): Promise<ScheduleWeek> {
  const endDate = addDaysToKey(startDate, days - 1);
  const [availability, closures, appointments] = await Promise.all([
    repo.listAvailability(ctx.db, startDate, endDate),
    repo.listClosures(ctx.db, startDate, endDate),
    repo.appointmentsBetween(ctx.db, startDate, endDate),
  ]);
  const result: ScheduleDay[] = [];
  for (let i = 0; i < days; i++) {
    const date = addDaysToKey(startDate, i);
    const dayAvailability = availability.filter((a) => a.date === date);
    const windows = await openWindows(ctx.db, date);
    result.push({
      date,
      dayOfWeek: dayOfWeek(date),
      closure: closures.find((c) => closureApplies(c, date)) ?? null,
      windows: windows.map((w) => ({ startTime: w.start, endTime: w.end, capacity: w.capacity })),
      windowsSource: dayAvailability.length ? 'availability' : 'weekly',
      availability: dayAvailability,
      appointments: appointments.filter((a) => a.businessDate === date).map(({ businessDate: _, ...rest }) => rest),
    });
  }
  return { startDate, days: result };
}

// Appointments and blocked time

const APPOINTMENT_PAYMENT_STATUS = { on_site: 'on_site', link: 'link_sent', later: 'unpaid' } as const satisfies Record<AppointmentRequest['payment'], PaymentStatus>;

export async function createAppointment(ctx: AppContext, input: AppointmentRequest): Promise<BookingView> {
  const service = await bookingsRepo.findService(ctx.db, input.serviceId);
  if (!service) throw new AppError('SERVICE_REQUIRED', 'Please choose a service');
  const userId = await repo.findCustomerIdByEmail(ctx.db, input.customerEmail);
  // The same pricing rule as the web checkout; the customer's saved vehicles may be named.
  const { price, vehicleText } = await priceAppointment(ctx, { serviceId: service.id, vehicles: input.vehicles, ownerUserId: userId ?? null });
  const address = input.serviceType === 'serviceLocation' ? null : (input.address ?? null);
  // The verb claims the time by staff rules (inside the notice too; over capacity or the hours only with the owner's override).
  const id = await ctx.db.transaction(async (tx) => {
    const clientId = await resolveClient(tx, { userId, name: input.customerName, email: input.customerEmail, phone: input.customerPhone }, ctx.now());
    return bookingVerbs(ctx).book(
      tx,
      ADMIN,
      {
        userId: userId ?? null,
        clientId,
        serviceId: service.id,
        serviceType: input.serviceType,
        slotId: `${input.date}T${input.time}`,
        durationMinutes: price.minutes,
        servicePrice: fromCents(price.subtotalCents),
        totalAmount: fromCents(price.totalCents),
        serviceFee: fromCents(price.serviceFeeCents),
        tax: fromCents(price.taxCents),
        vehicle: vehicleText,
        guestName: input.customerName,
        guestEmail: input.customerEmail,
        guestPhone: input.customerPhone,
        notes: input.notes,
        addressStreet: address?.street ?? null,
        addressCity: address?.city ?? null,
        addressState: address?.state ?? null,
        addressZip: address?.zipCode ?? null,
        latitude: address?.latitude != null ? String(address.latitude) : null,
        longitude: address?.longitude != null ? String(address.longitude) : null,
        source: 'admin',
      },
      { paymentStatus: APPOINTMENT_PAYMENT_STATUS[input.payment], guestLink: !userId, job: price, override: input.override },
    );
  });
  // The same confirmation as a web booking (when, where, the total, the tracking link, a guest's with its
  // token, and the .ics): the customer-mail subscriber of the `created` event, delivered before the answer.
  await deliverAfterCommit(ctx, id);
  return (await findBookingView(ctx.db, id))!;
}

export async function updateAppointment(ctx: AppContext, id: string, input: AppointmentRequest): Promise<BookingView> {
  const existing = await bookingsRepo.findBookingRow(ctx.db, id);
  if (!existing) throw new AppError('APPOINTMENT_NOT_FOUND', 'Appointment not found');
  // An appointment's form would give blocked time a service's length and a customer; it has its own editor.
  if (existing.isBlocked) throw new AppError('BLOCKED_TIME_EDITOR', 'This is blocked time. Edit it in the block editor (date, start, end, reason).');
  assertBookingOpen(existing, 'edited');
  const service = await bookingsRepo.findService(ctx.db, input.serviceId);
  if (!service) throw new AppError('SERVICE_REQUIRED', 'Please choose a service');
  const details = {
    serviceId: service.id,
    durationMinutes: service.duration,
    guestName: input.customerName,
    guestEmail: input.customerEmail,
    guestPhone: input.customerPhone,
    notes: input.notes,
  };
  await ctx.db.transaction((tx) => bookingVerbs(ctx).change(tx, id, ADMIN, { slotId: `${input.date}T${input.time}`, details, by: 'schedule', override: input.override, check: placementCheck(ctx, input.override) }));
  await deliverAfterCommit(ctx, id);
  return (await findBookingView(ctx.db, id))!;
}

export async function deleteAppointment(ctx: AppContext, id: string): Promise<{ message: string }> {
  const deleted = await ctx.db.transaction((tx) => bookingVerbs(ctx).remove(tx, id, ADMIN));
  await deliverAfterCommit(ctx, id);
  if (!deleted) throw new AppError('APPOINTMENT_NOT_FOUND', 'Appointment not found');
  return { message: 'Appointment deleted' };
}

const blockLength = (input: BlockTimeRequest) => minutesOfDay(input.endTime) - minutesOfDay(input.startTime);

/** Blocked time is a booking flagged as blocked: it fills its steps so customers cannot book them. */
export async function blockTime(ctx: AppContext, input: BlockTimeRequest): Promise<BookingView> {
  const serviceId = await repo.firstServiceId(ctx.db);
  if (!serviceId) throw new AppError('SERVICE_REQUIRED', 'Add a service before blocking time');
  const durationMinutes = blockLength(input);
  const id = await ctx.db.transaction((tx) =>
    bookingVerbs(ctx).block(tx, ADMIN, {
      serviceId,
      serviceType: 'serviceLocation',
      slotId: `${input.date}T${input.startTime}`,
      durationMinutes,
      servicePrice: '0.00',
      totalAmount: '0.00',
      serviceFee: '0.00',
      tax: '0.00',
      guestName: BLOCKED_NAME,
      guestEmail: ctx.config.adminEmail,
      notes: blockNotes(input.reason),
      source: 'admin',
    }),
  );
  await deliverAfterCommit(ctx, id);
  return (await findBookingView(ctx.db, id))!;
}

/**
 * The block editor saves exactly what it shows: the date, start, end and reason. A new span is a move
 * (the verb claims it with the block's own place freed first, so shrinking frees time and growing takes
 * it); an unchanged save keeps the same start, end and length.
 */
export async function updateBlockedTime(ctx: AppContext, id: string, input: BlockTimeRequest): Promise<BookingView> {
  const existing = await bookingsRepo.findBookingRow(ctx.db, id);
  if (!existing || !existing.isBlocked) throw new AppError('BLOCKED_TIME_NOT_FOUND', 'Blocked time not found');
  const durationMinutes = blockLength(input);
  const details = { durationMinutes, notes: blockNotes(input.reason) };
  await ctx.db.transaction((tx) => bookingVerbs(ctx).change(tx, id, ADMIN, { slotId: `${input.date}T${input.startTime}`, details, by: 'schedule' }));
  await deliverAfterCommit(ctx, id);
  return (await findBookingView(ctx.db, id))!;
}

// Business availability

export function listAvailability(ctx: AppContext, startDate: string, endDate: string): Promise<AvailabilityRow[]> {
  assertRange(startDate, endDate);
  return repo.listAvailability(ctx.db, startDate, endDate);
}

/** One window on one day; the same window (day, start, end) twice is refused (a double click saves one). */
export async function createAvailability(ctx: AppContext, input: AvailabilityRequest): Promise<AvailabilityRow> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const existing = await repo.existingWindows(ctx.db, [input.date]);
  if (existing.has(`${input.date}|${input.startTime}|${input.endTime}`)) {
    throw new AppError('AVAILABILITY_EXISTS', `There is already a ${input.startTime}–${input.endTime} window on ${input.date}. Edit it instead.`, {
      startTime: input.startTime,
      endTime: input.endTime,
      date: input.date,
    });
  }
  const [row] = await repo.insertAvailability(ctx.db, [toAvailabilityValues(input)]);
  return row!;
}

export async function updateAvailability(ctx: AppContext, id: string, input: AvailabilityRequest): Promise<AvailabilityRow> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const row = await repo.updateAvailability(ctx.db, id, toAvailabilityValues(input));
  if (!row) throw new AppError('AVAILABILITY_NOT_FOUND', 'Availability not found');
  return row;
}

export async function deleteAvailability(ctx: AppContext, id: string): Promise<{ message: string }> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  if (!(await repo.deleteAvailability(ctx.db, id))) throw new AppError('AVAILABILITY_NOT_FOUND', 'Availability not found');
  return { message: 'Availability deleted' };
}

function toAvailabilityValues(input: AvailabilityRequest) {
  return { date: input.date, startTime: input.startTime, endTime: input.endTime, maxCapacity: input.maxCapacity, isActive: input.isActive, notes: input.notes };
}

/** One window per chosen weekday in the range (0 = Sunday; none chosen = every day); exact duplicates are skipped. */
export async function bulkCreateAvailability(ctx: AppContext, input: BulkAvailabilityRequest): Promise<{ created: number; skipped: number; message: string }> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const dates: string[] = [];
  const weekdays = input.daysOfWeek.length ? new Set(input.daysOfWeek) : undefined;
  for (let date = input.startDate, n = 0; date <= input.endDate; date = addDaysToKey(date, 1), n++) {
    if (n >= BULK_MAX_DAYS) throw new AppError('RANGE_TOO_LONG', `A bulk range can cover at most ${BULK_MAX_DAYS} days`, { maxDays: BULK_MAX_DAYS });
    if (!weekdays || weekdays.has(dayOfWeek(date))) dates.push(date);
  }
  return ctx.db.transaction(async (tx) => {
    const existing = await repo.existingWindows(tx, dates);
    const fresh = dates.filter((date) => !existing.has(`${date}|${input.startTime}|${input.endTime}`));
    const rows = await repo.insertAvailability(
      tx,
      fresh.map((date) => ({ date, startTime: input.startTime, endTime: input.endTime, maxCapacity: input.maxCapacity, isActive: true, notes: null })),
    );
    const skipped = dates.length - rows.length;
    return { created: rows.length, skipped, message: `Created ${rows.length} availability slot${rows.length === 1 ? '' : 's'}${skipped ? ` (${skipped} already existed)` : ''}` };
  });
}

// Closures

/** Closures in a range; with no range, from today (Pacific) on — the next year — and every recurring one. */
export function listClosures(ctx: AppContext, startDate?: string, endDate?: string): Promise<ClosureRow[]> {
  const from = startDate ?? pacificDateKey(ctx.now());
  const to = endDate ?? addDaysToKey(from, BULK_MAX_DAYS - 1);
  assertRange(from, to);
  return repo.listClosures(ctx.db, from, to);
}

/** Marks a day unavailable; the answer says how many customer bookings stand on it, to be moved or cancelled. */
export async function createClosure(ctx: AppContext, input: ClosureRequest): Promise<ClosureRow & { affectedBookings: number }> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const closure = await repo.insertClosure(ctx.db, closureValues(input));
  return { ...closure, affectedBookings: await repo.countBookingsOn(ctx.db, input.date) };
}

export async function updateClosure(ctx: AppContext, id: string, input: ClosureRequest): Promise<ClosureRow & { affectedBookings: number }> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const closure = await repo.updateClosure(ctx.db, id, closureValues(input));
  if (!closure) throw new AppError('CLOSURE_NOT_FOUND', 'Closure not found');
  return { ...closure, affectedBookings: await repo.countBookingsOn(ctx.db, input.date) };
}

export async function deleteClosure(ctx: AppContext, id: string): Promise<{ message: string }> {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  if (!(await repo.deleteClosure(ctx.db, id))) throw new AppError('CLOSURE_NOT_FOUND', 'Closure not found');
  return { message: 'Day reopened' };
}

function closureValues(input: ClosureRequest) {
  return { date: input.date, name: input.name, reason: input.reason, type: input.type, isRecurring: input.isRecurring };
}

// Weekly hours

export const listWeeklyHours = (ctx: AppContext) => repo.listWeeklyHours(ctx.db);

export async function saveWeeklyHours(ctx: AppContext, input: WeeklyHoursRequest) {
  ctx.caches.slotDays.touch(null); // read uncached here until the NOTIFY lands (decision 018)
  const days = new Set(input.days.map((d) => d.dayOfWeek));
  if (days.size !== 7) throw new AppError('WEEK_INCOMPLETE', 'Give the hours of all seven days');
  await repo.upsertWeeklyHours(ctx.db, input.days);
  return repo.listWeeklyHours(ctx.db);
}

function assertRange(startDate: string, endDate: string) {
  if (addDaysToKey(startDate, BULK_MAX_DAYS) < endDate) throw new AppError('RANGE_TOO_LONG', `A range can cover at most ${BULK_MAX_DAYS} days`, { maxDays: BULK_MAX_DAYS });
}
