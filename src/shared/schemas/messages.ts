import { z } from 'zod';
import { BOOKING_STATUSES, SERVICE_TYPES } from '../domain';
import { pageOf } from './common';

/** What Glint tells a customer about a booking (decision 050). */
export const MESSAGE_KINDS = ['reminder_24h', 'reminder_2h', 'on_my_way', 'review_request', 'payment_reminder', 'driver_message', 'weather_offer'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const MESSAGE_CHANNELS = ['email', 'sms'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
export const MESSAGE_STATES = ['scheduled', 'sent', 'skipped', 'failed'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

/** One row of a booking's messages as the back office sees it. */
export const scheduledMessage = z.object({
  id: z.uuid(),
  kind: z.enum(MESSAGE_KINDS),
  channel: z.enum(MESSAGE_CHANNELS),
  dueAt: z.iso.datetime(),
  state: z.enum(MESSAGE_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
});
export type ScheduledMessage = z.infer<typeof scheduledMessage>;

export const bookingMessagesPage = pageOf(scheduledMessage);
export type BookingMessagesPage = z.infer<typeof bookingMessagesPage>;

/** A single-purpose link's token, as it arrives in a URL. */
export const messageLinkToken = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'Not a valid link' });

/** What the Manage booking page shows and may do, for whoever holds the link (no account needed). */
export const managedBooking = z.object({
  id: z.uuid(),
  serviceName: z.string(),
  serviceType: z.enum(SERVICE_TYPES),
  status: z.enum(BOOKING_STATUSES),
  scheduledDate: z.iso.datetime(),
  durationMinutes: z.number().int(),
  /** Null when the customer may still cancel or reschedule; otherwise why not (SELF_SERVICE_CLOSED's reasons). */
  selfServiceBlock: z.enum(['status', 'too_late']).nullable(),
  changeDeadline: z.iso.datetime(),
  /** The same for cancelling, which stays open until 2 hours before the start (decision 066). */
  cancelBlock: z.enum(['status', 'too_late']).nullable(),
  cancelDeadline: z.iso.datetime(),
  businessPhone: z.string(),
});
export type ManagedBooking = z.infer<typeof managedBooking>;

export const manageRescheduleRequest = z.object({
  slotId: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, { error: 'Please select a valid time slot' }),
});

export const rateRequest = z.object({
  rating: z.number().int().min(1, { error: 'Choose 1 to 5 stars' }).max(5, { error: 'Choose 1 to 5 stars' }),
  review: z.string().trim().max(1000, { error: 'At most 1000 characters' }).optional().nullable(),
});

/** What a short link in a text opens (decision 070): the page behind it, whose own link it stands for. */
export const SHORT_LINK_PURPOSES = ['manage', 'tracking', 'review', 'pay', 'weather'] as const;
export type ShortLinkPurpose = (typeof SHORT_LINK_PURPOSES)[number];

/** A short link's code: 10 base62 characters (about 59 bits), in the path `/s/<code>`. */
export const SHORT_LINK_CODE_LENGTH = 10;
export const shortLinkCode = z.string().regex(/^[0-9A-Za-z]+$/).length(SHORT_LINK_CODE_LENGTH);

/** A rain offer's states (issue 26): offered until the customer keeps the time or moves; expired when it no longer applies. */
export const WEATHER_OFFER_STATES = ['offered', 'kept', 'moved', 'expired'] as const;
export type WeatherOfferState = (typeof WEATHER_OFFER_STATES)[number];

/** What the weather link's page shows: the job, the chance of rain and the three starts offered. */
export const weatherOfferView = z.object({
  bookingId: z.uuid(),
  serviceName: z.string(),
  /** The job's start the forecast was read for. */
  scheduledDate: z.iso.datetime(),
  precipitationPercent: z.number().int(),
  state: z.enum(WEATHER_OFFER_STATES),
  /** The offered starts (`YYYY-MM-DDTHH:mm`, Pacific) and their instants. */
  slots: z.array(z.object({ id: z.string(), start: z.iso.datetime() })),
  /** The start moved to, once moved. */
  movedTo: z.iso.datetime().nullable(),
  businessPhone: z.string(),
});
export type WeatherOfferView = z.infer<typeof weatherOfferView>;

export const weatherMoveRequest = manageRescheduleRequest;
