/**
 * Card rules of the built-in test provider, mirroring Stripe's test cards: 4242 4242 4242 4242 pays,
 * 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds. Any other number that
 * passes the Luhn check pays too.
 */
export const DECLINED_CARDS: Record<string, string> = {
  '4000000000000002': 'Your card was declined.',
  '4000000000009995': 'Your card has insufficient funds.',
  '4000000000000069': 'Your card has expired.',
};

/**
 * Stripe's 4000 0000 0000 0341: the card is accepted and kept, and every later charge of it is declined (an
 * off-session balance or fee fails). The test provider keys it by its last four digits.
 */
export const DECLINES_LATER_LAST4 = '0341';

export function luhnValid(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover';
  return 'unknown';
}

export type CardCheck = { ok: true; digits: string; brand: string } | { ok: false; message: string; declined: boolean };

/** Validates what the test card form sent; a declined card is valid input that the "bank" refuses. */
export function checkTestCard(input: { number: string; expMonth: number; expYear: number; cvc: string }, now: Date): CardCheck {
  const digits = input.number.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(digits) || digits.length < 13) return { ok: false, message: 'Your card number is incomplete.', declined: false };
  if (digits.length > 19 || !luhnValid(digits)) return { ok: false, message: 'Your card number is invalid.', declined: false };
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (input.expMonth - 1) < current) return { ok: false, message: "Your card's expiration date is in the past.", declined: false };
  if (year > now.getUTCFullYear() + 50) return { ok: false, message: "Your card's expiration year is invalid.", declined: false };
  const brand = cardBrand(digits);
  const expectedCvc = brand === 'amex' ? 4 : 3;
  if (input.cvc.length !== expectedCvc) return { ok: false, message: "Your card's security code is incomplete.", declined: false };
  const declined = DECLINED_CARDS[digits];
  if (declined) return { ok: false, message: declined, declined: true };
  return { ok: true, digits, brand };
}
