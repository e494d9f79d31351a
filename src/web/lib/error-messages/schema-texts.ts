/**
 * The sentences the shared schemas say when a form checks itself before sending (sign-in, registration,
 * password pages): the forms show them in the page's language through `localizeSchemaText`.
 */
export const SCHEMA_TEXTS = [
  'Invalid email address',
  'Please enter a valid email address',
  'Password is required',
  'Password must be at least 8 characters',
  'Password must be at most 128 characters',
  'Full name must be at least 2 characters',
  'Full name must be at most 120 characters',
  'Phone number must be at least 10 digits',
  'Phone number must be at most 30 characters',
  'Please enter a valid US phone number, like (408) 555-0100',
  'Reset token is required',
  'Claim token is required',
] as const;
export type SchemaText = (typeof SCHEMA_TEXTS)[number];
