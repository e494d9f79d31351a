import { z } from 'zod';
import { PAYMENT_STATUSES, UPDATE_KINDS } from '../booking-lifecycle';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import { bookingJobView } from './booking-lines';

/**
 * Response schemas are what the server serialises through: a field that is not declared here never
 * leaves the server. The web imports only their types (`import type`), so classic Zod stays out of its bundle.
 */

export const addressView = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
});
export type AddressView = z.infer<typeof addressView>;

/** A booking as clients see it (owner, staff or a tracking-token holder); amounts are decimal strings. */
export const bookingView = z.object({
  id: z.string(),
  status: z.enum(BOOKING_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  scheduledDate: z.string(),
  businessDate: z.string(),
  durationMinutes: z.number(),
  totalAmount: z.string(),
  serviceFee: z.string(),
  tax: z.string(),
  notes: z.string().nullable(),
  /** The customer's car (make, model, colour) and gate code / parking notes, for the driver. */
  vehicle: z.string().nullable(),
  accessNotes: z.string().nullable(),
  /** A mobile job: under a roof (true), in the open (false), not asked (null). */
  coveredParking: z.boolean().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  serviceId: z.string(),
  service: z.object({ id: z.string(), name: z.string(), description: z.string(), price: z.string(), duration: z.number(), imageUrl: z.string().nullable() }),
  serviceName: z.string(),
  addressId: z.string().nullable(),
  address: addressView.nullable(),
  /** Where the job is, when the address was placed on the map (the driver's navigation link uses it). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  userId: z.string().nullable(),
  user: z.object({ fullName: z.string(), email: z.string(), phone: z.string().nullable() }).nullable(),
  guestName: z.string().nullable(),
  guestEmail: z.string().nullable(),
  guestPhone: z.string().nullable(),
  assignedDriverId: z.string().nullable(),
  driver: z.object({ id: z.string(), fullName: z.string(), phone: z.string().nullable() }).nullable(),
  rating: z.number().nullable(),
  review: z.string().nullable(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  paymentMethodBrand: z.string().nullable(),
  paymentMethodLast4: z.string().nullable(),
  holdExpiresAt: z.string().nullable(),
  isBlocked: z.boolean(),
  source: z.string(),
  /** The vehicles and lines the booking was sold as (docs/decisions/043). */
  job: bookingJobView,
});
export type BookingView = z.infer<typeof bookingView>;

/** An update's values (booking-lifecycle.ts UpdateParams): flat and JSON-safe. */
export const updateParams = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

export const bookingUpdateView = z.object({
  id: z.string(),
  bookingId: z.string(),
  status: z.enum(BOOKING_STATUSES),
  /** What happened; the client renders it per language from kind + params. */
  kind: z.enum(UPDATE_KINDS),
  params: updateParams,
  /** The English sentence, for API users. */
  message: z.string().nullable(),
  driverId: z.string().nullable(),
  createdAt: z.string(),
});
export type BookingUpdateView = z.infer<typeof bookingUpdateView>;
