import { describe, expect, it } from 'vitest';
import { bookingNumber, cardBrandName, descriptionPreview, formatDuration, formatRating, initials, stripHtml } from './format';
import { priceBooking } from './booking-lifecycle';
import { formatUsd, fromCents, toCents } from './money';
import { registerRequest } from './schemas/auth';
import { addDaysToKey, dayOfWeek, pacificDateKey, pacificInstant, pacificTimeOfDay } from './time';

describe('money', () => {
  it('prices a booking as price + fee + 10% of the price, in cents', () => {
    expect(priceBooking('199.00', '5.00')).toEqual({ serviceCents: 19900, addOns: [], serviceFeeCents: 500, taxCents: 1990, totalCents: 22390 });
    expect(priceBooking('49.95', '5.00').taxCents).toBe(500); // 499.5 rounds half up
    expect(priceBooking('0.10', '0.20')).toEqual({ serviceCents: 10, addOns: [], serviceFeeCents: 20, taxCents: 1, totalCents: 31 });
  });
  it('converts between decimal strings and cents without float drift', () => {
    expect(toCents('0.1') + toCents('0.2')).toBe(30);
    expect(fromCents(30)).toBe('0.30');
    expect(fromCents(22390)).toBe('223.90');
    expect(() => toCents('12.345')).toThrow();
    expect(formatUsd('1234.5')).toBe('$1,234.50');
  });
});

describe('formatting', () => {
  it('writes card brands as people do, whatever case the provider sends', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('mastercard')).toBe('Mastercard');
    expect(cardBrandName('amex')).toBe('American Express');
  });
  it('shows the first and last initials, Guest without a name', () => {
    expect(initials('casey anne morgan')).toBe('CM');
    expect(initials('Walker Q. Tester')).toBe('WT');
    expect(initials('Cher')).toBe('C');
    expect(initials('')).toBe('Guest');
    expect(initials(undefined)).toBe('Guest');
  });
  it('never cuts an emoji or a composed letter in half for initials', () => {
    expect(initials('🚗 Casey Morgan')).toBe('CM');
    expect(initials('Émile\u0301 Zola')).toBe('ÉZ');
    expect(initials('Ana 👩‍👩‍👧')).toBe('A');
    expect(initials('👩‍👩‍👧')).toBe('👩‍👩‍👧');
    expect(initials('e\u0301lodie')).toBe('E\u0301');
    for (const name of ['😀 Zoë', '👍🏽 Bo']) expect(initials(name)).not.toMatch(/[\uD800-\uDFFF]/);
  });
  it('shows the last 8 characters of a booking id, uppercase', () => {
    expect(bookingNumber('8b66a869-011f-4d19-91b6-8b207966498a')).toBe('7966498A');
  });
  it('shows minutes under an hour, hours and minutes above', () => {
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(60)).toBe('1 hr');
    expect(formatDuration(90)).toBe('1 hr 30 min');
    expect(formatDuration(180)).toBe('3 hr');
  });
  it('writes durations in Spanish and French units', () => {
    expect(formatDuration(90, 'es')).toBe('1 h 30 min');
    expect(formatDuration(120, 'fr')).toMatch(/^2\sh$/); // French puts a narrow no-break space before the unit
    expect(formatDuration(45, 'fr')).toMatch(/^45\smin$/);
  });
  it('cuts the description preview at 120 characters with an ellipsis, HTML stripped', () => {
    const long = `<p>${'a'.repeat(130)}</p>`;
    expect(descriptionPreview(long)).toBe(`${'a'.repeat(120)}...`);
    expect(descriptionPreview('<b>Short</b> &amp; sweet')).toBe('Short & sweet');
    expect(descriptionPreview('x'.repeat(120))).toBe('x'.repeat(120));
    expect(stripHtml('<script>alert(1)</script>ok')).toBe('ok');
    expect(descriptionPreview('<p>Includes:</p><ul><li>Hand wash</li><li>Wax</li></ul><p>Then a dry.</p>')).toBe('Includes: Hand wash · Wax · Then a dry.');
    expect(descriptionPreview('Line one<br>Line two')).toBe('Line one · Line two');
  });
  it('shows ratings with one decimal', () => {
    expect(formatRating('5.00')).toBe('5.0');
    expect(formatRating(4.25)).toBe('4.3');
  });
});

describe('Pacific time', () => {
  it('maps wall-clock times to instants across both daylight-saving changes', () => {
    expect(pacificInstant('2026-03-07', '09:00').toISOString()).toBe('2026-03-07T17:00:00.000Z');
    expect(pacificInstant('2026-03-08', '09:00').toISOString()).toBe('2026-03-08T16:00:00.000Z');
    expect(pacificInstant('2026-10-31', '09:00').toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(pacificInstant('2026-11-01', '09:00').toISOString()).toBe('2026-11-01T17:00:00.000Z');
  });
  it('reads the business day and time of an instant', () => {
    expect(pacificDateKey(new Date('2026-11-22T07:30:00Z'))).toBe('2026-11-21');
    expect(pacificTimeOfDay(new Date('2026-11-22T07:30:00Z'))).toBe('23:30');
    expect(dayOfWeek('2026-11-22')).toBe(0);
    expect(addDaysToKey('2026-02-28', 1)).toBe('2026-03-01');
  });
});

describe('registration schema', () => {
  it('normalises the e-mail and trims the name', () => {
    const parsed = registerRequest.parse({ fullName: '  Ana  ', email: ' Ana@Example.COM ', phone: '4085550100', password: 'long-enough' });
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.fullName).toBe('Ana');
  });
});
