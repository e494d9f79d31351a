import { z } from 'zod';

import { VEHICLE_TYPES, type VehicleType } from '../domain';

export { VEHICLE_TYPES, type VehicleType };

const price = z
  .string({ error: 'Prices are decimal amounts like 79.00' })
  .regex(/^\d{1,5}(\.\d{1,2})?$/, { error: 'Prices are decimal amounts like 79.00' });
const pricePair = z
  .object({ regular: price, offer: price })
  .refine((p) => Number(p.offer) > 0 && Number(p.offer) <= Number(p.regular), { error: 'The offer price must be above 0 and at most the regular price' });

export const offerPrices = z.object({ sedan: pricePair, suv: pricePair, oversize: pricePair });

/** The promotional offer (/sww-offer): GET /api/offers/current. `ended` is computed by the server. */
export const offerView = z.object({
  id: z.string(),
  title: z.string(),
  serviceId: z.string().nullable(),
  endsAt: z.string(),
  prices: offerPrices,
  /** Store cart links per vehicle type, when the store integration knows a variant. */
  storeCartUrls: z.object({ sedan: z.string().optional(), suv: z.string().optional(), oversize: z.string().optional() }),
  isLive: z.boolean(),
  ended: z.boolean(),
});
export type OfferView = z.infer<typeof offerView>;

/** Admin: PUT /api/admin/offers/current. endsAt is the Pacific wall time YYYY-MM-DDTHH:mm. */
export const updateOfferRequest = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, { error: 'Title is required' }).max(120, { error: 'Title must be at most 120 characters' }),
  endsAt: z.string({ error: 'End time is required' }).regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'End time must be YYYY-MM-DDTHH:mm (Pacific)' }),
  prices: offerPrices,
  isLive: z.boolean({ error: 'isLive must be true or false' }),
  serviceId: z.uuid({ error: 'Not a valid service id' }).optional().nullable(),
});
export type UpdateOfferRequest = z.infer<typeof updateOfferRequest>;
