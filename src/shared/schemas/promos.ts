import { z } from 'zod';
import { PROMO_KINDS } from '../promo-codes';
import { pageOf } from './common';

/** Promo codes as the office manages them (issue 25): GET/POST /api/admin/promo-codes, PATCH/DELETE /:id. */

const code = z
  .string({ error: 'Enter a code' })
  .trim()
  .min(3, { error: 'The code must be at least 3 characters' })
  .max(40, { error: 'The code must be at most 40 characters' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'Use letters, digits, - and _ only' });
const instant = z.iso.datetime({ offset: true, error: 'Not a valid date and time' });

const promoFields = z.object({
  code,
  kind: z.enum(PROMO_KINDS, { error: 'Choose percent or amount off' }),
  percentOff: z.number().int().min(1, { error: 'The percentage must be 1 to 100' }).max(100, { error: 'The percentage must be 1 to 100' }).nullable().optional(),
  amountOffCents: z.number().int().min(1, { error: 'The amount must be more than zero' }).max(1_000_000, { error: 'The amount is too large' }).nullable().optional(),
  serviceIds: z.array(z.uuid({ error: 'Not a valid service' })).max(100).default([]),
  validFrom: instant.nullable().optional(),
  validTo: instant.nullable().optional(),
  maxUses: z.number().int().min(1, { error: 'The total uses must be at least 1' }).nullable().optional(),
  oncePerCustomer: z.boolean().default(false),
  active: z.boolean().default(true),
});

const consistent = <T extends { kind?: string; percentOff?: number | null; amountOffCents?: number | null; validFrom?: string | null; validTo?: string | null }>(v: T, ctx: z.RefinementCtx) => {
  if (v.kind === 'percent' && !v.percentOff) ctx.addIssue({ code: 'custom', path: ['percentOff'], message: 'Enter the percentage off' });
  if (v.kind === 'amount' && !v.amountOffCents) ctx.addIssue({ code: 'custom', path: ['amountOffCents'], message: 'Enter the amount off' });
  if (v.validFrom && v.validTo && Date.parse(v.validTo) < Date.parse(v.validFrom)) ctx.addIssue({ code: 'custom', path: ['validTo'], message: 'The end must be after the start' });
};

export const promoCodeRequest = promoFields.superRefine(consistent);
export type PromoCodeRequest = z.input<typeof promoCodeRequest>;
/** A change names only what changes; the result must still be consistent (checked by the server). */
export const promoCodeUpdate = promoFields.partial();

export const promoCodeView = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(PROMO_KINDS),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  serviceIds: z.array(z.string()),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().nullable(),
  oncePerCustomer: z.boolean(),
  active: z.boolean(),
  /** Bookings paid, confirmed or holding their time with it. */
  usesCounted: z.number().int(),
  createdAt: z.string(),
});
export type PromoCodeView = z.infer<typeof promoCodeView>;
export const promoCodePage = pageOf(promoCodeView);
