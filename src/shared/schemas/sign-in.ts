// Signing in, apart from the other account schemas: the sign-in form is in a visitor's first load, and the
// registration schema brings the phone rules (libphonenumber), which only the Create Account form needs.
import { z } from 'zod/mini';
import { PASSWORD_MAX } from '../constants';

/** An e-mail address, trimmed and lower-cased; `message` for every way it can be wrong. */
export const email = (message: string) =>
  z.pipe(z.string({ error: message }).check(z.trim(), z.toLowerCase()), z.email({ error: message }).check(z.maxLength(254, { error: message })));

export const loginRequest = z.object({
  email: email('Invalid email address'),
  password: z.string({ error: 'Password is required' }).check(z.minLength(1, { error: 'Password is required' }), z.maxLength(PASSWORD_MAX * 4)),
});
export type LoginRequest = z.infer<typeof loginRequest>;
