import { describe, expect, it } from 'vitest';
import { normalisePromoCode, promoDiscountCents, promoRefusal, type PromoRule } from './promo-codes';

const base: PromoRule = { kind: 'percent', percentOff: 10, amountOffCents: null, serviceIds: [], validFrom: null, validTo: null, maxUses: null, oncePerCustomer: false, active: true };
const now = new Date('2026-06-10T18:00:00Z');
const facts = { serviceIds: ['wash'], now, usesCounted: 0, usedByCustomer: false };

describe('whether a promo code applies', () => {
  it('applies a live code to any service when it names none', () => {
    expect(promoRefusal(base, facts)).toBeNull();
  });

  it('refuses each case with its own reason', () => {
    expect(promoRefusal(undefined, facts)).toBe('unknown');
    expect(promoRefusal({ ...base, active: false }, facts)).toBe('unknown');
    expect(promoRefusal({ ...base, validTo: new Date('2026-06-09T00:00:00Z') }, facts)).toBe('expired');
    expect(promoRefusal({ ...base, validFrom: new Date('2026-06-11T00:00:00Z') }, facts)).toBe('expired');
    expect(promoRefusal({ ...base, serviceIds: ['detail'] }, facts)).toBe('not_for_service');
    expect(promoRefusal({ ...base, maxUses: 3 }, { ...facts, usesCounted: 3 })).toBe('used_up');
    expect(promoRefusal({ ...base, oncePerCustomer: true }, { ...facts, usedByCustomer: true })).toBe('already_used');
  });

  it('lets a customer use a code again when it is not once per customer, and until the cap', () => {
    expect(promoRefusal({ ...base, maxUses: 3 }, { ...facts, usesCounted: 2, usedByCustomer: true })).toBeNull();
    expect(promoRefusal({ ...base, serviceIds: ['detail', 'wash'], validFrom: new Date('2026-06-01T00:00:00Z'), validTo: new Date('2026-06-30T00:00:00Z') }, facts)).toBeNull();
  });

  it('compares codes without regard to case or spaces', () => {
    expect(normalisePromoCode('  spring25 ')).toBe('SPRING25');
  });
});

describe('what a promo code takes off', () => {
  it('takes a percentage rounded to the cent, or an amount, never more than the lines it applies to', () => {
    expect(promoDiscountCents({ kind: 'percent', percentOff: 15, amountOffCents: null }, 6_999)).toBe(1_050);
    expect(promoDiscountCents({ kind: 'amount', percentOff: null, amountOffCents: 1_000 }, 6_999)).toBe(1_000);
    expect(promoDiscountCents({ kind: 'amount', percentOff: null, amountOffCents: 10_000 }, 6_999)).toBe(6_999);
    expect(promoDiscountCents({ kind: 'percent', percentOff: 100, amountOffCents: null }, 6_999)).toBe(6_999);
  });
});
