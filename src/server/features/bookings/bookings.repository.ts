import { count, desc, eq, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { updateMessage } from '../../../shared/booking-lifecycle';
import type { BookingUpdateView, BookingView } from '../../../shared/schemas/bookings';
import type { DbOrTx } from '../../db/client';
import { type bookingLines, bookings, bookingUpdates, services, users } from '../../db/schema';
import { jobViewOfBooking, jobViewOfLines, linesOfBookings } from './booking-lines.repository';

const driver = alias(users, 'driver');

/** The one query behind every BookingView: booking, service, customer and driver, explicit columns only. */
function bookingViewSelect(db: DbOrTx) {
  return db
    .select({
      booking: bookings,
      service: { id: services.id, name: services.name, description: services.description, price: services.price, duration: services.duration, imageUrl: services.imageUrl },
      user: { fullName: users.fullName, email: users.email, phone: users.phone },
      driver: { id: driver.id, fullName: driver.fullName, phone: driver.phone },
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .leftJoin(users, eq(users.id, bookings.userId))
    .leftJoin(driver, eq(driver.id, bookings.assignedDriverId));
}

type Row = Awaited<ReturnType<ReturnType<typeof bookingViewSelect>['execute']>>[number];

/** Coordinates are stored as text; anything that is not a finite number is no coordinate. */
function coordinate(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

function toView(row: Row, lines: Map<string, (typeof bookingLines.$inferSelect)[]>): BookingView {
  const b = row.booking;
  const own = lines.get(b.id);
  return {
    id: b.id,
    status: b.status,
    serviceType: b.serviceType,
    scheduledDate: b.scheduledDate.toISOString(),
    businessDate: b.businessDate,
    durationMinutes: b.durationMinutes,
    totalAmount: b.totalAmount,
    serviceFee: b.serviceFee,
    tax: b.tax,
    notes: b.notes,
    vehicle: b.vehicle,
    accessNotes: b.accessNotes,
    coveredParking: b.coveredParking,
    createdAt: b.createdAt.toISOString(),
    updatedAt: b.updatedAt.toISOString(),
    serviceId: b.serviceId,
    service: row.service,
    serviceName: row.service.name,
    addressId: b.addressId,
    address: b.addressStreet ? { street: b.addressStreet, city: b.addressCity ?? '', state: b.addressState ?? '', zipCode: b.addressZip ?? '' } : null,
    latitude: coordinate(b.latitude),
    longitude: coordinate(b.longitude),
    userId: b.userId,
    user: row.user && row.user.email ? row.user : null,
    guestName: b.guestName,
    guestEmail: b.guestEmail,
    guestPhone: b.guestPhone,
    assignedDriverId: b.assignedDriverId,
    driver: row.driver && row.driver.id ? row.driver : null,
    rating: b.rating,
    review: b.review,
    paymentStatus: b.paymentStatus,
    paymentMethodBrand: b.paymentMethodBrand,
    paymentMethodLast4: b.paymentMethodLast4,
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    isBlocked: b.isBlocked,
    source: b.source,
    job: own && own.length > 0 ? jobViewOfLines(own) : jobViewOfBooking(b, row.service.name),
  };
}

export async function findBookingView(db: DbOrTx, id: string): Promise<BookingView | undefined> {
  const [row] = await bookingViewSelect(db).where(eq(bookings.id, id));
  return row && toView(row, await linesOfBookings(db, [row.booking.id]));
}

/** A page of bookings, newest first, for any filter the caller builds (owner, driver, status, dates…). */
export async function listBookingViews(db: DbOrTx, options: { where?: SQL; page: number; pageSize: number; orderBy?: SQL[] }) {
  const [rows, [total]] = await Promise.all([
    bookingViewSelect(db)
      .where(options.where)
      .orderBy(...(options.orderBy ?? [desc(bookings.createdAt), desc(bookings.id)]))
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize),
    db.select({ value: count() }).from(bookings).leftJoin(users, eq(users.id, bookings.userId)).innerJoin(services, eq(services.id, bookings.serviceId)).where(options.where),
  ]);
  const lines = await linesOfBookings(db, rows.map((r) => r.booking.id));
  return { items: rows.map((row) => toView(row, lines)), page: options.page, pageSize: options.pageSize, total: total?.value ?? 0 };
}

export async function listBookingUpdates(db: DbOrTx, bookingId: string, limit = 50): Promise<BookingUpdateView[]> {
  const rows = await db
    .select()
    .from(bookingUpdates)
    .where(eq(bookingUpdates.bookingId, bookingId))
    .orderBy(desc(bookingUpdates.createdAt))
    .limit(limit);
  return rows.map(toUpdateView);
}


/** An update as the API shows it: kind + params for the client's words, and the English sentence as `message`. */
export function toUpdateView(u: typeof bookingUpdates.$inferSelect): BookingUpdateView {
  return {
    id: u.id,
    bookingId: u.bookingId,
    status: u.status,
    kind: u.kind,
    params: u.params,
    message: updateMessage({ kind: u.kind, params: u.params, note: u.message }),
    driverId: u.driverId,
    createdAt: u.createdAt.toISOString(),
  };
}
