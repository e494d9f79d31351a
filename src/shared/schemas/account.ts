import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import { UPDATE_KINDS } from '../booking-lifecycle';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import { updateParams } from './bookings';
import { publicUser } from './auth';
import { userSettings, type UserSettings } from './settings';
import { pageOf } from './common';
import { isUsStateCode, isUsZip } from '../address';
import { normaliseUsPhone, PHONE_INVALID_MESSAGE } from '../contact';

/** The contract of the customer's account calls: profile, password, settings, notifications, addresses, cards. */

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

// Profile: PUT /api/auth/me — the registration rules for name, e-mail and phone.
export const updateProfileRequest = z.object({
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
    .max(30, { error: 'Phone number must be at most 30 characters' })
    .refine((v) => normaliseUsPhone(v) !== null, { error: PHONE_INVALID_MESSAGE })
    .transform((v) => normaliseUsPhone(v) ?? v),
  /** The profile page's Email Notifications switch, stored with the settings. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export const updateProfileResponse = z.object({
  message: z.string(),
  user: publicUser,
  /** True when the e-mail changed: it is unverified and a new link was sent. */
  verificationSent: z.boolean(),
});
export type UpdateProfileResponse = z.infer<typeof updateProfileResponse>;

export const changePasswordRequest = z.object({
  currentPassword: z.string({ error: 'Current password is required' }).min(1, { error: 'Current password is required' }).max(PASSWORD_MAX * 4),
  newPassword,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>;

export const deleteAccountRequest = z.object({
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(PASSWORD_MAX * 4),
});
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequest>;

// Settings: GET returns them all; PUT takes any subset and answers the merged whole.
export const updateSettingsRequest = userSettings
  .partial()
  .strict()
  .refine((value) => Object.keys(value).length > 0, { error: 'Nothing to update' });
export type UpdateSettingsRequest = z.infer<typeof updateSettingsRequest>;
export const settingsResponse = userSettings;
export type SettingsResponse = UserSettings;

// Account summary on /account.
export const accountSummary = z.object({
  totalBookings: z.number(),
  /** Decimal string: package credits plus struck-through prices. */
  moneySaved: z.string(),
  /** One decimal, or null when the customer has rated nothing yet. */
  averageRating: z.string().nullable(),
  ratingsGiven: z.number(),
});
export type AccountSummary = z.infer<typeof accountSummary>;

// Notifications: booking updates of the customer's bookings.
export const notificationView = z.object({
  id: z.string(),
  bookingId: z.string(),
  serviceName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  /** What happened, for the client's own words (booking-lifecycle.ts UpdateKind) … */
  kind: z.enum(UPDATE_KINDS),
  params: updateParams,
  /** … and the English sentence, for API users. */
  message: z.string().nullable(),
  createdAt: z.string(),
  unread: z.boolean(),
});
export type NotificationView = z.infer<typeof notificationView>;
export const notificationsPage = pageOf(notificationView).extend({ unreadCount: z.number() });
export type NotificationsPage = z.infer<typeof notificationsPage>;

// Addresses.
const addressField = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

export const addressRequest = z.object({
  street: addressField('Street', 200),
  city: addressField('City', 100),
  state: addressField('State', 50)
    .toUpperCase()
    .refine(isUsStateCode, { error: 'State must be a two-letter US state code, like CA' }),
  zipCode: addressField('ZIP code', 20).refine(isUsZip, { error: 'ZIP code must be 5 digits' }),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional().default(false),
});
export type AddressRequest = z.input<typeof addressRequest>;

export const savedAddress = z.object({
  id: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

/** A customer keeps at most this many addresses (and cards), so their lists stay bounded. */
export const MAX_SAVED_ADDRESSES = 50;
export const MAX_SAVED_CARDS = 20;

export const savedPaymentMethod = z.object({
  id: z.string(),
  provider: z.string(),
  brand: z.string(),
  last4: z.string(),
  expiryMonth: z.number(),
  expiryYear: z.number(),
  isDefault: z.boolean(),
  createdAt: z.string(),
});
export type SavedPaymentMethod = z.infer<typeof savedPaymentMethod>;

/** POST /api/payment-methods/setup: a card setup at the provider, for the card form to confirm. */
export const cardSetupResponse = z.object({ setupIntentId: z.string(), clientSecret: z.string(), provider: z.enum(['stripe', 'test']) });
export type CardSetupResponse = z.infer<typeof cardSetupResponse>;

/** POST /api/payment-methods/setup/confirm: the server asks the provider how the setup ended. */
export const confirmCardSetupRequest = z.object({
  setupIntentId: z.string({ error: 'setupIntentId is required' }).trim().min(3, { error: 'setupIntentId is required' }).max(255),
});
export const confirmCardSetupResponse = z.object({ message: z.string(), paymentMethod: savedPaymentMethod });
