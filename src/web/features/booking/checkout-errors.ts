import type { ErrorCode } from '@shared/error-codes';

/**
 * What the checkout does with a refused call, read from the error's code: a status number says only the
 * kind of refusal, and two codes with one status can need different screens. Each list holds the codes
 * the call in question can answer with.
 */
const oneOf =
  (codes: readonly ErrorCode[]) =>
  (code: string | undefined): boolean =>
    code !== undefined && (codes as readonly string[]).includes(code);

/** Holding the time: it went (or the offer ended, or the same hold is still being made) while they decided; the error screen offers the next free times. */
export const timeWasTaken = oneOf(['SLOT_FULL', 'OFFER_ENDED', 'REQUEST_IN_PROGRESS', 'CONFLICT']);

/** Holding the time: this visitor already has as many checkouts under way as one may hold; finish or drop one first. */
export const tooManyCheckouts = oneOf(['HOLD_LIMIT_REACHED']);

/** Holding the time: the server refused something the guest typed or chose; back to the form, nothing lost. */
export const detailsRefused = oneOf([
  'BAD_REQUEST',
  'INVALID_INPUT',
  'INVALID_TEXT',
  'GUEST_EMAIL_REQUIRED',
  'GUEST_EMAIL_INVALID',
  'ADDRESS_REQUIRED',
  'ADDRESS_INCOMPLETE',
  'ADDRESS_NOT_CUSTOMERS',
  'OUTSIDE_SERVICE_AREA',
  'BEYOND_SERVICE_AREA',
  'SLOT_INVALID',
  'SLOT_REQUIRED',
  'TIME_NOT_OPEN',
  'SERVICE_TYPE_NOT_OFFERED',
  'SIGN_IN_REQUIRED',
  'OFFER_NOT_APPLICABLE',
]);

/** Paying: the hold ended before it was paid, so the time may be gone. */
export const holdEnded = oneOf(['HOLD_EXPIRED']);

/** Paying: the same checkout came back (reload, Back) after it was paid, or it is no longer payable; show the booking, never pay twice. */
export const alreadySettled = oneOf(['ALREADY_PAID', 'BOOKING_NOT_PAYABLE', 'PAYMENT_IN_PROGRESS', 'PAYMENT_NOT_COMPLETED', 'REQUEST_IN_PROGRESS', 'CONFLICT']);

/** Paying: card payments cannot be taken right now. */
export const paymentsUnavailable = oneOf(['PAYMENT_UNAVAILABLE', 'UNAVAILABLE', 'DATABASE_UNAVAILABLE']);

/** Paying: the card was declined; the reason comes with the error. */
export const cardDeclined = oneOf(['PAYMENT_DECLINED']);
