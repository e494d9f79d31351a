import { describe, expect, it } from 'vitest';
import { isUsStateCode, isUsZip } from './address';
import { formatUsPhone, guestContactProblems, isEmailAddress, normaliseUsPhone } from './contact';

describe('US phone numbers', () => {
  it('stores the usual ways of writing one as E.164', () => {
    for (const typed of ['4085550100', '(408) 555-0100', '408.555.0100', '+1 408 555 0100', '1-408-555-0100', ' 408 555 0100 ']) expect(normaliseUsPhone(typed), typed).toBe('+14085550100');
  });
  it('refuses letters, a minus, the wrong length and impossible area codes', () => {
    for (const typed of ['abcdefghijkl', '-12345678901', '408555010', '408555010011', '+44 20 7946 0958', '0085550100', '408-155-0100', '4085550100x', '', '+1 416 555 0100', '+33 1 23 45 67 89'])
      expect(normaliseUsPhone(typed), typed).toBeNull();
  });
  it('shows the national format', () => {
    expect(formatUsPhone('+14085550100')).toBe('(408) 555-0100');
    expect(formatUsPhone('4155550123')).toBe('(415) 555-0123');
    expect(formatUsPhone('call me')).toBe('call me');
    expect(formatUsPhone(null)).toBe('');
  });
});

describe('e-mail, state and ZIP', () => {
  it('accepts real-looking e-mail addresses only', () => {
    expect(isEmailAddress('guest@example.com')).toBe(true);
    for (const bad of ['ab', 'john@gmail', 'a@b.c', `${'a'.repeat(250)}@x.com`]) expect(isEmailAddress(bad), bad).toBe(false);
  });
  it('knows two-letter US state codes and ZIP formats', () => {
    expect(isUsStateCode('ca')).toBe(true);
    expect(isUsStateCode('California!!')).toBe(false);
    expect(isUsZip('95110')).toBe(true);
    expect(isUsZip('95110-1234')).toBe(true);
    expect(isUsZip('-95110')).toBe(false);
  });
  it("names each guest field's problem", () => {
    expect(guestContactProblems({ fullName: 'x'.repeat(121), email: 'ab', phone: '1'.repeat(31) })).toEqual({ fullName: 'nameTooLong', email: 'emailInvalid', phone: 'phoneInvalid' });
    expect(guestContactProblems({ fullName: '', email: '', phone: '' })).toEqual({ email: 'emailRequired' });
    expect(guestContactProblems({ fullName: 'Ann', email: 'ann@example.com', phone: '408 555 0100' })).toEqual({});
  });
});
