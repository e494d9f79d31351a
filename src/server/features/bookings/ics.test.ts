import { describe, expect, it } from 'vitest';
import { checkTestCard, luhnValid, cardBrand } from '../../integrations/payments/test-cards';
import { buildIcs, escapeText, fold, pacificStamp } from './ics';

describe('the .ics attachment', () => {
  it('writes Pacific wall times with the time zone, on both daylight-saving days', () => {
    expect(pacificStamp(new Date('2026-03-08T16:00:00Z'))).toBe('20260308T090000'); // PDT
    expect(pacificStamp(new Date('2026-11-01T17:00:00Z'))).toBe('20261101T090000'); // PST
    const ics = buildIcs(
      {
        uid: 'abc@glint',
        start: new Date('2026-11-01T17:00:00Z'),
        end: new Date('2026-11-01T20:00:00Z'),
        stamp: new Date('2026-10-01T12:00:00Z'),
        summary: 'Glint: Full Detail',
        description: 'Booking #ABC; see you, soon',
        location: '425 Park Ave, San Jose, CA 95110',
      },
      'Glint',
    );
    expect(ics).toContain('DTSTART;TZID=America/Los_Angeles:20261101T090000\r\n');
    expect(ics).toContain('DTEND;TZID=America/Los_Angeles:20261101T120000\r\n');
    expect(ics).toContain('DTSTAMP:20261001T120000Z');
    expect(ics).toContain('BEGIN:VTIMEZONE\r\nTZID:America/Los_Angeles');
    expect(ics).toContain('DESCRIPTION:Booking #ABC\\; see you\\, soon');
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0')).toBe(true);
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('escapes text and folds long lines at 75 octets', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
    const folded = fold(`DESCRIPTION:${'x'.repeat(200)}`);
    expect(folded.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(`DESCRIPTION:${'x'.repeat(200)}`);
  });
});

describe('test provider cards', () => {
  const now = new Date('2026-06-01T00:00:00Z');
  it('knows the brands and the Luhn check', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(cardBrand('5555555555554444')).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
  it('pays with 4242…, declines 4000…0002 and refuses bad input', () => {
    expect(checkTestCard({ number: '4242 4242 4242 4242', expMonth: 6, expYear: 2026, cvc: '123' }, now)).toEqual({ ok: true, digits: '4242424242424242', brand: 'visa' });
    expect(checkTestCard({ number: '4000 0000 0000 0002', expMonth: 12, expYear: 30, cvc: '123' }, now)).toEqual({ ok: false, message: 'Your card was declined.', declined: true });
    expect(checkTestCard({ number: '4242424242424242', expMonth: 5, expYear: 2026, cvc: '123' }, now)).toMatchObject({ ok: false, declined: false });
    expect(checkTestCard({ number: '378282246310005', expMonth: 1, expYear: 2030, cvc: '123' }, now)).toMatchObject({ ok: false, message: "Your card's security code is incomplete." });
  });
});
