import type { FeeRule } from './schemas/business-settings';

/**
 * The money of deposits and policy fees (decision 057), Zod-free so the web prices with it too: a fixed
 * amount (cents) or a percentage of the booking's total. shared/deposits.ts holds the rules' schemas.
 */

/** A fixed amount or a percentage of `totalCents`, rounded to the cent, never above the total. */
function ruleCents(rule: { kind: string; value: number }, totalCents: number): number {
  if (rule.kind === 'fixed') return Math.min(Math.round(rule.value), totalCents);
  if (rule.kind === 'percent') return Math.min(Math.round((totalCents * rule.value) / 100), totalCents);
  return 0;
}

/**
 * The deposit a booking of `totalCents` takes at checkout, or null when it is paid in full (no deposit, or a
 * deposit that would be the whole price or nothing).
 */
export function depositCentsFor(rule: { kind: string; value: number }, totalCents: number): number | null {
  const cents = ruleCents(rule, totalCents);
  return cents > 0 && cents < totalCents ? cents : null;
}

/** A late-cancel or no-show fee on a booking of `totalCents`: never above the booking's total. */
export function feeCentsFor(rule: FeeRule, totalCents: number): number {
  return ruleCents(rule, totalCents);
}
