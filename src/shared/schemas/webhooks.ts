import { z } from 'zod';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../webhook-events';
import { pageOf } from './common';

export { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_EVENT_TYPES, WEBHOOK_MESSAGE_STATES, WEBHOOK_RETRY_DELAYS_MS, type WebhookEventType, type WebhookMessageState } from '../webhook-events';

export const webhookEventType = z.enum(WEBHOOK_EVENT_TYPES, { error: 'Not a webhook event type' });

/** The data of every event: ids and small facts, never a name, an address or free text. */
export const webhookEventData = z.object({
  bookingId: z.uuid().optional(),
  status: z.string().optional().describe('The booking status after the change'),
  from: z.string().optional().describe('The status before (booking.status_changed)'),
  by: z.string().optional().describe('Who made the change: customer, admin, driver, system, store, schedule'),
  paymentStatus: z.string().optional(),
  amountCents: z.number().int().optional(),
  method: z.string().optional().describe('How money was taken on site (payment.received)'),
  scheduledDate: z.string().optional().describe('The new start, ISO 8601 (booking.rescheduled)'),
  refunded: z.boolean().optional(),
  orderNumber: z.string().optional().describe('The store order (store_order.scheduled)'),
  packagePurchaseId: z.uuid().optional(),
  packageId: z.uuid().optional(),
  test: z.boolean().optional().describe('Set on a test event sent from the back office'),
});
export type WebhookEventData = z.infer<typeof webhookEventData>;

/** The body of every delivery (Standard Webhooks' shape); the same message id always carries the same bytes. */
export const webhookPayload = z.object({
  type: webhookEventType,
  timestamp: z.string().describe('When it happened, ISO 8601'),
  data: webhookEventData,
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

export const webhookUrl = z
  .string()
  .trim()
  .max(2000, { error: 'The URL is too long' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter a full https:// URL' }));

export const createWebhookEndpointRequest = z.object({
  url: webhookUrl,
  events: z.array(webhookEventType).min(1, { error: 'Choose at least one event' }).max(WEBHOOK_EVENT_TYPES.length),
});

export const webhookEndpoint = z.object({
  id: z.uuid(),
  url: z.string(),
  events: z.array(webhookEventType),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  /** The secret's first characters, to tell endpoints apart; the whole secret is shown once, when made. */
  secretHint: z.string(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpoint>;
export const webhookEndpointsPage = pageOf(webhookEndpoint);

/** The answer to creating an endpoint: the only time the secret is shown. */
export const createdWebhookEndpoint = z.object({ endpoint: webhookEndpoint, secret: z.string().regex(/^whsec_/) });

export const updateWebhookEndpointRequest = z.object({ enabled: z.boolean() });

export const webhookAttempt = z.object({
  id: z.uuid(),
  messageId: z.uuid(),
  eventType: webhookEventType,
  attempt: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookAttempt = z.infer<typeof webhookAttempt>;
export const webhookAttemptsPage = pageOf(webhookAttempt);

const WEBHOOK_DESCRIPTIONS: Record<WebhookEventType, string> = {
  'booking.created': 'A booking exists: held at checkout (pending until paid), or made by the business or from a store order (confirmed).',
  'booking.confirmed': 'A booking is confirmed: paid, made by the business, or redeemed from a package.',
  'booking.status_changed': 'The booking moved to another status (`status`, `from`, `by`).',
  'booking.rescheduled': 'The booking moved to a new time (`scheduledDate`).',
  'booking.cancelled': 'The booking was cancelled (`by`, `refunded`), or its unpaid hold ran out.',
  'booking.completed': 'The job is done (sent with `booking.status_changed`).',
  'payment.received': 'Money was received for the booking: a card payment, or cash, check or card reader on site (`amountCents`, `method`).',
  'package.purchased': 'A prepaid package was bought (`packagePurchaseId`, `packageId`).',
  'store_order.scheduled': 'A store order became a booking (`orderNumber`).',
};

/**
 * The OpenAPI document's `webhooks` section: one POST per event type, its body and the Standard Webhooks
 * headers. Built from the same Zod schemas as the bodies the server stores.
 */
export function webhooksOpenApi(): Record<string, unknown> {
  const headers = [
    { name: 'webhook-id', in: 'header', required: true, description: 'The message id (`msg_…`), the same on every retry with the same body: use it to ignore repeats.', schema: { type: 'string' } },
    { name: 'webhook-timestamp', in: 'header', required: true, description: 'Seconds since the epoch when this attempt was signed.', schema: { type: 'string' } },
    {
      name: 'webhook-signature',
      in: 'header',
      required: true,
      description: '`v1,` and base64 of HMAC-SHA256 over `{webhook-id}.{webhook-timestamp}.{body}`, keyed with the base64-decoded secret after `whsec_`. Verify it with any Standard Webhooks library.',
      schema: { type: 'string' },
    },
  ];
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: type,
          description: `${WEBHOOK_DESCRIPTIONS[type]} Answer 2xx within 15 s; otherwise it is sent again after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, and an endpoint failing for 5 days is disabled.`,
          tags: ['webhooks'],
          parameters: headers,
          requestBody: { required: true, content: { 'application/json': { schema: z.toJSONSchema(webhookPayload.extend({ type: z.literal(type) }), { io: 'output' }) } } },
          responses: { '2XX': { description: 'Received' } },
        },
      },
    ]),
  );
}
