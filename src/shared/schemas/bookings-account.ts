import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import { bookingJobView } from './booking-lines';
import { bookingView } from './bookings';
import { pageOf, pageQuery } from './common';
import { ledgerEntry, ledgerSummary } from './payments';

/** GET /api/bookings: a page of the customer's bookings, optionally of one status (the reviews page asks for completed). */
export const accountBookingsQuery = pageQuery.extend({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }).optional(),
});
export type AccountBookingsQuery = z.infer<typeof accountBookingsQuery>;

/** The customer's own booking calls: history, cancel, reschedule, review, receipt. */

export const rescheduleRequest = z.object({
  /** The id available-slots returned: YYYY-MM-DDTHH:mm, Pacific wall time. */
  slotId: z
    .string({ error: 'Please select a time' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Please select a valid time slot' }),
  /** Accepted so older clients' payloads still parse; the slot id alone decides the new time. */
  scheduledDate: z.string().max(40).optional(),
});
export type RescheduleRequest = z.infer<typeof rescheduleRequest>;

export const reviewRequest = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5' })
    .int({ error: 'Please choose a rating from 1 to 5' })
    .min(1, { error: 'Please choose a rating from 1 to 5' })
    .max(5, { error: 'Please choose a rating from 1 to 5' }),
  review: z
    .string({ error: 'Review must be text' })
    .trim()
    .max(2000, { error: 'Review must be at most 2000 characters' })
    .optional()
    .transform((value) => (value ? value : null)),
});
export type ReviewRequest = z.input<typeof reviewRequest>;

/** A booking in the customer's history, with what they may still do themselves. */
export const accountBooking = bookingView.extend({
  /** null when the customer may reschedule; otherwise why not. */
  selfServiceBlock: z.enum(['status', 'too_late']).nullable(),
  /** The last moment a reschedule is allowed (ISO). */
  changeDeadline: z.string(),
  /** null when the customer may cancel online (up to 2 hours before the start, decision 066); otherwise why not. */
  cancelBlock: z.enum(['status', 'too_late']).nullable(),
  cancelDeadline: z.string(),
});
export type AccountBooking = z.infer<typeof accountBooking>;
export const accountBookingsPage = pageOf(accountBooking);
export type AccountBookingsPage = z.infer<typeof accountBookingsPage>;

export const reviewResponse = z.object({
  message: z.string(),
  booking: accountBooking,
  service: z.object({ id: z.string(), rating: z.string(), reviewCount: z.number() }),
});
export type ReviewResponse = z.infer<typeof reviewResponse>;

export const receipt = z.object({
  bookingId: z.string(),
  bookingNumber: z.string(),
  business: z.object({ name: z.string(), address: z.string(), phone: z.string(), email: z.string() }),
  customer: z.object({ fullName: z.string(), email: z.string(), phone: z.string().nullable() }),
  serviceName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  scheduledDate: z.string(),
  address: z.object({ street: z.string(), city: z.string(), state: z.string(), zipCode: z.string() }).nullable(),
  status: z.enum(BOOKING_STATUSES),
  issuedAt: z.string(),
  lines: z.array(z.object({ label: z.string(), amount: z.string() })),
  /** The vehicles and lines the booking was sold as (docs/decisions/043), as the receipt page shows them. */
  job: bookingJobView,
  subtotal: z.string(),
  tax: z.string(),
  total: z.string(),
  payment: z.object({ status: z.enum(PAYMENT_STATUSES), brand: z.string().nullable(), last4: z.string().nullable(), provider: z.string().nullable() }),
  /** Every money movement of the booking, oldest first, and what they add up to (decision 049). */
  payments: z.array(ledgerEntry),
  paymentSummary: ledgerSummary,
});
export type Receipt = z.infer<typeof receipt>;
