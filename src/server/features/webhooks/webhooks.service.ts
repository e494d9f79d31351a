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
  const row = await repo.insertEndpoint(ctx.db, { url: input.url, events: [...new Set(input.events)], secret, now: ctx.now() });
  return { endpoint: repo.endpointView(row), secret };
}

export async function setEndpointEnabled(ctx: AppContext, id: string, enabled: boolean) {
  const existing = await repo.findEndpoint(ctx.db, id);
  if (!existing) throw notFound();
  // Enabling again is a new start: the URL may have moved to a refused address since it was saved.
  if (enabled && !existing.enabled) await assertDeliverableUrl(existing.url, ctx.config.isProduction);
  const row = await ctx.db.transaction((tx) => repo.setEndpointEnabled(tx, id, enabled, ctx.now(), enabled ? null : 'Disabled by the admin'));
  return repo.endpointView(row!);
}

export async function deleteEndpoint(ctx: AppContext, id: string): Promise<void> {
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

/** In the writer's transaction: the messages of one source event to every enabled endpoint that wants them. */
async function queueWebhookMessages(tx: DbOrTx, now: Date, sourceId: string, types: WebhookEventType[], data: WebhookEventData): Promise<void> {
  const endpoints = await repo.enabledEndpointsFor(tx, types);
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
  handle: (ctx, tx: DbOrTx, event) => queueWebhookMessages(tx, ctx.now(), event.id, webhookTypesOf(event), webhookDataOf(event)),
};

/** In the purchase's transaction (events/package-purchased.ts): `package.purchased`. */
export const queuePackagePurchased: PackagePurchasedHandler = (tx, purchase, now) =>
  queueWebhookMessages(tx, now, `package:${purchase.purchaseId}`, ['package.purchased'], {
    packagePurchaseId: purchase.purchaseId,
    packageId: purchase.packageId,
    amountCents: purchase.amountCents,
    paymentStatus: purchase.paymentStatus,
  });
