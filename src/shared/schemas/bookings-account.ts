import { z } from 'zod';
import { BOOKING_STATUSES } from '../domain';
import type { BookingView } from './bookings';
import { pageQuery, type Page } from './common';

/** GET /api/bookings: a page of the customer's bookings, optionally of one status (the reviews page asks for completed). */
export const accountBookingsQuery = pageQuery.extend({
  status: z.enum(BOOKING_STATUSES, { error: 'Unknown booking status' }).optional(),
});
export type AccountBookingsQuery = z.infer<typeof accountBookingsQuery>;

/** The customer's own booking calls: history, cancel, reschedule, review, receipt (issue 5). */

export const rescheduleRequest = z.object({
  /** The id available-slots returned: YYYY-MM-DDTHH:mm, Pacific wall time. */
  slotId: z
    .string({ error: 'Please select a time' })
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Please select a valid time slot' }),
  /** Accepted for the spec's payload shape; the slot id alone decides the new time. */
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
export interface AccountBooking extends BookingView {
  /** null when the customer may cancel/reschedule; otherwise why not. */
  selfServiceBlock: 'status' | 'too_late' | null;
  /** The last moment a change is allowed (ISO). */
  changeDeadline: string;
}
export type AccountBookingsPage = Page<AccountBooking>;

export interface ReviewResponse {
  message: string;
  booking: AccountBooking;
  service: { id: string; rating: string; reviewCount: number };
}

export interface Receipt {
  bookingId: string;
  bookingNumber: string;
  business: { name: string; address: string; phone: string; email: string };
  customer: { fullName: string; email: string; phone: string | null };
  serviceName: string;
  serviceType: 'mobile' | 'pickup' | 'serviceLocation';
  scheduledDate: string;
  address: { street: string; city: string; state: string; zipCode: string } | null;
  status: string;
  issuedAt: string;
  lines: Array<{ label: string; amount: string }>;
  subtotal: string;
  tax: string;
  total: string;
  payment: { status: string; brand: string | null; last4: string | null; provider: string | null };
}
