import { z } from 'zod';
import { moneyText, required, REQUIRED_MESSAGE } from './common';

/**
 * The back office's service catalogue: a service as staff edit it and as they see it.
 */
export const serviceRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  description: required().pipe(z.string().max(20_000, { error: 'Description is too long' })),
  price: moneyText('Price'),
  serviceFee: moneyText('Service fee').default('5.00'),
  duration: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: 'Duration must be whole minutes' })
    .min(15, { error: 'Duration must be at least 15 minutes' })
    .max(720, { error: 'Duration must be at most 720 minutes' }),
  imageUrl: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v) || /^\/(api\/uploads|images)\/[\w./-]+$/.test(v), { error: 'Image URL must be a valid URL' }),
  isActive: z.boolean().default(true),
  locationOptions: z
    .object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() })
    .default({ mobile: true, pickup: true, serviceLocation: false })
    .refine((o) => o.mobile || o.pickup || o.serviceLocation, { error: 'Choose at least one service location' }),
});
export type ServiceRequest = z.input<typeof serviceRequest>;

export const adminService = z.object({
  id: z.string(),
  slug: z.string().nullable(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  serviceFee: z.string(),
  duration: z.number(),
  imageUrl: z.string().nullable(),
  rating: z.string(),
  isActive: z.boolean(),
  locationOptions: z.object({ mobile: z.boolean(), pickup: z.boolean(), serviceLocation: z.boolean() }),
  createdAt: z.string(),
});
export type AdminService = z.infer<typeof adminService>;
