import { z } from 'zod';
import type { LedgerKind, LedgerSummary } from './payment-ledger';

/**
 * Deposits and policy fees (decision 057): a service takes no deposit, a fixed amount or a percentage of the
 * booking's total; the cancellation policy's fees are fixed or a percentage too. Pure, in cents: the server
 * prices with it, the web shows the same figures.
 */

export const DEPOSIT_KINDS = ['none', 'fixed', 'percent'] as const;
export type DepositKind = (typeof DEPOSIT_KINDS)[number];

/** A service's deposit: `value` is cents for `fixed`, a whole percentage (1–99) for `percent`. */
export const depositRule = z
  .object({ kind: z.enum(DEPOSIT_KINDS), value: z.number().int().min(0).max(10_000_00) })
  .refine((r) => r.kind !== 'percent' || (r.value >= 1 && r.value <= 99), { error: 'A deposit percentage is 1 to 99', path: ['value'] })
  .refine((r) => r.kind !== 'fixed' || r.value >= 1, { error: 'A fixed deposit is at least $0.01', path: ['value'] });
export type DepositRule = z.infer<typeof depositRule>;
export const NO_DEPOSIT: DepositRule = { kind: 'none', value: 0 };

// The arithmetic is Zod-free (the web imports it without classic Zod): shared/deposit-rules.ts.
export { depositCentsFor, feeCentsFor } from './deposit-rules';

/**
 * The next card payment a booking takes online: before any money its deposit (or the whole price), after a
 * deposit the balance. Null when nothing is left to pay.
 */
export function nextCardPayment(summary: Pick<LedgerSummary, 'paidCents' | 'balanceCents'>, depositCents: number | null): { kind: LedgerKind; amountCents: number } | null {
  if (summary.balanceCents <= 0) return null;
  if (summary.paidCents > 0) return { kind: 'balance', amountCents: summary.balanceCents };
  if (depositCents !== null && depositCents < summary.balanceCents) return { kind: 'deposit', amountCents: depositCents };
  return { kind: 'full', amountCents: summary.balanceCents };
}

/**
 * A booking whose deposit is paid and whose balance is still to pay online (the off-session charge failed,
 * the customer follows the pay link): confirmed, under way or done, never pending or cancelled.
 */
export function awaitsBalance(booking: { status: string; paymentStatus: string }): boolean {
  return booking.paymentStatus === 'deposit_paid' && booking.status !== 'pending' && booking.status !== 'cancelled';
}

/**
 * Whether a cancellation at `now` of a booking starting at `start` is late: inside `freeCancelHours` before
 * it. Measured in real elapsed time (instants), so a DST change between now and the start counts its true hours.
 */
export function isLateCancellation(start: Date, now: Date, freeCancelHours: number): boolean {
  return start.getTime() - now.getTime() < freeCancelHours * 3_600_000;
}

/**
 * What a late cancellation keeps and gives back (decision 057): the fee, capped at what the booking allows
 * (its total), is kept first from money already paid; what was paid above the fee is refunded; what the
 * payments do not cover is charged to the saved card.
 */
export function lateCancelSplit(feeCents: number, refundableCents: number): { keepCents: number; refundCents: number; chargeCents: number } {
  const keepCents = Math.min(feeCents, refundableCents);
  return { keepCents, refundCents: refundableCents - keepCents, chargeCents: feeCents - keepCents };
}
