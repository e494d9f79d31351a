import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signing (decision 052): the secret is `whsec_` and base64 of random bytes; the signature
 * is `v1,` and base64 of HMAC-SHA256, keyed with those bytes, over `id.timestamp.body`.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64')}`;
}

export function signWebhook(secret: string, messageId: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of a delivery; the id stays the same on every retry of the message. */
export function webhookHeaders(secret: string, messageId: string, sentAt: Date, body: string): Record<string, string> {
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, messageId, timestamp, body),
  };
}
