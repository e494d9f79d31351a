import { describe, expect, it } from 'vitest';
import { depositCentsFor, depositRule, feeCentsFor, isLateCancellation, lateCancelSplit, nextCardPayment } from './deposits';
import { summariseLedger } from './payment-ledger';

describe('a service deposit', () => {
  it('is a percentage of the total to the cent, a fixed amount, or nothing — never the whole price or more', () => {
    expect(depositCentsFor({ kind: 'percent', value: 20 }, 15_999)).toBe(3_200);
    expect(depositCentsFor({ kind: 'fixed', value: 50_00 }, 159_99)).toBe(50_00);
    expect(depositCentsFor({ kind: 'fixed', value: 500_00 }, 159_99)).toBeNull();
    expect(depositCentsFor({ kind: 'none', value: 0 }, 159_99)).toBeNull();
  });

  it('refuses a percentage outside 1–99 and a fixed deposit of nothing', () => {
    expect(depositRule.safeParse({ kind: 'percent', value: 100 }).success).toBe(false);
    expect(depositRule.safeParse({ kind: 'percent', value: 0 }).success).toBe(false);
    expect(depositRule.safeParse({ kind: 'fixed', value: 0 }).success).toBe(false);
    expect(depositRule.safeParse({ kind: 'percent', value: 20 }).success).toBe(true);
  });

  it('makes the next card payment the deposit, then the balance, then nothing', () => {
    const price = 100_00;
    expect(nextCardPayment(summariseLedger([], price), 20_00)).toEqual({ kind: 'deposit', amountCents: 20_00 });
    expect(nextCardPayment(summariseLedger([], price), null)).toEqual({ kind: 'full', amountCents: price });
    const afterDeposit = summariseLedger([{ kind: 'deposit', method: 'card', amountCents: 20_00 }], price);
    expect(afterDeposit.state).toBe('deposit_paid');
    expect(nextCardPayment(afterDeposit, 20_00)).toEqual({ kind: 'balance', amountCents: 80_00 });
    const paid = summariseLedger([{ kind: 'deposit', method: 'card', amountCents: 20_00 }, { kind: 'balance', method: 'saved_card', amountCents: 80_00 }], price);
    expect(paid.state).toBe('paid');
    expect(nextCardPayment(paid, 20_00)).toBeNull();
  });
});

describe('the cancellation window', () => {
  const start = new Date('2026-06-10T17:00:00Z');
  it('is late just inside N hours and free just outside', () => {
    expect(isLateCancellation(start, new Date(start.getTime() - 24 * 3_600_000 + 1), 24)).toBe(true);
    expect(isLateCancellation(start, new Date(start.getTime() - 24 * 3_600_000), 24)).toBe(false);
    expect(isLateCancellation(start, new Date(start.getTime() - 25 * 3_600_000), 24)).toBe(false);
  });

  it('counts real hours across a DST change (the night of 8 March 2026 has 23 hours in Pacific time)', () => {
    // 10:00 PDT on Sunday 8 March; 10:00 PST the day before is only 23 hours earlier: inside a 24-hour window.
    const afterChange = new Date('2026-03-08T17:00:00Z');
    const sameWallTimeDayBefore = new Date('2026-03-07T18:00:00Z');
    expect(isLateCancellation(afterChange, sameWallTimeDayBefore, 24)).toBe(true);
    expect(isLateCancellation(afterChange, new Date('2026-03-07T17:00:00Z'), 24)).toBe(false);
  });
});

describe('policy fees', () => {
  it('are never above the booking total', () => {
    expect(feeCentsFor({ kind: 'fixed', value: 500_00 }, 159_99)).toBe(159_99);
    expect(feeCentsFor({ kind: 'percent', value: 50 }, 159_99)).toBe(80_00);
    expect(feeCentsFor({ kind: 'percent', value: 250 }, 100_00)).toBe(100_00);
    expect(feeCentsFor({ kind: 'none', value: 25_00 }, 100_00)).toBe(0);
  });

  it('are kept from what was paid first, the rest refunded, only the shortfall charged', () => {
    expect(lateCancelSplit(25_00, 32_00)).toEqual({ keepCents: 25_00, refundCents: 7_00, chargeCents: 0 });
    expect(lateCancelSplit(25_00, 10_00)).toEqual({ keepCents: 10_00, refundCents: 0, chargeCents: 15_00 });
    expect(lateCancelSplit(25_00, 0)).toEqual({ keepCents: 0, refundCents: 0, chargeCents: 25_00 });
  });
});
