import { z } from 'zod';

/**
 * The business's settings, one section per concern (decision 051), stored as one business_settings row per
 * section and read through features/settings. Each section has its defaults here: a missing row or field
 * means the default, so a new field needs no migration. The feature that uses a section owns its fields and
 * its editor in the back office; the settings feature only stores and validates.
 */

const minutes = (max: number) => z.number().int().min(0).max(max);
const cents = z.number().int().min(0).max(10_000_00);

/** A fee: a fixed amount in cents or a percentage of the booking's total. */
export const feeRule = z.object({ kind: z.enum(['none', 'fixed', 'percent']), value: z.number().min(0).max(100_000_00) });
export type FeeRule = z.infer<typeof feeRule>;

/** Service area by drive time from the business (issue 24): free within `freeMinutes`, then a fee per band. */
export const travelSettings = z
  .object({
    freeMinutes: minutes(600),
    /** Ascending by `upToMinutes`; beyond the last band a mobile or pickup job is refused. */
    bands: z.array(z.object({ upToMinutes: minutes(600), feeCents: cents })).max(10, { error: 'At most 10 travel fee bands' }),
  })
  .refine((t) => t.bands.every((b) => b.upToMinutes > t.freeMinutes), { error: 'Each band must reach further than the free minutes', path: ['bands'] })
  .refine((t) => t.bands.every((b, i) => i === 0 || b.upToMinutes > t.bands[i - 1]!.upToMinutes), { error: 'Bands must go from the nearest to the farthest, each reaching further than the one before', path: ['bands'] });
export type TravelSettings = z.infer<typeof travelSettings>;

/** Cancellation and no-show policy (issue 25). */
export const cancellationSettings = z.object({
  freeCancelHours: z.number().int().min(0).max(24 * 14),
  lateCancelFee: feeRule,
  noShowFee: feeRule,
});

/** When reminders go (issue 26): hours before the start; 0 switches one off. */
export const reminderSettings = z.object({
  firstHoursBefore: z.number().int().min(0).max(24 * 7),
  secondHoursBefore: z.number().int().min(0).max(24 * 7),
});

export const businessSettingsSchema = z.object({
  travel: travelSettings,
  cancellation: cancellationSettings,
  reminders: reminderSettings,
});
export type BusinessSettings = z.infer<typeof businessSettingsSchema>;
export type BusinessSettingsSection = keyof BusinessSettings;

export const DEFAULT_BUSINESS_SETTINGS: BusinessSettings = {
  travel: { freeMinutes: 30, bands: [{ upToMinutes: 45, feeCents: 15_00 }, { upToMinutes: 60, feeCents: 30_00 }, { upToMinutes: 90, feeCents: 45_00 }] },
  cancellation: { freeCancelHours: 24, lateCancelFee: { kind: 'fixed', value: 25_00 }, noShowFee: { kind: 'percent', value: 50 } },
  reminders: { firstHoursBefore: 24, secondHoursBefore: 2 },
};

/** PUT /api/admin/business-settings/:section takes the whole section. */
export const businessSettingsSectionParam = z.object({ section: z.enum(['travel', 'cancellation', 'reminders']) });
