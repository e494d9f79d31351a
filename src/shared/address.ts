/** US addresses as the booking flow handles them: a structured form and a one-line form. */
export interface StructuredAddress {
  streetNumber: string;
  streetName: string;
  /** streetNumber + streetName, as saved on addresses and bookings. */
  street: string;
  city: string;
  /** Two-letter state code. */
  state: string;
  zipCode: string;
  /** Country code; always US. */
  country: 'US';
  formattedAddress: string;
}

/** The 50 states, DC and the inhabited territories, as two-letter codes. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  'AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY PR GU VI AS MP'.split(' '),
);

export function isUsStateCode(value: string): boolean {
  return US_STATE_CODES.has(value.trim().toUpperCase());
}

export function isUsZip(value: string): boolean {
  return /^\d{5}(-\d{4})?$/.test(value.trim());
}

export function formatAddress(a: { street: string; city: string; state: string; zipCode: string }): string {
  return `${a.street}, ${a.city}, ${a.state} ${a.zipCode}`;
}

/**
 * Parses a typed one-line US address: "425 Park Ave, San Jose, CA 95110" (commas between street, city
 * and state; the ZIP may follow the state with or without a comma; "USA" at the end is allowed).
 * Returns undefined when any part is missing.
 */
export function parseUsAddress(input: string): StructuredAddress | undefined {
  const text = input.trim().replace(/\s+/g, ' ').replace(/,?\s*(USA|United States|US)$/i, '');
  const match = /^(\d+[A-Za-z]?(?:-\d+)?)\s+([^,]+?),\s*([^,]+?),\s*([A-Za-z]{2})\s*,?\s*(\d{5})(?:-\d{4})?$/.exec(text);
  if (!match) return undefined;
  const [, number, name, city, stateRaw, zip] = match as unknown as [string, string, string, string, string, string];
  const state = stateRaw.toUpperCase();
  if (!US_STATE_CODES.has(state)) return undefined;
  const street = `${number} ${name.trim()}`;
  const address = { street, city: city.trim(), state, zipCode: zip };
  return { streetNumber: number, streetName: name.trim(), ...address, country: 'US', formattedAddress: formatAddress(address) };
}

/** True when the ZIP is served; an empty list means every ZIP is. */
export function inServiceArea(zipCode: string, serviceZipCodes: readonly string[]): boolean {
  return serviceZipCodes.length === 0 || serviceZipCodes.includes(zipCode.trim().slice(0, 5));
}
