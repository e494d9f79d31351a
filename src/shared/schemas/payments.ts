import { z } from 'zod';
import { COLLECT_METHODS, LEDGER_KINDS, LEDGER_METHODS, LEDGER_STATES } from '../payment-ledger';

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
export const staffLedgerEntry = ledgerEntry.extend({ note: z.string().nullable(), recordedBy: z.string().nullable() });

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
