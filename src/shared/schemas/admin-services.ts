import { z } from 'zod';
import { moneyText, pageOf, required, REQUIRED_MESSAGE } from './common';
import { depositView, pricesBySize, sizePricesView } from './services';
import { depositRule, NO_DEPOSIT } from '../deposits';
import { translationsRequest, translationsView } from './translations';

/**
 * The back office's service catalogue: a service as staff edit it and as they see it.
 */
export const SERVICE_MINUTES_MIN = 15;
export const SERVICE_MINUTES_MAX = 720;
const serviceMinutes = (label: string) =>
  z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: `${label} must be whole minutes` })
    .min(SERVICE_MINUTES_MIN, { error: `${label} must be at least ${SERVICE_MINUTES_MIN} minutes` })
    .max(SERVICE_MINUTES_MAX, { error: `${label} must be at most ${SERVICE_MINUTES_MAX} minutes` });

const blank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && !v.trim());
/** An amount a size class may leave empty (empty = the base price). */
const optionalMoney = (label: string) => z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
  if (blank(v)) return null;
  const parsed = moneyText(label).safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be an amount in dollars, like 49.00` });
    return z.NEVER;
  }
  return parsed.data;
});
const optionalMinutes = (label: string) => z.union([z.string(), z.number(), z.null()]).optional().transform((v, ctx) => {
  if (blank(v)) return null;
  const parsed = serviceMinutes(label).safeParse(v);
  if (!parsed.success) {
    ctx.addIssue({ code: 'custom', message: parsed.error.issues[0]?.message ?? `${label} must be whole minutes` });
    return z.NEVER;
  }
  return parsed.data;
});
const sizeRow = (label: string) => z.object({ price: optionalMoney(`${label} price`), duration: optionalMinutes(`${label} duration`) }).optional().default({ price: null, duration: null });

/** The service dialog's size table: Sedan, SUV and Oversize × price and minutes; empty is the base. */
export const sizePricesRequest = z
  .object({ sedan: sizeRow('Sedan'), suv: sizeRow('SUV'), oversize: sizeRow('Oversize') })
  .optional()
  .default({ sedan: { price: null, duration: null }, suv: { price: null, duration: null }, oversize: { price: null, duration: null } });

export const serviceRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  description: required().pipe(z.string().max(20_000, { error: 'Description is too long' })),
  price: moneyText('Price'),
  serviceFee: moneyText('Service fee').default('5.00'),
  duration: serviceMinutes('Duration'),
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
  sizePrices: sizePricesRequest,
  translations: translationsRequest({ name: 120, description: 20_000 }),
  /** No deposit, a fixed amount (cents) or a percentage of the booking's total (decision 057). */
  deposit: depositRule.optional().default(NO_DEPOSIT),
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
  sizePrices: sizePricesView,
  translations: translationsView,
  deposit: depositView,
  createdAt: z.string(),
});
export type AdminService = z.infer<typeof adminService>;
/** A saved service, saying whether HTML was removed from its description (the owner is told). */
export const savedService = adminService.extend({ sanitized: z.boolean() });
export type SavedService = z.infer<typeof savedService>;

// Add-ons

export const ADD_ON_MINUTES_MAX = 480;
/** An add-on: base price, optional price per size class, minutes, the services it applies to (docs/decisions/038). */
export const addOnRequest = z.object({
  name: required().pipe(z.string().max(80, { error: 'Name must be at most 80 characters' })),
  description: z.string().trim().max(500, { error: 'Description must be at most 500 characters' }).optional().default(''),
  price: moneyText('Price'),
  sizePrices: z
    .object({ sedan: optionalMoney('Sedan price'), suv: optionalMoney('SUV price'), oversize: optionalMoney('Oversize price') })
    .optional()
    .default({ sedan: null, suv: null, oversize: null }),
  minutes: z.coerce
    .number({ error: REQUIRED_MESSAGE })
    .int({ error: 'Minutes must be whole minutes' })
    .min(0, { error: 'Minutes cannot be negative' })
    .max(ADD_ON_MINUTES_MAX, { error: `Minutes must be at most ${ADD_ON_MINUTES_MAX}` }),
  serviceIds: z.array(z.uuid({ error: 'Unknown service' })).max(100, { error: 'Too many services' }).optional().default([]),
  isActive: z.boolean().default(true),
  translations: translationsRequest({ name: 80, description: 500 }),
});
export type AddOnRequest = z.input<typeof addOnRequest>;
export type AddOnValues = z.output<typeof addOnRequest>;

export const adminAddOn = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  price: z.string(),
  /** Each class's own price, or null for the base. */
  sizePrices: z.object({ sedan: z.string().nullable(), suv: z.string().nullable(), oversize: z.string().nullable() }),
  /** The price at every class, the base filled in. */
  prices: pricesBySize,
  minutes: z.number(),
  serviceIds: z.array(z.string()),
  isActive: z.boolean(),
  translations: translationsView,
  sortOrder: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminAddOn = z.infer<typeof adminAddOn>;
export const addOnsPage = pageOf(adminAddOn);
