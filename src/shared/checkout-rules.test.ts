import { describe, expect, it } from 'vitest';
import { formatAddress, inServiceArea, parseUsAddress } from './address';
import { descriptionPreview, formatRating } from './format';
import { priceBooking } from './booking-lifecycle';
import { fromCents } from './money';
import { autoServiceType, bookingStartProblem, canContinue, needsAddress, offeredServiceTypes } from './service-types';

describe('service-type rules', () => {
  it('chooses the only option, defaults to mobile when none is set, and lets the customer choose between several', () => {
    expect(autoServiceType({ mobile: false, pickup: true, serviceLocation: false })).toBe('pickup');
    expect(autoServiceType({ mobile: false, pickup: false, serviceLocation: true })).toBe('serviceLocation');
    expect(autoServiceType({ mobile: false, pickup: false, serviceLocation: false })).toBe('mobile');
    expect(autoServiceType(null)).toBe('mobile');
    expect(autoServiceType({ mobile: true, pickup: true, serviceLocation: false })).toBeNull();
    expect(offeredServiceTypes({ mobile: true, pickup: true, serviceLocation: true })).toEqual(['mobile', 'pickup', 'serviceLocation']);
    expect(offeredServiceTypes({})).toEqual(['mobile']);
  });

  it('asks for an address only for mobile and pickup', () => {
    expect(needsAddress('mobile')).toBe(true);
    expect(needsAddress('pickup')).toBe(true);
    expect(needsAddress('serviceLocation')).toBe(false);
    expect(needsAddress(null)).toBe(false);
  });

  it('checks the booking start in its fixed order and disables Continue until every check passes', () => {
    const ok = { serviceId: 's', serviceType: 'mobile' as const, address: '425 Park Ave', slotId: '2026-06-02T10:00' };
    expect(bookingStartProblem({ ...ok, serviceId: null, serviceType: null, slotId: null })).toEqual({ toast: 'Please select a service' });
    expect(bookingStartProblem({ ...ok, serviceType: null, address: '' })).toEqual({ toast: 'Please select a service type' });
    expect(bookingStartProblem({ ...ok, address: '  ', slotId: null })).toEqual({ toast: 'Address required', description: 'Please enter your service location' });
    expect(bookingStartProblem({ ...ok, serviceType: 'pickup', address: '' })).toEqual({ toast: 'Address required', description: 'Please enter your pickup address' });
    expect(bookingStartProblem({ ...ok, slotId: null })).toEqual({ toast: 'Please select a time' });
    expect(bookingStartProblem({ ...ok, serviceType: 'serviceLocation', address: '' })).toBeUndefined();
    expect(canContinue(ok)).toBe(true);
    expect(canContinue({ ...ok, serviceType: null })).toBe(false);
    expect(canContinue({ ...ok, address: '' })).toBe(false);
    expect(canContinue({ ...ok, serviceType: 'serviceLocation', address: '' })).toBe(true);
    expect(canContinue({ ...ok, slotId: null })).toBe(false);
  });
});

describe('prices of the catalogue', () => {
  it.each([
    ['49.00', '5.00', '58.90'],
    ['89.00', '5.00', '102.90'],
    ['199.00', '5.00', '223.90'],
    ['119.00', '5.00', '135.90'],
    ['699.00', '5.00', '773.90'],
    ['69.99', '0.00', '76.99'],
    ['0.05', '5.00', '5.06'],
  ])('prices %s with a %s fee at %s (10%% tax of the price only)', (price, fee, total) => {
    expect(fromCents(priceBooking(price, fee).totalCents)).toBe(total);
  });
});

describe('service card texts', () => {
  it('previews 120 characters of the text without its HTML, with an ellipsis only when cut', () => {
    const html = `<p>${'Foam pre-soak and hand wash. '.repeat(6)}</p><ul><li>More</li></ul>`;
    const preview = descriptionPreview(html);
    expect(preview.endsWith('...')).toBe(true);
    expect(preview.length).toBe(123);
    expect(preview).not.toContain('<');
    expect(descriptionPreview('<p>Short &amp; sweet.</p>')).toBe('Short & sweet.');
    expect(descriptionPreview('y'.repeat(121))).toBe(`${'y'.repeat(120)}...`);
  });

  it('shows ratings with one decimal', () => {
    expect(formatRating('4.75')).toBe('4.8');
    expect(formatRating('5')).toBe('5.0');
  });
});

describe('addresses', () => {
  it('parses a typed one-line US address', () => {
    expect(parseUsAddress('425 Park Ave, San Jose, CA 95110')).toMatchObject({ streetNumber: '425', streetName: 'Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' });
    expect(parseUsAddress('  12B  Oak Street ,Los Gatos,  ca, 95030-1234, USA ')).toMatchObject({ street: '12B Oak Street', city: 'Los Gatos', state: 'CA', zipCode: '95030' });
    expect(parseUsAddress('425 Park Ave San Jose CA 95110')).toBeUndefined();
    expect(parseUsAddress('Park Ave, San Jose, CA 95110')).toBeUndefined();
    expect(parseUsAddress('425 Park Ave, San Jose, ZZ 95110')).toBeUndefined();
    expect(formatAddress({ street: '1 Main St', city: 'Campbell', state: 'CA', zipCode: '95008' })).toBe('1 Main St, Campbell, CA 95008');
  });

  it('serves every ZIP when no list is configured, else only the listed ones', () => {
    expect(inServiceArea('94105', [])).toBe(true);
    expect(inServiceArea('95110', ['95110'])).toBe(true);
    expect(inServiceArea('95110-1234', ['95110'])).toBe(true);
    expect(inServiceArea('94105', ['95110'])).toBe(false);
  });
});
