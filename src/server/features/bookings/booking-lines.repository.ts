import { asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BookingLineKind, SizeClass } from '../../../shared/domain';
import type { JobPrice } from '../../../shared/pricing';
import { fromCents, toCents } from '../../../shared/money';
import type { BookingJobView, BookingLineView, BookingVehicleView } from '../../../shared/schemas/booking-lines';
import type { DbOrTx } from '../../db/client';
import { bookingLines, services, type bookings } from '../../db/schema';

type LineRow = typeof bookingLines.$inferSelect;
type BookingRow = typeof bookings.$inferSelect;

const VEHICLE_KINDS = new Set(['service', 'add_on']);

function lineView(row: LineRow): BookingLineView {
  return { kind: row.kind, label: row.label, amount: fromCents(row.amountCents), minutes: row.minutes, itemId: row.itemId };
}

/** The job view of one booking's lines, vehicles in their order, each vehicle's service before its add-ons. */
export function jobViewOfLines(rows: LineRow[]): BookingJobView {
  const sorted = [...rows].sort((a, b) => a.position - b.position);
  const vehicles = new Map<number, BookingVehicleView & { cents: number }>();
  const extras: BookingLineView[] = [];
  for (const row of sorted) {
    if (!VEHICLE_KINDS.has(row.kind) || row.vehicleIndex === null) {
      extras.push(lineView(row));
      continue;
    }
    let vehicle = vehicles.get(row.vehicleIndex);
    if (!vehicle) {
      vehicle = { index: row.vehicleIndex, vehicleId: row.vehicleId, label: row.vehicleLabel, sizeClass: (row.sizeClass ?? 'sedan') as SizeClass, lines: [], amount: '0.00', minutes: 0, cents: 0 };
      vehicles.set(row.vehicleIndex, vehicle);
    }
    vehicle.lines.push(lineView(row));
    vehicle.cents += row.amountCents;
    vehicle.minutes += row.minutes;
  }
  return {
    vehicles: [...vehicles.values()].sort((a, b) => a.index - b.index).map(({ cents, ...v }) => ({ ...v, amount: fromCents(cents) })),
    extras,
  };
}

/**
 * What a booking without lines shows: blocked time has no job; anything else (a row written before lines, or
 * mid-write) reads as one vehicle with its service, then fee and tax, from the booking's own columns.
 */
export function jobViewOfBooking(b: BookingRow, serviceName: string): BookingJobView {
  if (b.isBlocked) return { vehicles: [], extras: [] };
  return {
    vehicles: [
      {
        index: 0,
        vehicleId: null,
        label: b.vehicle && b.vehicle.trim() !== '' ? b.vehicle : null,
        sizeClass: 'sedan',
        lines: [{ kind: 'service', label: serviceName, amount: b.servicePrice, minutes: b.durationMinutes, itemId: b.serviceId }],
        amount: b.servicePrice,
        minutes: b.durationMinutes,
      },
    ],
    extras: [
      { kind: 'service_fee', label: 'Service fee', amount: b.serviceFee, minutes: 0, itemId: null },
      { kind: 'tax', label: 'Tax', amount: b.tax, minutes: 0, itemId: null },
    ],
  };
}

/** Every line of these bookings, grouped by booking. */
export async function linesOfBookings(db: DbOrTx, bookingIds: string[]): Promise<Map<string, LineRow[]>> {
  const byBooking = new Map<string, LineRow[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db.select().from(bookingLines).where(inArray(bookingLines.bookingId, bookingIds)).orderBy(asc(bookingLines.bookingId), asc(bookingLines.position));
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? [];
    list.push(row);
    byBooking.set(row.bookingId, list);
  }
  return byBooking;
}

/**
 * A new booking's lines from its price (shared/pricing.ts priceJob), in order: each vehicle's service and
 * add-ons, then the discount, travel fee (when there is one), service fee and tax.
 */
export function lineRowsOf(price: JobPrice): Omit<typeof bookingLines.$inferInsert, 'bookingId'>[] {
  const rows: Omit<typeof bookingLines.$inferInsert, 'bookingId'>[] = [];
  price.vehicles.forEach((vehicle, index) => {
    for (const line of vehicle.lines) {
      rows.push({ vehicleIndex: index, vehicleId: vehicle.vehicleId ?? null, vehicleLabel: vehicle.label ?? null, sizeClass: vehicle.sizeClass, kind: line.kind, itemId: line.itemId ?? null, label: line.label, amountCents: line.cents, minutes: line.minutes, position: rows.length });
    }
  });
  const bookingWide = (kind: BookingLineKind, label: string, cents: number) => rows.push({ vehicleIndex: null, vehicleId: null, vehicleLabel: null, sizeClass: null, kind, itemId: null, label, amountCents: cents, minutes: 0, position: rows.length });
  if (price.discountCents > 0) bookingWide('discount', price.discountLabel ?? 'Discount', -price.discountCents);
  if (price.travelFeeCents > 0) bookingWide('travel_fee', 'Travel fee', price.travelFeeCents);
  bookingWide('service_fee', 'Service fee', price.serviceFeeCents);
  bookingWide('tax', 'Tax', price.taxCents);
  return rows;
}

/** Writes a new booking's lines (lineRowsOf), in the transaction that inserts the booking. */
export async function insertBookingLines(tx: DbOrTx, bookingId: string, price: JobPrice): Promise<void> {
  await tx.insert(bookingLines).values(lineRowsOf(price).map((row) => ({ ...row, bookingId })));
}

/**
 * The insert of a new booking's lines as part of the statement that inserts the booking (a hold's, under the
 * day's lock: one round trip less there). `bookingId` is the inserted row's id; `lines` a json array of
 * lineRowsOf's rows (a placeholder of the prepared statement). Every column is listed, as Drizzle's insert …
 * select writes them all: the id and time are the columns' defaults.
 */
export function insertLinesOfJson(db: DbOrTx, from: SQL, bookingId: SQL, lines: SQL) {
  return db.insert(bookingLines).select(sql`select gen_random_uuid(), ${bookingId}, l."vehicleIndex", l."vehicleId", l."vehicleLabel", l."sizeClass", l.kind, l."itemId", l.label, l."amountCents", l.minutes, l.position, now()
    from ${from}, json_to_recordset(${lines}) as l("vehicleIndex" integer, "vehicleId" uuid, "vehicleLabel" text, "sizeClass" text, kind text, "itemId" uuid, label text, "amountCents" integer, minutes integer, position integer)`);
}

/**
 * The columns a booking is priced by (servicePrice is what is taxed: subtotal − discount). `serviceFee` holds
 * every untaxed fee — the service fee and the travel fee — so service price + fees + tax is the total; the
 * lines keep them apart.
 */
export function pricedColumns(price: JobPrice) {
  return {
    servicePrice: fromCents(price.subtotalCents - price.discountCents),
    serviceFee: fromCents(price.serviceFeeCents + price.travelFeeCents),
    tax: fromCents(price.taxCents),
    totalAmount: fromCents(price.totalCents),
    durationMinutes: price.minutes,
  };
}

/**
 * A booking written from its columns alone (a caller that priced it without priceJob): one vehicle with its
 * service at the stored price and minutes, then fee and tax, so every booking has lines.
 */
export async function jobPriceOfColumns(db: DbOrTx, b: { serviceId: string; servicePrice: string; serviceFee: string; tax: string; totalAmount: string; durationMinutes: number; vehicle?: string | null }): Promise<JobPrice> {
  const [service] = await db.select({ name: services.name }).from(services).where(eq(services.id, b.serviceId));
  const cents = toCents(b.servicePrice);
  const label = b.vehicle?.trim() || undefined;
  return {
    vehicles: [
      {
        sizeClass: 'sedan',
        ...(label ? { label } : {}),
        lines: [{ kind: 'service', itemId: b.serviceId, label: service?.name ?? 'Service', sizeClass: 'sedan', cents, minutes: b.durationMinutes }],
        cents,
        minutes: b.durationMinutes,
      },
    ],
    subtotalCents: cents,
    discountCents: 0,
    serviceFeeCents: toCents(b.serviceFee),
    travelFeeCents: 0,
    taxCents: toCents(b.tax),
    totalCents: toCents(b.totalAmount),
    minutes: b.durationMinutes,
  };
}
