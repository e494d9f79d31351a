import { describe, expect, it } from 'vitest';
import { formatCardNumber, formatExpiry, parseExpiry } from './card-fields';

/** Types `keys` one at a time, as a phone keypad does, formatting after each key like the field does. */
const typeInto = (format: (raw: string) => string, keys: string) => [...keys].reduce((value, key) => format(value + key), '');

describe('the card fields', () => {
  it('turns the digits a phone keypad types into MM/YY', () => {
    expect(typeInto(formatExpiry, '1230')).toBe('12/30');
    expect(parseExpiry(typeInto(formatExpiry, '1230'))).toEqual({ month: 12, year: 30 });
  });

  it('pads a month that can only be one digit', () => {
    expect(typeInto(formatExpiry, '430')).toBe('04/30');
  });

  it('keeps an expiry typed or autofilled with a slash', () => {
    expect(typeInto(formatExpiry, '12/34')).toBe('12/34');
    expect(formatExpiry('1/30')).toBe('01/30');
    expect(formatExpiry('12/2030')).toBe('12/2030');
    expect(parseExpiry('12/2030')).toEqual({ month: 12, year: 2030 });
  });

  it('lets backspace remove the slash it added', () => {
    expect(formatExpiry('12')).toBe('12');
    expect(formatExpiry('1')).toBe('1');
  });

  it('says an expiry is incomplete until it has a year', () => {
    expect(parseExpiry('12')).toBeUndefined();
    expect(parseExpiry('12/')).toBeUndefined();
  });

  it('groups the card number in fours and drops anything but digits', () => {
    expect(typeInto(formatCardNumber, '4242424242424242')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('4000-0000 0000.0002')).toBe('4000 0000 0000 0002');
  });
});
