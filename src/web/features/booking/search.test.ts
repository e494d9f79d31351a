import { describe, expect, it } from 'vitest';
import { bookingAddress, bookingSearch } from './search';

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
