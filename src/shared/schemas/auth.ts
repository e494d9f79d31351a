// zod/mini: these schemas ship with the sign-in forms on the first page a visitor sees; mini tree-shakes to
// a few KB where classic Zod costs ~20 KB compressed. Schemas used only behind sign-in use classic Zod.
import { z } from 'zod/mini';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { LANGUAGES, ROLES } from '../domain';
import { normaliseUsPhone, PHONE_INVALID_MESSAGE as PHONE_INVALID } from '../contact';
import { email } from './sign-in';
export { loginRequest, type LoginRequest } from './sign-in';
export type { UserSettings } from './settings';


const text = (min: number, max: number, tooShort: string, tooLong: string) =>
  z.string({ error: tooShort }).check(z.trim(), z.minLength(min, { error: tooShort }), z.maxLength(max, { error: tooLong }));

/** A US phone number, stored as E.164 (shared/contact.ts). */
export const usPhone = z.pipe(
  text(10, 30, 'Phone number must be at least 10 digits', 'Phone number must be at most 30 characters').check(z.refine((v) => normaliseUsPhone(v) !== null, { error: PHONE_INVALID })),
  z.transform((v: string) => normaliseUsPhone(v) ?? v),
);

const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .check(z.minLength(PASSWORD_MIN, { error: 'Password must be at least 8 characters' }), z.maxLength(PASSWORD_MAX, { error: 'Password must be at most 128 characters' }));

export const registerRequest = z.object({
  fullName: text(2, 120, 'Full name must be at least 2 characters', 'Full name must be at most 120 characters'),
  email: email('Invalid email address'),
  phone: usPhone,
  password: newPassword,
  /** The language the page was in: the new account keeps it (its pages and e-mails). */
  language: z.optional(z.enum(LANGUAGES)),
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const forgotPasswordRequest = z.object({ email: email('Please enter a valid email address') });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  token: z.string({ error: 'Reset token is required' }).check(z.minLength(1, { error: 'Reset token is required' }), z.maxLength(200)),
  newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const verifyEmailQuery = z.object({
  token: z.string({ error: 'Verification token is required' }).check(
    z.minLength(1, { error: 'Verification token is required' }),
    z.maxLength(200, { error: 'Verification token is required' }),
  ),
});

/** The user as every response shows it: never a password hash or a token. */
export const publicUser = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.nullable(z.string()),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** GET /api/auth/session: who is signed in, `{ user: null }` for a visitor (200 either way, so a signed-out page load logs no error). */
export const sessionResponse = z.object({ user: z.nullable(publicUser) });
export type SessionResponse = z.infer<typeof sessionResponse>;

export const registerResponse = z.object({
  message: z.string(),
  user: publicUser,
  shopifyCustomerLinked: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

/** POST /api/bookings/guest/:id/account: the guest's tracking token for that booking; it only e-mails the guest a claim link. */
export const guestAccountRequest = z.object({ token: z.string({ error: 'Invalid tracking token' }).check(z.minLength(1, { error: 'Invalid tracking token' }), z.maxLength(200, { error: 'Invalid tracking token' })) });
export type GuestAccountRequest = z.infer<typeof guestAccountRequest>;

/** POST /api/auth/claim-guest-booking: the e-mailed claim link's token and the password the owner chooses. */
export const claimGuestBookingRequest = z.object({
  token: z.string({ error: 'Claim token is required' }).check(z.minLength(1, { error: 'Claim token is required' }), z.maxLength(200, { error: 'Claim token is required' })),
  password: newPassword,
});
export type ClaimGuestBookingRequest = z.infer<typeof claimGuestBookingRequest>;

export const claimGuestBookingResponse = z.object({ message: z.string(), user: publicUser, bookingId: z.string() });
export type ClaimGuestBookingResponse = z.infer<typeof claimGuestBookingResponse>;

export const messageResponse = z.object({ message: z.string() });

/** A verification link opened again after it worked says so, instead of calling the link broken. */
export const verifyEmailResponse = z.object({ message: z.string(), alreadyVerified: z.boolean() });
export type VerifyEmailResponse = z.infer<typeof verifyEmailResponse>;
export type MessageResponse = z.infer<typeof messageResponse>;
