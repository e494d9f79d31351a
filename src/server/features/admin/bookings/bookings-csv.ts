import { Readable } from 'node:stream';
import type { AdminBookingsFilter } from '../../../../shared/schemas/admin-bookings';
import type { BookingView } from '../../../../shared/schemas/bookings';
import { pacificDateKey, pacificTimeOfDay } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { fromCents } from '../../../../shared/money';
import { listBookingViews, revenueByBooking } from '../../bookings';
import * as repo from './admin-bookings.repository';

/** Rows are read from the database this many at a time while the file streams out. */
export const CSV_BATCH = 500;

/**
 * One CSV cell (RFC 4180): always quoted, quotes doubled. A value a spreadsheet would run as a formula
 * (starting with = + - @, or a tab / carriage return) gets a leading apostrophe (OWASP "CSV injection").
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value == null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

export const csvRow = (cells: Array<string | number | null | undefined>): string => `${cells.map(csvCell).join(',')}\r\n`;

export const CSV_HEADER = ['Booking', 'Date', 'Time', 'Status', 'Payment', 'Type', 'Service', 'Customer', 'Email', 'Phone', 'Address', 'Driver', 'Total', 'Paid', 'Notes', 'Created'];

/** `paidCents`: what the booking brought in, net of refunds, from the ledger (decision 049). */
function bookingCells(b: BookingView, paidCents: number) {
  const start = new Date(b.scheduledDate);
  return [
    b.id.slice(-8).toUpperCase(),
    pacificDateKey(start),
    pacificTimeOfDay(start),
    b.status,
    b.paymentStatus,
    b.serviceType,
    b.serviceName,
    b.user?.fullName ?? b.guestName,
    b.user?.email ?? b.guestEmail,
    b.user?.phone ?? b.guestPhone,
    b.address ? `${b.address.street}, ${b.address.city}, ${b.address.state} ${b.address.zipCode}` : null,
    b.driver?.fullName ?? null,
    b.totalAmount,
    fromCents(paidCents),
    b.notes,
    b.createdAt,
  ];
}

/** The filtered list as CSV, in the list's order, streamed batch by batch (a byte-order mark first, for spreadsheets). */
export function bookingsCsv(ctx: AppContext, filter: AdminBookingsFilter): Readable {
  const where = repo.adminBookingsWhere(filter);
  const orderBy = repo.adminBookingsOrder(filter.sort, ctx.now());
  async function* rows() {
    yield `\uFEFF${csvRow(CSV_HEADER)}`;
    for (let page = 1; ; page++) {
      const batch = await listBookingViews(ctx.db, { where, orderBy, page, pageSize: CSV_BATCH });
      const paid = await revenueByBooking(ctx.db, batch.items.map((b) => b.id));
      for (const booking of batch.items) yield csvRow(bookingCells(booking, paid.get(booking.id) ?? 0));
      if (batch.items.length < CSV_BATCH) return;
    }
  }
  return Readable.from(rows());
}
