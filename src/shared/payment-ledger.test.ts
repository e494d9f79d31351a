import { describe, expect, it } from 'vitest';
import { collectedKind, paymentColumn, summariseLedger, type LedgerRow } from './payment-ledger';

const row = (kind: LedgerRow['kind'], amountCents: number, method: LedgerRow['method'] = 'card'): LedgerRow => ({ kind, method, amountCents });

describe('the payment state derived from the ledger', () => {
  it('is unpaid with no rows, with the whole price left', () => {
    expect(summariseLedger([], 5000)).toMatchObject({ state: 'unpaid', balanceCents: 5000, refundableCents: 0, revenueCents: 0 });
  });

  it('is deposit_paid while part of the price is paid, and paid once the balance is in', () => {
    expect(summariseLedger([row('deposit', 1000)], 5000)).toMatchObject({ state: 'deposit_paid', balanceCents: 4000 });
    expect(summariseLedger([row('deposit', 1000), row('balance', 4000, 'cash')], 5000)).toMatchObject({ state: 'paid', balanceCents: 0, revenueCents: 5000 });
  });

  it('counts a tip as refundable but neither revenue (the technician’s, decision 058) nor towards the price', () => {
    expect(summariseLedger([row('on_site', 3000, 'cash'), row('tip', 600, 'cash')], 5000)).toMatchObject({ state: 'deposit_paid', balanceCents: 2000, tipsCents: 600, refundableCents: 3600, revenueCents: 3000 });
    // A refund of the tip gives the technician's money back, not the business's.
    const tip = { ...row('tip', 600, 'card'), id: 'tip-1' };
    expect(summariseLedger([row('full', 5000), tip, { ...row('refund', 600), refundOf: 'tip-1' }], 5000)).toMatchObject({ state: 'paid', revenueCents: 5000, refundableCents: 5000 });
  });

  it('is partially_refunded after part went back, refunded after all of it, and revenue nets the refunds', () => {
    expect(summariseLedger([row('full', 5000), row('refund', 500)], 5000)).toMatchObject({ state: 'partially_refunded', refundableCents: 4500, revenueCents: 4500, balanceCents: 0 });
    expect(summariseLedger([row('full', 5000), row('refund', 500), row('refund', 4500)], 5000)).toMatchObject({ state: 'refunded', refundableCents: 0, revenueCents: 0 });
  });

  it('stays paid when a second payment was given back at once', () => {
    expect(summariseLedger([row('full', 5000), row('full', 5000), row('refund', 5000)], 5000)).toMatchObject({ state: 'paid', revenueCents: 5000 });
  });

  it('counts a package credit as paid but not as revenue; the store as both', () => {
    expect(summariseLedger([row('full', 5000, 'package_credit')], 5000)).toMatchObject({ state: 'paid', revenueCents: 0 });
    expect(summariseLedger([row('full', 5000, 'store')], 5000)).toMatchObject({ state: 'paid', revenueCents: 5000 });
  });
});

describe('the booking payment column', () => {
  it('keeps how an unpaid booking is to be paid, and where a paid one was paid', () => {
    expect(paymentColumn('unpaid', 'on_site')).toBe('on_site');
    expect(paymentColumn('unpaid', 'link_sent')).toBe('link_sent');
    expect(paymentColumn('paid', 'on_site')).toBe('paid');
    expect(paymentColumn('paid', 'store')).toBe('store');
    expect(paymentColumn('partially_refunded', 'store')).toBe('partially_refunded');
  });
});

describe('the kind of money collected by hand', () => {
  it('is on_site first, balance after a deposit, tip when asked', () => {
    expect(collectedKind(false, 0)).toBe('on_site');
    expect(collectedKind(false, 1000)).toBe('balance');
    expect(collectedKind(true, 0)).toBe('tip');
  });
});
