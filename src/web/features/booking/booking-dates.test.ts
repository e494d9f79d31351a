import { describe, expect, it } from 'vitest';
import { checkoutNotes } from './booking-dates';

// 10:00 PM Pacific on Thursday 3 December 2026: "tomorrow" is Friday the 4th.
const now = Date.parse('2026-12-04T06:00:00Z');

describe("the booking's notes", () => {
  it('write the date out, so they still say when on the day itself', () => {
    expect(checkoutNotes({ date: 'tomorrow', time: '9:00 AM', address: '425 Park Ave, San Jose, CA 95110' }, now)).toBe(
      'Friday, December 4th, 2026 at 9:00 AM - 425 Park Ave, San Jose, CA 95110',
    );
    expect(checkoutNotes({ date: 'today', time: '9:00 AM' }, now)).toBe('Thursday, December 3rd, 2026 at 9:00 AM');
    expect(checkoutNotes({ date: '2027-01-11', time: '10:30 AM' }, now)).not.toMatch(/today|tomorrow/i);
  });

  it('keep just the address when the day or time is missing', () => {
    expect(checkoutNotes({ address: '425 Park Ave' }, now)).toBe('425 Park Ave');
  });
});
