import { z } from 'zod';
import { LANGUAGES, THEMES } from '../domain';

/** The account's saved preferences (GET/PUT /api/settings); stored in users.settings. */
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
  // Follows the device until the customer chooses.
  theme: 'auto',
  language: 'en',
};

