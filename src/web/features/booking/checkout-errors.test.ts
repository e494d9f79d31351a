import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, type ErrorCode } from '@shared/error-codes';
import { alreadySettled, cardDeclined, detailsRefused, holdEnded, paymentsUnavailable, timeWasTaken, tooManyCheckouts } from './checkout-errors';

const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
const withStatus = (status: number) => codes.filter((code) => ERROR_STATUS[code] === status);

describe('the checkout reads refusals by their code', () => {
  it('offers the next free times when the time went, not for any other conflict', () => {
    expect(timeWasTaken('SLOT_FULL')).toBe(true);
    expect(timeWasTaken('OFFER_ENDED')).toBe(true);
    // Conflicts of other calls share the status but mean something else.
    expect(timeWasTaken('EMAIL_TAKEN')).toBe(false);
    expect(timeWasTaken('ALREADY_REVIEWED')).toBe(false);
    expect(timeWasTaken(undefined)).toBe(false);
  });

  it('sends the guest back to the form for a refused detail, not for a rate limit or a missing service', () => {
    expect(detailsRefused('GUEST_EMAIL_INVALID')).toBe(true);
    expect(detailsRefused('INVALID_INPUT')).toBe(true);
    expect(detailsRefused('HOLD_LIMIT_REACHED')).toBe(false);
    expect(detailsRefused('SERVICE_NOT_FOUND')).toBe(false);
    // A 400 from another area (a wrong current password) is not a checkout detail.
    expect(detailsRefused('CURRENT_PASSWORD_INCORRECT')).toBe(false);
  });

  it('tells too many checkouts apart from a taken time', () => {
    expect(tooManyCheckouts('HOLD_LIMIT_REACHED')).toBe(true);
    expect(timeWasTaken('HOLD_LIMIT_REACHED')).toBe(false);
    expect(tooManyCheckouts('RATE_LIMITED')).toBe(false);
  });

  it('tells an ended hold, a settled booking, unavailable payments and a declined card apart', () => {
    expect(holdEnded('HOLD_EXPIRED')).toBe(true);
    expect(alreadySettled('ALREADY_PAID')).toBe(true);
    expect(alreadySettled('SLOT_FULL')).toBe(false);
    expect(paymentsUnavailable('PAYMENT_UNAVAILABLE')).toBe(true);
    expect(paymentsUnavailable('REFUND_FAILED')).toBe(false);
    expect(cardDeclined('PAYMENT_DECLINED')).toBe(true);
    expect(cardDeclined('CARD_INVALID')).toBe(false);
  });

  it('answers every code of the status each screen used to be chosen by as before, for the codes those calls send', () => {
    // The decline and the ended hold are the only codes of their statuses.
    expect(withStatus(402).filter((code) => !cardDeclined(code))).toEqual([]);
    // (An expired Manage, Rate or weather link or offer is also 410, but only the message links' own calls answer it.)
    expect(withStatus(410).filter((code) => !holdEnded(code) && code !== 'MESSAGE_LINK_EXPIRED' && code !== 'WEATHER_OFFER_EXPIRED')).toEqual([]);
    // Each list holds only codes of the status the screen was chosen by.
    expect(codes.filter((code) => timeWasTaken(code) && ERROR_STATUS[code] !== 409)).toEqual([]);
    expect(codes.filter((code) => alreadySettled(code) && ERROR_STATUS[code] !== 409)).toEqual([]);
    expect(codes.filter((code) => detailsRefused(code) && ERROR_STATUS[code] !== 400)).toEqual([]);
    expect(codes.filter((code) => paymentsUnavailable(code) && ERROR_STATUS[code] !== 503)).toEqual([]);
  });
});
