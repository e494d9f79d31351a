/** Outbound webhooks' closed sets and schedule, free of Zod so the web may import them (decision 052). */

/** What the owner's other tools may be told (decision 052). */
export const WEBHOOK_EVENT_TYPES = [
  'booking.created',
  'booking.confirmed',
  'booking.status_changed',
  'booking.rescheduled',
  'booking.cancelled',
  'booking.completed',
  'payment.received',
  'package.purchased',
  'store_order.scheduled',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const WEBHOOK_MESSAGE_STATES = ['pending', 'delivered', 'failed'] as const;
export type WebhookMessageState = (typeof WEBHOOK_MESSAGE_STATES)[number];

/** Waits before the 2nd … 8th attempt (Standard Webhooks' schedule); after the last the message has failed. */
export const WEBHOOK_RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000, 10 * 3_600_000] as const;
/** An endpoint that has failed for this long, with no success between, is disabled and the admin told. */
export const WEBHOOK_DISABLE_AFTER_MS = 5 * 24 * 3_600_000;
