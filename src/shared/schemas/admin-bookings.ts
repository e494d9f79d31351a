import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import { bookingUpdateView, bookingView } from './bookings';
import { dateKey, pageQuery } from './common';
import { optionalText, requiredDate, requiredTime, uuid } from './admin-fields';

/**
 * The back office's bookings: the list's filters and sorts, status changes, cancel, reschedule and edit,
 * driver assignment, and the booking with its history.
 */
/** How the bookings list is ordered: by job time (upcoming soonest first, then past ones latest first) unless asked. */
export const ADMIN_BOOKING_SORTS = ['job', 'job_asc', 'job_desc', 'newest'] as const;

/** The bookings list's filters (also the CSV export's): status, payment, driver, type, job-day range, text or phone. */
export const adminBookingsFilter = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown status' }).optional(),
  paymentStatus: z.enum(PAYMENT_STATUSES, { error: 'Unknown payment status' }).optional(),
  /** A driver's id, or 'unassigned'. */
  driverId: z.union([z.literal('unassigned'), z.uuid({ error: 'Not a valid driver id' })], { error: 'Not a valid driver id' }).optional(),
  serviceType: z.enum(SERVICE_TYPES, { error: 'Unknown service type' }).optional(),
  from: dateKey.optional(),
  to: dateKey.optional(),
  search: z.string().trim().max(100).optional(),
  sort: z.enum(ADMIN_BOOKING_SORTS, { error: 'Unknown sort' }).default('job'),
});
export const adminBookingsQuery = pageQuery.extend(adminBookingsFilter.shape);
export type AdminBookingsQuery = z.infer<typeof adminBookingsQuery>;
export type AdminBookingsFilter = z.infer<typeof adminBookingsFilter>;

export const bookingStatusRequest = z.object({
  status: z.enum(BOOKING_STATUSES, { error: 'Please choose a valid status' }),
  message: optionalText(500),
});

/** The admin cancels a booking through the booking core (a paid one is refunded); the message goes to the customer's history. */
export const adminCancelRequest = z.object({ message: optionalText(500) });
export type AdminCancelRequest = z.infer<typeof adminCancelRequest>;

/** Reschedule (date and time) and edit (service, saved address, notes) in one body. */
export const adminBookingUpdateRequest = z.object({
  date: requiredDate(),
  time: requiredTime(),
  serviceId: z.uuid({ error: 'Please choose a service' }).optional(),
  addressId: z.uuid({ error: 'Please choose a saved address' }).nullish(),
  notes: optionalText().optional(),
  /** The owner confirmed moving it outside the hours or over capacity after a refusal that said `overridable` (decision 047). */
  override: z.boolean().optional(),
});
export type AdminBookingUpdateRequest = z.infer<typeof adminBookingUpdateRequest>;

export const driverAssignParams = z.object({
  driverId: z.union([z.literal('unassign'), z.uuid({ error: 'Not a valid driver id' })], { error: 'Not a valid driver id' }),
  bookingId: uuid('Not a valid booking id'),
});

/** The owner confirmed the assignment over a conflict of the technician's day (decision 056). */
export const driverAssignRequest = z.object({ override: z.boolean().optional() }).optional();

export const adminBooking = bookingView.extend({ updates: z.array(bookingUpdateView) });
export type AdminBooking = z.infer<typeof adminBooking>;

/** The answer to a cancel: the booking, and whether card money went back. */
export const adminCancelResponse = z.object({ booking: adminBooking, refunded: z.boolean(), message: z.string() });
