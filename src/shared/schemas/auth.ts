import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { LANGUAGES, ROLES, THEMES } from '../domain';

const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: message }).max(254, { error: message }));

const newPassword = z
  .string({ error: 'Password must be at least 8 characters' })
  .min(PASSWORD_MIN, { error: 'Password must be at least 8 characters' })
  .max(PASSWORD_MAX, { error: 'Password must be at most 128 characters' });

export const registerRequest = z.object({
  fullName: z
    .string({ error: 'Full name must be at least 2 characters' })
    .trim()
    .min(2, { error: 'Full name must be at least 2 characters' })
    .max(120, { error: 'Full name must be at most 120 characters' }),
  email: email('Invalid email address'),
  phone: z
    .string({ error: 'Phone number must be at least 10 digits' })
    .trim()
    .min(10, { error: 'Phone number must be at least 10 digits' })
    .max(30, { error: 'Phone number must be at most 30 characters' }),
  password: newPassword,
});
export type RegisterRequest = z.infer<typeof registerRequest>;

export const loginRequest = z.object({
  email: email('Invalid email address'),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(PASSWORD_MAX * 4),
});
export type LoginRequest = z.infer<typeof loginRequest>;

export const forgotPasswordRequest = z.object({ email: email('Please enter a valid email address') });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

export const resetPasswordRequest = z.object({
  token: z.string({ error: 'Reset token is required' }).min(1, { error: 'Reset token is required' }).max(200),
  newPassword,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;

export const verifyEmailQuery = z.object({
  token: z.string({ error: 'Verification token is required' }).min(1, { error: 'Verification token is required' }).max(200),
});

export const userSettings = z.object({
  pushNotifications: z.boolean(),
  emailNotifications: z.boolean(),
  smsNotifications: z.boolean(),
  marketingEmails: z.boolean(),
  analytics: z.boolean(),
  locationServices: z.boolean(),
  theme: z.enum(THEMES),
  language: z.enum(LANGUAGES),
});
export type UserSettings = z.infer<typeof userSettings>;
export const DEFAULT_USER_SETTINGS: UserSettings = {
  pushNotifications: true,
  emailNotifications: true,
  smsNotifications: false,
  marketingEmails: false,
  analytics: true,
  locationServices: true,
  theme: 'light',
  language: 'en',
};

/** The user as every response shows it: never a password hash or a token. */
export const publicUser = z.object({
  id: z.string(),
  fullName: z.string(),
  username: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const registerResponse = z.object({
  message: z.string(),
  user: publicUser,
  shopifyCustomerLinked: z.boolean(),
});
export type RegisterResponse = z.infer<typeof registerResponse>;

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;
