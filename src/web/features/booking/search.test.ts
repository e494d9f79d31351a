import { describe, expect, it } from 'vitest';
import { priceOfJob } from './job';
import { bookingAddress, bookingSearch, searchTravelFee } from './search';

describe('the booking address a checkout sends', () => {
  it('is the typed line with the point it was chosen at, where the slots were listed', () => {
    const search = bookingSearch({ serviceType: 'mobile', address: '425 Park Ave, San Jose, CA 95110', lat: '37.3318', lng: -121.8963 });
    expect(bookingAddress(search)).toEqual({ street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110', latitude: 37.3318, longitude: -121.8963 });
  });

  it('is the line alone without a point, or with a point out of range, and nothing on site or for a saved address', () => {
    expect(bookingAddress(bookingSearch({ serviceType: 'mobile', address: '425 Park Ave, San Jose, CA 95110' }))).toBe('425 Park Ave, San Jose, CA 95110');
    expect(bookingAddress(bookingSearch({ serviceType: 'pickup', address: '425 Park Ave, San Jose, CA 95110', lat: '137', lng: '-121.9' }))).toBe('425 Park Ave, San Jose, CA 95110');
    expect(bookingAddress(bookingSearch({ serviceType: 'mobile', address: '425 Park Ave, San Jose, CA 95110', lat: 'x', lng: '' }))).toBe('425 Park Ave, San Jose, CA 95110');
    expect(bookingAddress(bookingSearch({ serviceType: 'serviceLocation', address: '', lat: '37.3', lng: '-121.9' }))).toBeNull();
    expect(bookingAddress(bookingSearch({ serviceType: 'mobile', address: '425 Park Ave, San Jose, CA 95110', addressId: 'a1', lat: '37.3', lng: '-121.9' }))).toBeNull();
  });
});

describe('the travel fee before the hold', () => {
  it('comes from the address check for a job at the customer’s place, never on site, and joins the estimated total untaxed', () => {
    expect(searchTravelFee(bookingSearch({ serviceType: 'mobile', address: 'x', travelFee: '1500' }))).toBe(1500);
    expect(searchTravelFee(bookingSearch({ serviceType: 'serviceLocation', address: '', travelFee: '1500' }))).toBe(0);
    expect(searchTravelFee(bookingSearch({ serviceType: 'pickup', address: 'x', travelFee: '-5' }))).toBe(0);
    const service = { id: 's1', name: 'Wash', price: '100.00', duration: 60, sizePrices: null, serviceFee: '5.00', addOns: [] } as unknown as Parameters<typeof priceOfJob>[0];
    const near = priceOfJob(service, [{ sizeClass: 'sedan' }]);
    const far = priceOfJob(service, [{ sizeClass: 'sedan' }], null, 1500);
    expect(far.totalCents - near.totalCents).toBe(1500);
    expect(far.taxCents).toBe(near.taxCents);
  });
});
