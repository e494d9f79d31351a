import { z } from 'zod';
import { COLLECT_METHODS, LEDGER_KINDS, LEDGER_METHODS, LEDGER_STATES, TIP_MAX_CENTS, TIP_PERCENTS } from '../payment-ledger';
import { PAYMENT_INTENT_STATUSES } from '../booking-lifecycle';
import { savedCardView } from './checkout';

/** A booking's ledger as the API shows it (decision 049): its rows and what they add up to, in cents. */

/** The most a single payment or refund may be ($100,000): a typo of a few zeros is refused, not recorded. */
export const MAX_PAYMENT_CENTS = 10_000_000;

const cents = (what: string) =>
  z
    .number({ error: `${what} must be an amount in cents` })
    .int({ error: `${what} must be a whole number of cents` })
    .min(1, { error: `${what} must be more than zero` })
    .max(MAX_PAYMENT_CENTS, { error: `${what} is too large` });

export const ledgerEntry = z.object({
  id: z.string(),
  kind: z.enum(LEDGER_KINDS),
  method: z.enum(LEDGER_METHODS),
  amountCents: z.number().int(),
  createdAt: z.string(),
});
export type LedgerEntryView = z.infer<typeof ledgerEntry>;

/** The business's view of a row: who recorded it and their note (the customer's receipt leaves them out). */
export const staffLedgerEntry = ledgerEntry.extend({ note: z.string().nullable(), recordedBy: z.string().nullable(), technicianId: z.string().nullable().optional() });

export const ledgerSummary = z.object({
  state: z.enum(LEDGER_STATES),
  priceCents: z.number().int(),
  paidCents: z.number().int(),
  balanceCents: z.number().int(),
  tipsCents: z.number().int(),
  feesCents: z.number().int(),
  refundedCents: z.number().int(),
  refundableCents: z.number().int(),
});
export type LedgerSummaryView = z.infer<typeof ledgerSummary>;

/** GET /api/bookings/:id/payments (assigned driver or admin). */
export const bookingLedger = z.object({ bookingId: z.string(), entries: z.array(staffLedgerEntry), summary: ledgerSummary });
export type BookingLedger = z.infer<typeof bookingLedger>;

/** POST /api/bookings/:id/payments with an Idempotency-Key: money taken by hand. */
export const collectPaymentRequest = z.object({
  amountCents: cents('The amount'),
  method: z.enum(COLLECT_METHODS, { error: 'Choose how it was paid: cash, check, card reader or other' }),
  /** A tip for the technician, on top of the price (never refused as over the balance). */
  tip: z.boolean().optional().default(false),
  note: z
    .string()
    .trim()
    .max(500, { error: 'The note must be at most 500 characters' })
    .optional()
    .transform((v) => v || null),
});
export type CollectPaymentRequest = z.input<typeof collectPaymentRequest>;

/** POST /api/admin/bookings/:id/refunds with an Idempotency-Key: part or all of what was paid, with a reason. */
export const refundPaymentRequest = z.object({
  amountCents: cents('The refund'),
  reason: z.string({ error: 'Give a reason for the refund' }).trim().min(1, { error: 'Give a reason for the refund' }).max(500, { error: 'The reason must be at most 500 characters' }),
});
export type RefundPaymentRequest = z.input<typeof refundPaymentRequest>;

/** What a payment or refund answers: the row it made (or made before, for a replay) and the ledger after it. */
export const paymentRecorded = z.object({ entry: staffLedgerEntry, ledger: bookingLedger, replayed: z.boolean() });
export type PaymentRecorded = z.infer<typeof paymentRecorded>;

// Tips from the customer after the job (decision 058)

/** GET /api/bookings/:id/tip (the owner, or a guest's tracking token): whether a tip is offered, and how much. */
export const tipOffer = z.object({
  /** null when a tip is taken now; otherwise why not. */
  refusal: z.enum(['not_completed', 'refunded']).nullable(),
  serviceTotalCents: z.number().int(),
  suggestions: z.array(z.object({ percent: z.number().int(), amountCents: z.number().int() })),
  /** Tips already given on this booking. */
  tippedCents: z.number().int(),
  technicianName: z.string().nullable(),
  savedCards: z.array(savedCardView),
});
export type TipOffer = z.infer<typeof tipOffer>;

/** POST /api/bookings/:id/tip with an Idempotency-Key: a percentage of the service total or an amount. */
export const tipRequest = z
  .object({
    percent: z.union(TIP_PERCENTS.map((p) => z.literal(p)), { error: 'Choose 15, 20 or 25 %' }).optional(),
    amountCents: z
      .number({ error: 'The tip must be an amount in cents' })
      .int({ error: 'The tip must be a whole number of cents' })
      .min(100, { error: 'The tip must be at least $1' })
      .max(TIP_MAX_CENTS, { error: 'The tip is too large' })
      .optional(),
    /** A saved card of the signed-in customer, charged at once. */
    paymentMethodId: z.uuid({ error: 'Not a valid card' }).optional(),
  })
  .refine((v) => (v.percent === undefined) !== (v.amountCents === undefined), { error: 'Choose a percentage or enter an amount', path: ['amountCents'] });
export type TipRequest = z.input<typeof tipRequest>;

/** The tip's payment: the card form's intent, or (a saved card) the tip already recorded. */
export const tipPayment = z.object({
  paymentIntentId: z.string(),
  clientSecret: z.string(),
  provider: z.enum(['stripe', 'test']),
  amountCents: z.number().int(),
  status: z.enum(PAYMENT_INTENT_STATUSES),
  /** The ledger row, once the tip is paid. */
  entry: ledgerEntry.nullable(),
});
export type TipPayment = z.infer<typeof tipPayment>;

/** POST /api/bookings/:id/tip/confirm: asks the provider how the card form's tip ended. */
export const tipConfirmRequest = z.object({ paymentIntentId: z.string().trim().min(3, { error: 'paymentIntentId is required' }).max(255) });

/** GET /api/admin/tips?weekOf=YYYY-MM-DD: one week (Monday to Sunday, business time) of tips by technician. */
export const tipsWeekQuery = z.object({ weekOf: z.iso.date({ error: 'weekOf must be a date (YYYY-MM-DD)' }).optional() });
export const tipsWeek = z.object({
  weekStart: z.string(),
  weekEnd: z.string(),
  previousWeekOf: z.string(),
  nextWeekOf: z.string().nullable(),
  totalCents: z.number().int(),
  technicians: z.array(z.object({ technicianId: z.string().nullable(), name: z.string().nullable(), tipsCents: z.number().int(), count: z.number().int() })),
});
export type TipsWeek = z.infer<typeof tipsWeek>;
