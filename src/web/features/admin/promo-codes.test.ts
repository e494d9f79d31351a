import { describe, expect, it } from 'vitest';
import type { PromoCodeView } from '@shared/schemas/promos';
import { discountLabel, emptyPromoDraft, memberStatusLabel, promoDraftOf, promoRequestOf, servicesLabel, usesLabel, validityLabel } from './promo-codes';

const view: PromoCodeView = {
  id: 'c1',
  code: 'SPRING20',
  kind: 'percent',
  percentOff: 20,
  amountOffCents: null,
  serviceIds: [],
  validFrom: null,
  validTo: null,
  maxUses: null,
  oncePerCustomer: false,
  active: true,
  usesCounted: 3,
  createdAt: '2026-11-01T00:00:00.000Z',
};

describe('the promo code list', () => {
  it('says the discount as percent or dollars off', () => {
    expect(discountLabel(view)).toBe('20% off');
    expect(discountLabel({ kind: 'amount', percentOff: null, amountOffCents: 550 })).toBe('$5.50 off');
  });

  it('says the uses against the cap', () => {
    expect(usesLabel(view)).toBe('3 / no cap');
    expect(usesLabel({ usesCounted: 3, maxUses: 10 })).toBe('3 / 10');
  });

  it('names the services, or all of them', () => {
    const names = new Map([['s1', 'Full Detail']]);
    expect(servicesLabel([], names)).toBe('All services');
    expect(servicesLabel(['s1', 's2'], names)).toBe('Full Detail, Removed service');
  });

  it('says the valid days in business time', () => {
    expect(validityLabel(view)).toBe('Always');
    // 08:00 UTC on Jan 1 is still Dec 31 in Los Angeles.
    expect(validityLabel({ validFrom: '2027-01-01T08:00:00.000Z', validTo: null })).toBe('From Jan 1, 2027');
    expect(validityLabel({ validFrom: null, validTo: '2027-01-01T07:59:00.000Z' })).toBe('Until Dec 31, 2026');
  });
});

describe('the promo code form', () => {
  it('sends whole business days: from midnight to the last minute of the end day, Pacific time', () => {
    const body = promoRequestOf({ ...emptyPromoDraft, code: ' spring20 ', percentOff: '20', validFrom: '2027-01-01', validTo: '2027-01-31', maxUses: '100', oncePerCustomer: true });
    expect(body).toMatchObject({ code: 'spring20', kind: 'percent', percentOff: 20, amountOffCents: null, maxUses: 100, oncePerCustomer: true, active: true });
    expect(body.validFrom).toBe('2027-01-01T08:00:00.000Z');
    expect(body.validTo).toBe('2027-02-01T07:59:59.999Z');
  });

  it('sends an amount in cents and leaves empty fields empty', () => {
    expect(promoRequestOf({ ...emptyPromoDraft, code: 'FIVE', kind: 'amount', amountOff: '$5', percentOff: '20' })).toMatchObject({ percentOff: null, amountOffCents: 500, maxUses: null, validFrom: null, validTo: null });
  });

  it('refuses a number that is not one rather than changing it', () => {
    expect(() => promoRequestOf({ ...emptyPromoDraft, code: 'X1X', percentOff: '20', maxUses: 'ten' })).toThrow('The total uses must be a whole number');
    expect(() => promoRequestOf({ ...emptyPromoDraft, code: 'X1X', kind: 'amount', amountOff: '5.555' })).toThrow('dollars and cents');
  });

  it('opens a saved code with its days as typed', () => {
    const draft = promoDraftOf({ ...view, kind: 'amount', percentOff: null, amountOffCents: 1250, validFrom: '2027-01-01T08:00:00.000Z', validTo: '2027-02-01T07:59:59.999Z', maxUses: 5 });
    expect(draft).toMatchObject({ amountOff: '12.50', validFrom: '2027-01-01', validTo: '2027-01-31', maxUses: '5' });
    expect(promoRequestOf(draft)).toMatchObject({ amountOffCents: 1250, validFrom: '2027-01-01T08:00:00.000Z', validTo: '2027-02-01T07:59:59.999Z' });
  });
});

describe('a member in the admin list', () => {
  it('names the status, "Ending" for one cancelled at its month\'s end', () => {
    expect(memberStatusLabel({ status: 'active', cancelAtPeriodEnd: false })).toBe('Active');
    expect(memberStatusLabel({ status: 'active', cancelAtPeriodEnd: true })).toBe('Ending');
    expect(memberStatusLabel({ status: 'past_due', cancelAtPeriodEnd: false })).toBe('Payment due');
    expect(memberStatusLabel({ status: 'paused', cancelAtPeriodEnd: false })).toBe('Paused');
    expect(memberStatusLabel({ status: 'canceled', cancelAtPeriodEnd: false })).toBe('Cancelled');
  });
});
