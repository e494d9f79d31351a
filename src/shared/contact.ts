/**
 * Contact formats, one rule for the server and every form: e-mail addresses and US phone numbers (stored
 * E.164, shown in national format). State codes and ZIP codes are address rules (./address.ts), kept apart
 * so that pages handling addresses do not download the phone rules.
 *
 * Phones go through `libphonenumber-js` (core) with its `min` metadata cut down to the United States
 * (phone-metadata.us.json, written by scripts/us-phone-metadata.mjs): the business serves one US county,
 * so only US numbers are accepted, and the whole metadata would add ~25 KB brotli to the customer pages.
 */
import { parsePhoneNumberFromString, type MetadataJson } from 'libphonenumber-js/core';
import usMetadata from './phone-metadata.us.json';

const metadata = usMetadata as unknown as MetadataJson;

/** The shape Zod's e-mail check accepts: a dotted domain ending in two or more letters ('a@b.c' fails). */
const EMAIL = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
export const NAME_MAX = 120;
export const PHONE_MAX = 30;
export const PHONE_INVALID_MESSAGE = 'Please enter a valid US phone number, like (408) 555-0100';

export function isEmailAddress(value: string): boolean {
  const email = value.trim();
  return email.length <= EMAIL_MAX && EMAIL.test(email);
}

/**
 * A US phone number as E.164 ('+14085550100'), or null when it is not one: letters, a leading minus,
 * the wrong number of digits, an impossible area code or exchange, or another country's number.
 * Spaces, dots, dashes, brackets and a leading +1 or 1 are allowed. The character check comes first
 * because libphonenumber's parser skips leading and trailing junk ('-1 408…', '…0100x').
 */
export function normaliseUsPhone(value: string): string | null {
  const text = value.trim();
  if (!text || text.length > PHONE_MAX) return null;
  if (!/^[+(\d][\d\s().-]*$/.test(text)) return null;
  const phone = parsePhoneNumberFromString(text, 'US', metadata);
  if (!phone || phone.country !== 'US' || !phone.isValid()) return null;
  return phone.number;
}

/** '+14085550100' → '(408) 555-0100'; anything else is shown as it was saved. */
export function formatUsPhone(value: string | null | undefined): string {
  if (!value) return '';
  const e164 = normaliseUsPhone(value);
  if (!e164) return value;
  return parsePhoneNumberFromString(e164, 'US', metadata)!.formatNational();
}

export type GuestField = 'fullName' | 'email' | 'phone';
export type ContactProblem = 'emailRequired' | 'emailInvalid' | 'emailTooLong' | 'nameTooLong' | 'phoneInvalid';

/** What is wrong with a guest's contact details, field by field (empty when nothing is). */
export function guestContactProblems(guest: { fullName: string; email: string; phone: string }): Partial<Record<GuestField, ContactProblem>> {
  const problems: Partial<Record<GuestField, ContactProblem>> = {};
  const email = guest.email.trim();
  if (!email) problems.email = 'emailRequired';
  else if (email.length > EMAIL_MAX) problems.email = 'emailTooLong';
  else if (!isEmailAddress(email)) problems.email = 'emailInvalid';
  if (guest.fullName.trim().length > NAME_MAX) problems.fullName = 'nameTooLong';
  if (guest.phone.trim() && !normaliseUsPhone(guest.phone)) problems.phone = 'phoneInvalid';
  return problems;
}
