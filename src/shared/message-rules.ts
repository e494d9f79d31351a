import type { MessageKind } from './schemas/messages';
import type { BusinessSettings } from './schemas/business-settings';
import { addDaysToKey, pacificDateKey, pacificInstant, pacificTimeOfDay } from './time';

/** When Glint writes to a customer about a booking (decision 050). Pure rules; the server schedules them. */

export type ReminderKind = Extract<MessageKind, 'reminder_24h' | 'reminder_2h'>;
/** The first and the second reminder before the start (the kinds keep their default names). */
export const REMINDER_KINDS: readonly ReminderKind[] = ['reminder_24h', 'reminder_2h'];

/**
 * The reminders the business's settings ask for (decision 051's `reminders` section): hours before the start,
 * 0 when switched off. A booking made inside a reminder's window skips it.
 */
export function reminderPlan(settings: BusinessSettings['reminders']): readonly { kind: ReminderKind; hoursBefore: number }[] {
  return [
    { kind: 'reminder_24h', hoursBefore: settings.firstHoursBefore },
    { kind: 'reminder_2h', hoursBefore: settings.secondHoursBefore },
  ];
}

/** The review request goes this long after the job is completed. */
export const REVIEW_REQUEST_DELAY_HOURS = 2;
/** A second "on my way" this soon after another (any leg) is a repeat, and is skipped. */
export const ON_MY_WAY_DEDUPE_MINUTES = 5;
/** An unpaid phone appointment's payment link is reminded a day after it was sent, or a day before the start if sooner. */
export const PAYMENT_REMINDER_HOURS = 24;

/** Texts that may wait: they go between 8:00 and 21:00 Pacific. On-my-way and the driver's message go at once. */
export const URGENT_KINDS: ReadonlySet<MessageKind> = new Set(['on_my_way', 'driver_message']);
export const QUIET_HOURS = { from: '21:00', until: '08:00' } as const;

/** When a non-urgent text due at `instant` may go: the instant itself, or 8:00 Pacific after the quiet night. */
export function outsideQuietHours(instant: Date): Date {
  const time = pacificTimeOfDay(instant);
  if (time >= QUIET_HOURS.until && time < QUIET_HOURS.from) return instant;
  const day = pacificDateKey(instant);
  return pacificInstant(time >= QUIET_HOURS.from ? addDaysToKey(day, 1) : day, QUIET_HOURS.until);
}
