import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_DISABLE_AFTER_MS, WEBHOOK_RETRY_DELAYS_MS } from '../../../shared/schemas/webhooks';
import type { AppContext } from '../../context';
import { addressAllowed, guardedLookup } from './address-guard';
import { webhookHeaders } from './signing';
import { claimDueMessage, findEndpoint, markEndpointHealth, type MessageRow, recordAttempt, setEndpointEnabled } from './webhooks.repository';

/**
 * Sending what is due (decision 052). A message is taken under a lease, sent with its stored body and its
 * fixed id, signed at the moment of sending; a 2xx within 15 s delivers it, anything else waits for the
 * next step of the schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h) on the app's clock, and after the last
 * it has failed. An endpoint failing for five days with no success between is disabled and the admin told.
 */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** Longer than any send (the timeout) so two senders never hold one message. */
const LEASE_MS = 60_000;
export const DELIVER_WEBHOOKS_JOB = 'webhooks.deliver';

export const webhookMessageId = (message: Pick<MessageRow, 'id'>) => `msg_${message.id.replace(/-/g, '')}`;

export interface SendOutcome {
  statusCode: number | null;
  durationMs: number;
  error: string | null;
}

/** One POST; never throws. The address check runs where the socket connects (a literal IP is checked here). */
export async function postWebhook(url: string, headers: Record<string, string>, body: string, production: boolean, timeoutMs = WEBHOOK_TIMEOUT_MS): Promise<SendOutcome> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): SendOutcome => ({ statusCode, durationMs: Math.round(performance.now() - started), error });
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !addressAllowed(host, production)) return done(null, 'The address is private, loopback or link-local');
  if (production && target.protocol !== 'https:') return done(null, 'Only https is allowed');
  const request = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': 'Glint-Webhooks/1', 'content-length': Buffer.byteLength(body), ...headers },
        lookup: guardedLookup(production),
        timeout: timeoutMs,
        signal: AbortSignal.timeout(timeoutMs),
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(done(res.statusCode ?? null, null)));
        res.on('error', (error) => resolve(done(res.statusCode ?? null, error.message)));
      },
    );
    const late = `No answer within ${timeoutMs / 1000} s`;
    req.on('timeout', () => req.destroy(new Error(late)));
    req.on('error', (error) => resolve(done(null, error.name === 'AbortError' ? late : error.message)));
    req.end(body);
  });
}

/** The wait before the next attempt after `attempts` tries, or null when the schedule is over. */
export function nextRetryDelayMs(attempts: number): number | null {
  return WEBHOOK_RETRY_DELAYS_MS[attempts - 1] ?? null;
}

export interface WebhookDeliveryReport {
  delivered: number;
  failed: number;
}

/** Sends every message due on the app's clock (or only `messageId`), one at a time. */
export async function deliverDueWebhooks(ctx: AppContext, options: { messageId?: string } = {}): Promise<WebhookDeliveryReport> {
  const report: WebhookDeliveryReport = { delivered: 0, failed: 0 };
  const seen = new Set<string>();
  for (;;) {
    const now = ctx.now();
    const message = await claimDueMessage(ctx.db, now, new Date(now.getTime() + LEASE_MS), options.messageId);
    if (!message || seen.has(message.id)) return report;
    seen.add(message.id);
    const ok = await deliverOne(ctx, message);
    if (ok) report.delivered += 1;
    else report.failed += 1;
  }
}

async function deliverOne(ctx: AppContext, message: MessageRow): Promise<boolean> {
  const endpoint = await findEndpoint(ctx.db, message.endpointId);
  const sentAt = ctx.now();
  const outcome: SendOutcome = endpoint?.enabled
    ? await postWebhook(endpoint.url, webhookHeaders(endpoint.secret, webhookMessageId(message), sentAt, message.body), message.body, ctx.config.isProduction)
    : { statusCode: null, durationMs: 0, error: 'The endpoint is disabled' };
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const delay = ok || !endpoint?.enabled ? null : nextRetryDelayMs(message.attempts + 1);
  const now = ctx.now();
  const error = ok ? null : (outcome.error ?? `Answered ${outcome.statusCode}`);
  await ctx.db.transaction(async (tx) => {
    await recordAttempt(tx, message, { ...outcome, error, ok, nextAttemptAt: delay === null ? null : new Date(now.getTime() + delay), now });
    if (!endpoint?.enabled) return;
    const failingSince = await markEndpointHealth(tx, endpoint.id, ok, now);
    if (failingSince && now.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_MS) {
      ctx.caches.webhookEndpoints.touch(null);
      await setEndpointEnabled(tx, endpoint.id, false, now, 'Failing for 5 days');
      await ctx.mailer.using(tx).send({
        to: ctx.config.adminEmail,
        category: 'transactional',
        subject: `${ctx.config.business.name}: webhook endpoint disabled`,
        text: `Deliveries to ${endpoint.url} have failed since ${failingSince.toISOString()}, so Glint has disabled this endpoint. The last error: ${error}.\n\nEnable it again in the back office when it is fixed: ${ctx.config.publicUrl}/admin/webhooks`,
      });
    }
  });
  return ok;
}

/**
 * The sweep, every minute on one worker at a time: it sends what is due every 5 s for most of the minute, so
 * a new event goes out within seconds and the 5-second retry keeps its time.
 */
export async function sweepWebhooks(ctx: AppContext, options: { forMs?: number; everyMs?: number } = {}): Promise<void> {
  const { forMs = 50_000, everyMs = 5_000 } = options;
  const until = Date.now() + forMs;
  for (;;) {
    await deliverDueWebhooks(ctx);
    if (Date.now() + everyMs > until) return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
