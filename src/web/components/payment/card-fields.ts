/**
 * What the test provider's card fields do to what is typed. A phone's numeric keypad has no "/", so the
 * expiry formats itself from digits alone ("1230" → "12/30", "4" → "04"); the number groups in fours.
 */

export function formatCardNumber(raw: string): string {
  return raw
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function formatExpiry(raw: string): string {
  const slash = raw.indexOf('/');
  if (slash >= 0) {
    // Typed with a slash (a desktop keyboard, or autofill "12/2030"): the month is what stands before it.
    let month = raw.slice(0, slash).replace(/\D/g, '').slice(0, 2);
    const year = raw.slice(slash + 1).replace(/\D/g, '').slice(0, 4);
    if (month.length === 1 && year) month = `0${month}`;
    return month ? `${month}/${year}` : year;
  }
  let digits = raw.replace(/\D/g, '');
  // No month starts with 2–9 but the single-digit ones.
  if (/^[2-9]/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The month and year of a formatted expiry, or undefined while it is incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | undefined {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  return match ? { month: Number(match[1]), year: Number(match[2]) } : undefined;
}
