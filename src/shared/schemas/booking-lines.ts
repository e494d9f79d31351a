import { z } from 'zod';
import { BOOKING_LINE_KINDS, SIZE_CLASSES, VEHICLES_PER_BOOKING_MAX } from '../domain';
import { VEHICLE_MAX } from '../constants';
import { parseJobQuery } from '../booking-job';

/**
 * A booking's vehicles and lines (docs/decisions/043): the contract between the booking verbs, every page that
 * shows a booking (order summary, checkout, receipt, tracking, admin card, dispatch board, driver's job card)
 * and the e-mails.
 */
export const bookingLineView = z.object({
  kind: z.enum(BOOKING_LINE_KINDS),
  label: z.string(),
  /** Decimal string; negative for a discount. */
  amount: z.string(),
  minutes: z.number(),
  /** The service or add-on sold; null for discount, fees and tax. */
  itemId: z.string().nullable(),
});
export type BookingLineView = z.infer<typeof bookingLineView>;

export const bookingVehicleView = z.object({
  /** 0, 1, 2… in the order given at booking. */
  index: z.number(),
  vehicleId: z.string().nullable(),
  /** '2019 Honda CR-V, blue', or null when the customer named none. */
  label: z.string().nullable(),
  sizeClass: z.enum(SIZE_CLASSES),
  /** The vehicle's service first, then its add-ons. */
  lines: z.array(bookingLineView),
  /** Sum of this vehicle's lines (decimal string). */
  amount: z.string(),
  minutes: z.number(),
});
export type BookingVehicleView = z.infer<typeof bookingVehicleView>;

/** The whole job as sold: per-vehicle lines, then the booking-wide lines (discount, travel fee, service fee, tax). */
export const bookingJobView = z.object({
  vehicles: z.array(bookingVehicleView),
  /** Discount, travel fee, service fee and tax lines, in that order. */
  extras: z.array(bookingLineView),
});
export type BookingJobView = z.infer<typeof bookingJobView>;

/**
 * One vehicle of a booking request: a saved vehicle (its size class is the saved one) or a typed one. The
 * service defaults to the request's serviceId; add-ons must apply to that service. Prices are never sent.
 */
export const bookingVehicleInput = z.object({
  vehicleId: z.uuid({ error: 'Not a valid vehicle id' }).optional().nullable(),
  sizeClass: z.enum(SIZE_CLASSES, { error: 'Please choose the vehicle size: sedan, suv or oversize' }).optional(),
  /** Year, make, model and colour as typed ('2019 Honda CR-V, blue'). */
  description: z.string().trim().max(VEHICLE_MAX, { error: `Vehicle must be at most ${VEHICLE_MAX} characters` }).optional().nullable(),
  serviceId: z.uuid({ error: 'Please select a service' }).optional(),
  addOnIds: z.array(z.uuid({ error: 'Not a valid add-on id' })).max(10, { error: 'At most 10 add-ons per vehicle' }).optional(),
});
export type BookingVehicleInput = z.infer<typeof bookingVehicleInput>;

export const bookingVehiclesInput = z
  .array(bookingVehicleInput)
  .min(1, { error: 'Please add a vehicle' })
  .max(VEHICLES_PER_BOOKING_MAX, { error: `At most ${VEHICLES_PER_BOOKING_MAX} vehicles in one visit` });

/**
 * The `vehicles` query of available-slots and available-days (shared/booking-job.ts jobQueryOf):
 * `suv.<addOnId>.<addOnId>,sedan` — each vehicle's size class and add-on ids, all of the path's service. The
 * server adds up the minutes; without it the job is one sedan.
 */
export const jobVehiclesQuery = z
  .string()
  .max(2000, { error: 'Too many vehicles or add-ons' })
  .transform((text, ctx) => {
    const parsed = parseJobQuery(text);
    if (!parsed.ok) {
      ctx.addIssue({ code: 'custom', message: parsed.message });
      return z.NEVER;
    }
    return parsed.choices;
  });
