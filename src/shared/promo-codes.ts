import type { JobPrice } from './pricing';

/**
 * Promo codes (issue 25), the pure rule: whether a code applies to a checkout and what it takes off. The
 * server's price rule calls it with the facts it read under the code's lock (uses counted, the customer's own
 * use); the checkout shows the refusal in the customer's words from its code.
 */

export const PROMO_KINDS = ['percent', 'amount'] as const;
export type PromoKind = (typeof PROMO_KINDS)[number];

export interface PromoRule {
  kind: PromoKind;
  /** 1–100 for `percent`. */
  percentOff: number | null;
  /** Cents for `amount`. */
  amountOffCents: number | null;
  /** The services it applies to; empty: every service. */
  serviceIds: readonly string[];
  validFrom: Date | null;
  /** Inclusive end. */
  validTo: Date | null;
  /** Total uses allowed; null: no cap. */
  maxUses: number | null;
  oncePerCustomer: boolean;
  active: boolean;
}

/** Why a code does not apply, in the order a customer is told. */
export const PROMO_REFUSALS = ['unknown', 'expired', 'not_for_service', 'used_up', 'already_used'] as const;
export type PromoRefusal = (typeof PROMO_REFUSALS)[number];

/** A code is compared without regard to case or surrounding spaces. */
export function normalisePromoCode(code: string): string {
  return code.trim().toUpperCase();
}

export function promoRefusal(
  promo: PromoRule | null | undefined,
  facts: { serviceIds: readonly string[]; now: Date; usesCounted: number; usedByCustomer: boolean },
): PromoRefusal | null {
  if (!promo || !promo.active) return 'unknown';
  if ((promo.validFrom && facts.now < promo.validFrom) || (promo.validTo && facts.now > promo.validTo)) return 'expired';
  if (promo.serviceIds.length > 0 && !facts.serviceIds.some((id) => promo.serviceIds.includes(id))) return 'not_for_service';
  if (promo.maxUses !== null && facts.usesCounted >= promo.maxUses) return 'used_up';
  if (promo.oncePerCustomer && facts.usedByCustomer) return 'already_used';
  return null;
}

/**
 * What the code takes off the subtotal of the lines it applies to (the whole job when it names no service),
 * in cents: a percentage rounded to the cent, or the amount, never more than those lines.
 */
export function promoDiscountCents(promo: Pick<PromoRule, 'kind' | 'percentOff' | 'amountOffCents'>, applicableCents: number): number {
  const off = promo.kind === 'percent' ? Math.round((applicableCents * (promo.percentOff ?? 0)) / 100) : (promo.amountOffCents ?? 0);
  return Math.max(0, Math.min(off, applicableCents));
}

/** The services of a priced job (each vehicle's service line). */
export function jobServiceIds(price: JobPrice): string[] {
  return price.vehicles.flatMap((v) => v.lines.filter((l) => l.kind === 'service' && l.itemId).map((l) => l.itemId!));
}

/** What a code applies to in a priced job: the vehicles whose service it names (with their add-ons), or all. */
export function promoApplicableCents(price: JobPrice, serviceIds: readonly string[]): number {
  if (!serviceIds.length) return price.subtotalCents;
  return price.vehicles.filter((v) => v.lines.some((l) => l.kind === 'service' && l.itemId && serviceIds.includes(l.itemId))).reduce((sum, v) => sum + v.cents, 0);
}
