import { randomUUID } from 'node:crypto';
import type { WebhookEventData, WebhookEventType, WebhookPayload } from '../../../shared/schemas/webhooks';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { InTransactionSubscriber } from '../../events/booking-events';
import type { PackagePurchasedHandler } from '../../events/package-purchased';
import { assertDeliverableUrl } from './address-guard';
import { deliverDueWebhooks } from './deliver';
import { WEBHOOK_SOURCE_KINDS, webhookDataOf, webhookTypesOf } from './event-map';
import { newWebhookSecret } from './signing';
import * as repo from './webhooks.repository';

const notFound = () => new AppError('WEBHOOK_ENDPOINT_NOT_FOUND', 'No such webhook endpoint');

/** The stored bytes of a message: made once, sent as they are on every attempt. */
export function webhookBody(type: WebhookEventType, at: Date, data: WebhookEventData): string {
  const payload: WebhookPayload = { type, timestamp: at.toISOString(), data };
  return JSON.stringify(payload);
}

export async function createEndpoint(ctx: AppContext, input: { url: string; events: WebhookEventType[] }) {
  await assertDeliverableUrl(input.url, ctx.config.isProduction);
  const secret = newWebhookSecret();
  // This instance reads the endpoints uncached until its own write's NOTIFY has arrived (decision 018).
  ctx.caches.webhookEndpoints.touch(null);
  const row = await repo.insertEndpoint(ctx.db, { url: input.url, events: [...new Set(input.events)], secret, now: ctx.now() });
  return { endpoint: repo.endpointView(row), secret };
}

export async function setEndpointEnabled(ctx: AppContext, id: string, enabled: boolean) {
  const existing = await repo.findEndpoint(ctx.db, id);
  if (!existing) throw notFound();
  // Enabling again is a new start: the URL may have moved to a refused address since it was saved.
  if (enabled && !existing.enabled) await assertDeliverableUrl(existing.url, ctx.config.isProduction);
  ctx.caches.webhookEndpoints.touch(null);
  const row = await ctx.db.transaction((tx) => repo.setEndpointEnabled(tx, id, enabled, ctx.now(), enabled ? null : 'Disabled by the admin'));
  return repo.endpointView(row!);
}

export async function deleteEndpoint(ctx: AppContext, id: string): Promise<void> {
  ctx.caches.webhookEndpoints.touch(null);
  if (!(await repo.deleteEndpoint(ctx.db, id))) throw notFound();
}

/** A test event to one endpoint, sent now, so the admin sees its row in the log at once. */
export async function sendTestEvent(ctx: AppContext, id: string) {
  const endpoint = await repo.findEndpoint(ctx.db, id);
  if (!endpoint) throw notFound();
  if (!endpoint.enabled) throw new AppError('CONFLICT', 'Enable the endpoint before sending a test event');
  const now = ctx.now();
  const type = endpoint.events[0] ?? 'booking.created';
  const [message] = await repo.insertMessages(ctx.db, [{ endpointId: id, sourceId: `test:${randomUUID()}`, eventType: type, body: webhookBody(type, now, { test: true }), now }]);
  const report = await deliverDueWebhooks(ctx, { messageId: message!.id });
  return { delivered: report.delivered === 1 };
}

export async function listEndpoints(ctx: AppContext, page: number, pageSize: number) {
  return { ...(await repo.listEndpoints(ctx.db, page, pageSize)), page, pageSize };
}

export async function listAttempts(ctx: AppContext, id: string, page: number, pageSize: number) {
  if (!(await repo.findEndpoint(ctx.db, id))) throw notFound();
  return { ...(await repo.listAttempts(ctx.db, id, page, pageSize)), page, pageSize };
}

/**
 * In the writer's transaction: the messages of one source event to every one of the `enabled` endpoints
 * that wants them.
 */
async function queueWebhookMessages(tx: DbOrTx, enabled: readonly repo.EnabledEndpoint[], now: Date, sourceId: string, types: WebhookEventType[], data: WebhookEventData): Promise<void> {
  const endpoints = enabled.filter((endpoint) => types.some((type) => endpoint.events.includes(type)));
  if (!endpoints.length) return;
  await repo.insertMessages(
    tx,
    endpoints.flatMap((endpoint) =>
      types.filter((type) => endpoint.events.includes(type)).map((type) => ({ endpointId: endpoint.id, sourceId, eventType: type, body: webhookBody(type, now, data), now })),
    ),
  );
}

/**
 * In the booking's own transaction: its messages to every enabled endpoint that wants them, so a rolled back
 * change sends nothing and a committed one cannot lose its message. The sweep sends them.
 */
export const webhooksSubscriber: InTransactionSubscriber = {
  name: 'webhooks',
  kinds: WEBHOOK_SOURCE_KINDS,
  handle: async (ctx, tx: DbOrTx, event) => queueWebhookMessages(tx, await cachedEnabledEndpoints(ctx, tx), ctx.now(), event.id, webhookTypesOf(event), webhookDataOf(event)),
};

/**
 * The enabled endpoints from this instance's read cache (kept by NOTIFY, migration 0036): a hold asks for them
 * under its day's lock, where a read of the table kept every other booking of the day waiting (decision 069).
 * A miss reads them in the asking transaction, never on another pooled connection: under load every
 * connection may be a transaction waiting for this very load. Like every read cache, another instance's
 * change is seen once its NOTIFY arrives (milliseconds); this instance's own at once (`touch`).
 */
function cachedEnabledEndpoints(ctx: AppContext, tx: DbOrTx): Promise<repo.EnabledEndpoint[]> {
  return ctx.caches.webhookEndpoints.get('enabled', () => repo.enabledEndpoints(tx));
}

/** In the purchase's transaction (events/package-purchased.ts): `package.purchased`. */
export const queuePackagePurchased: PackagePurchasedHandler = async (tx, purchase, now) =>
  queueWebhookMessages(tx, await repo.enabledEndpoints(tx), now, `package:${purchase.purchaseId}`, ['package.purchased'], {
    packagePurchaseId: purchase.purchaseId,
    packageId: purchase.packageId,
    amountCents: purchase.amountCents,
    paymentStatus: purchase.paymentStatus,
  });
