import { z } from 'zod';
import { translationsView } from './translations';
import { DEPOSIT_KINDS } from '../deposits';

/** A service's deposit as the catalogue shows it (decision 057): value is cents (fixed) or a percentage. */
export const depositView = z.object({ kind: z.enum(DEPOSIT_KINDS), value: z.number() });

export const locationOptions = z.object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() });

/** A service's price and minutes at one size class; null is the service's base (docs/decisions/038). */
export const sizeFigure = z.object({ price: z.string().nullable(), duration: z.number().nullable() });
/** Every size class, each with its own figures or nulls. */
export const sizePricesView = z.object({ sedan: sizeFigure, suv: sizeFigure, oversize: sizeFigure });
export type SizePricesView = z.infer<typeof sizePricesView>;
/** An add-on's price at each size class, the base already applied where a class has none. */
export const pricesBySize = z.object({ sedan: z.string(), suv: z.string(), oversize: z.string() });
export type PricesBySize = z.infer<typeof pricesBySize>;

/** An active add-on of a service, as the public catalogue shows it. */
export const addOnView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  /** The base price (before a size class's own). */
  price: z.string(),
  prices: pricesBySize,
  /** Minutes it adds to the job. */
  minutes: z.number(),
  /** Spanish and French words; the page picks with localized() (decision 053). */
  translations: translationsView,
});
export type AddOnView = z.infer<typeof addOnView>;

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
  sizePrices: sizePricesView,
  /** Spanish and French words; the page picks with localized() (decision 053). */
  translations: translationsView,
  /** What checkout takes up front: none, a fixed amount or a percentage of the total. */
  deposit: depositView,
});
export type ServiceView = z.infer<typeof serviceView>;

/** GET /api/services/:id: the service and its active add-ons. */
export const serviceDetailView = serviceView.extend({ addOns: z.array(addOnView) });
export type ServiceDetailView = z.infer<typeof serviceDetailView>;

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
