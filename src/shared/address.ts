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

import { US_STATE_CODES as US_STATES } from './contact';
export { US_STATES };

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
  if (!US_STATES.has(state)) return undefined;
  const street = `${number} ${name.trim()}`;
  const address = { street, city: city.trim(), state, zipCode: zip };
  return { streetNumber: number, streetName: name.trim(), ...address, country: 'US', formattedAddress: formatAddress(address) };
}

/** True when the ZIP is served; an empty list means every ZIP is. */
export function inServiceArea(zipCode: string, serviceZipCodes: readonly string[]): boolean {
  return serviceZipCodes.length === 0 || serviceZipCodes.includes(zipCode.trim().slice(0, 5));
}
