import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN } from '../constants';
import type { BookingStatus } from '../domain';
import type { PublicUser } from './auth';
import { userSettings, type UserSettings } from './settings';
import type { Page } from './common';

/** The contract of the customer's account calls (issue 5): profile, password, settings, notifications, addresses, cards. */

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
    .max(30, { error: 'Phone number must be at most 30 characters' }),
  /** The profile page's Email Notifications switch, stored with the settings. */
  emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
});
export type UpdateProfileRequest = z.infer<typeof updateProfileRequest>;

export interface UpdateProfileResponse {
  message: string;
  user: PublicUser;
  /** True when the e-mail changed: it is unverified and a new link was sent. */
  verificationSent: boolean;
}

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
export type SettingsResponse = UserSettings;

// Account summary on /account.
export interface AccountSummary {
  totalBookings: number;
  /** Decimal string: package credits plus struck-through prices. */
  moneySaved: string;
  /** One decimal, or null when the customer has rated nothing yet. */
  averageRating: string | null;
  ratingsGiven: number;
}

// Notifications: booking updates of the customer's bookings.
export interface NotificationView {
  id: string;
  bookingId: string;
  serviceName: string;
  serviceType: 'mobile' | 'pickup' | 'serviceLocation';
  status: BookingStatus;
  message: string | null;
  createdAt: string;
  unread: boolean;
}
export type NotificationsPage = Page<NotificationView> & { unreadCount: number };

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
  state: addressField('State', 50),
  zipCode: addressField('ZIP code', 20),
  isDefault: z.boolean({ error: 'isDefault must be true or false' }).optional().default(false),
});
export type AddressRequest = z.input<typeof addressRequest>;

export interface SavedAddress {
  id: string;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  isDefault: boolean;
  createdAt: string;
}

/** A customer keeps at most this many addresses (and cards), so their lists stay bounded. */
export const MAX_SAVED_ADDRESSES = 50;
export const MAX_SAVED_CARDS = 20;

export interface SavedPaymentMethod {
  id: string;
  provider: string;
  brand: string;
  last4: string;
  expiryMonth: number;
  expiryYear: number;
  isDefault: boolean;
  createdAt: string;
}
