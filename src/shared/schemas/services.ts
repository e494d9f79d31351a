import { z } from 'zod';

export const locationOptions = z.object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() });

/** A service as the public catalogue shows it (GET /api/services, GET /api/services/:id). */
export const serviceView = z.object({
  id: z.string(),
  name: z.string(),
  /** Plain text or sanitised HTML. */
  description: z.string(),
  price: z.string(),
  originalPrice: z.string().nullable(),
  serviceFee: z.string(),
  /** Minutes. */
  duration: z.number(),
  imageUrl: z.string().nullable(),
  rating: z.string(),
  reviewCount: z.number(),
  isActive: z.boolean(),
  isPopular: z.boolean(),
  isPremium: z.boolean(),
  locationOptions,
});
export type ServiceView = z.infer<typeof serviceView>;

/** GET /api/services/:id/available-slots: one bookable start (the shape of shared/slots.ts' SlotCandidate). */
export const slotCandidate = z.object({
  /** `${dateKey}T${HH:mm}`: the id the client sends back. */
  id: z.string(),
  startTime: z.string(),
  endTime: z.string(),
  capacity: z.number(),
  availableCapacity: z.number(),
});

/** The days of a range on which a service has a start with room left (closed, full and past days are absent). */
export const availableDaysResponse = z.object({ dates: z.array(z.string()) });
