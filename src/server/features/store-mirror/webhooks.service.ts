import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { SELF_SERVICE_STATUSES } from '../../../shared/self-service';
import type { BookingStatus } from '../../../shared/domain';
import type { AppContext } from '../../context';
import { deliverAfterCommit } from '../../events/booking-events';
import { bookings, services, shopifyCustomers, shopifyOrders, shopifyProductMappings, shopifySyncStatus, shopifyWebhookEvents, storeSettings } from '../../db/schema';
import { AppError } from '../../errors';
import { renderMail } from '../../integrations/mail/templates';
import { mailTexts } from '../../integrations/mail/mail-texts';
import { customerFromRest, orderFromRest, PayloadError, productFromRest } from '../../integrations/shopify/rest-records';
import { recipientLanguage } from '../auth';
import { bookingVerbs } from '../bookings';
import { claimScheduleEmail, customerData, orderHasService, redactCustomer, redactShop, upsertCustomer, upsertOrder, upsertProduct } from './mirror.repository';
import { enqueue } from './queue';

export const STORE_WEBHOOK_JOB = 'store-webhook';
/** pg-boss retries a failed event this many times (with back-off) before it stays Failed on the Webhooks tab. */
export const WEBHOOK_RETRY_LIMIT = 5;

type Json = Record<string, unknown>;

/** Shopify's signature: base64 HMAC-SHA256 of the raw body, compared in constant time. */
export function verifyShopifyHmac(body: Buffer, header: string | undefined, secret: string | undefined): boolean {
  if (!header || !secret) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(header, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * POST /api/webhooks/shopify: a bad or missing signature is 401 and nothing is stored; an event is stored
 * once per X-Shopify-Webhook-Id, or without one once per topic and body for a day (a redelivery answers
 * 200 and changes nothing), and processed by a job,
 * so the store gets its answer at once.
 */
export async function receiveWebhook(ctx: AppContext, body: Buffer, headers: Record<string, string | string[] | undefined>): Promise<{ received: true; duplicate?: true }> {
  const header = (name: string) => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  if (!verifyShopifyHmac(body, header('x-shopify-hmac-sha256'), await ctx.store.webhookSecret())) {
    throw new AppError('STORE_WEBHOOK_UNVERIFIED', 'The webhook signature is missing or wrong');
  }
  const topic = header('x-shopify-topic');
  if (!topic) throw new AppError('INVALID_INPUT', 'X-Shopify-Topic is required', { field: 'x-shopify-topic' });
  let payload: Json;
  try {
    payload = JSON.parse(body.toString('utf8')) as Json;
  } catch {
    throw new AppError('INVALID_INPUT', 'The webhook body is not JSON', { field: 'body' });
  }
  const kept = Object.fromEntries(
    Object.entries(headers)
      .filter(([name]) => name.startsWith('x-shopify-'))
      .map(([name, value]) => [name, String(Array.isArray(value) ? value[0] : value)]),
  );
  const webhookId = header('x-shopify-webhook-id') ?? header('x-shopify-event-id') ?? (await bodyKeyFreedOfOldEvents(ctx, topic, body));
  const shopifyId = String(payload.admin_graphql_api_id ?? payload.id ?? (payload.customer as Json | undefined)?.id ?? payload.shop_id ?? header('x-shopify-shop-domain') ?? '') || null;
  const [event] = await ctx.db
    .insert(shopifyWebhookEvents)
    .values({ webhookId, topic, shopifyId, payload, headers: kept, createdAt: ctx.now() })
    .onConflictDoNothing({ target: shopifyWebhookEvents.webhookId })
    .returning({ id: shopifyWebhookEvents.id });
  if (!event) return { received: true, duplicate: true };
  await enqueue(ctx, STORE_WEBHOOK_JOB, { eventId: event.id }, () => processWebhookEvent(ctx, event.id), { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelay: 2, retryBackoff: true });
  return { received: true };
}

/** A delivery without an id is the same delivery as one with its topic and exact body for this long. */
export const BODY_DEDUPE_MS = 24 * 3600_000;

/**
 * The identity of a delivery that carries no X-Shopify-Webhook-Id: its topic and the SHA-256 of its raw
 * body, kept in the same unique `webhook_id` column (a Shopify id is a UUID, so the two never meet), so the
 * database refuses a second copy whichever instance receives it. A copy older than BODY_DEDUPE_MS gives the
 * key up first (its row stays, without the key): the same body a day later is a new event.
 */
async function bodyKeyFreedOfOldEvents(ctx: AppContext, topic: string, body: Buffer): Promise<string> {
  const key = `sha256:${topic}:${createHash('sha256').update(body).digest('hex')}`;
  await ctx.db
    .update(shopifyWebhookEvents)
    .set({ webhookId: null })
    .where(and(eq(shopifyWebhookEvents.webhookId, key), lte(shopifyWebhookEvents.createdAt, new Date(ctx.now().getTime() - BODY_DEDUPE_MS))));
  return key;
}

/**
 * The job: applies one stored event. A failure counts a retry and keeps the error (the Webhooks tab shows
 * both) and is thrown again so pg-boss retries; a processed event is never applied twice.
 */
export async function processWebhookEvent(ctx: AppContext, eventId: string): Promise<void> {
  const [event] = await ctx.db.select().from(shopifyWebhookEvents).where(eq(shopifyWebhookEvents.id, eventId));
  if (!event || event.processed) return;
  try {
    await applyEvent(ctx, event.topic, (event.payload ?? {}) as Json);
    await ctx.db.update(shopifyWebhookEvents).set({ processed: true, processedAt: ctx.now(), error: null }).where(eq(shopifyWebhookEvents.id, eventId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await ctx.db
      .update(shopifyWebhookEvents)
      .set({ retryCount: sql`${shopifyWebhookEvents.retryCount} + 1`, error: message.slice(0, 500) })
      .where(eq(shopifyWebhookEvents.id, eventId));
    throw error;
  }
}

async function applyEvent(ctx: AppContext, topic: string, payload: Json): Promise<void> {
  const now = ctx.now();
  switch (topic) {
    case 'orders/create':
    case 'orders/updated':
    case 'orders/paid':
    case 'orders/cancelled': {
      const { order } = await upsertOrder(ctx.db, orderFromRest(payload), now);
      if (!order) return; // an older version than the mirror's: nothing to do
      if (order.cancelledAt) await cancelLinkedBooking(ctx, order);
      else if (order.financialStatus === 'paid') await sendScheduleEmail(ctx, order);
      return;
    }
    case 'customers/create':
    case 'customers/update':
      await upsertCustomer(ctx.db, customerFromRest(payload), now);
      return;
    case 'products/create':
    case 'products/update':
      await upsertProduct(ctx.db, productFromRest(payload), now);
      return;
    case 'app/uninstalled':
      await ctx.db.insert(storeSettings).values({ key: 'uninstalled_at', value: now.toISOString() }).onConflictDoUpdate({ target: storeSettings.key, set: { value: now.toISOString() } });
      await ctx.db
        .update(shopifySyncStatus)
        .set({ error: 'The app was uninstalled from the store. Reinstall it, then register the webhooks again.' })
        .where(sql`${shopifySyncStatus.status} <> 'running'`);
      return;
    case 'customers/redact': {
      const customer = (payload.customer ?? {}) as Json;
      const orderIds = Array.isArray(payload.orders_to_redact) ? payload.orders_to_redact.map((id) => `gid://shopify/Order/${id}`) : [];
      await redactCustomer(ctx.db, customer.id ? `gid://shopify/Customer/${customer.id}` : null, typeof customer.email === 'string' ? customer.email : null, orderIds);
      return;
    }
    case 'shop/redact':
      await redactShop(ctx.db);
      return;
    case 'customers/data_request': {
      const customer = (payload.customer ?? {}) as Json;
      const email = typeof customer.email === 'string' ? customer.email : null;
      const data = await customerData(ctx.db, customer.id ? `gid://shopify/Customer/${customer.id}` : null, email);
      const t = mailTexts('en', { business: ctx.config.business.name });
      const mail = renderMail(ctx.config.business.name, t('storeData.subject', { email: email ?? String(customer.id ?? '') }), [t('storeData.body', { email: email ?? String(customer.id ?? '') })]);
      await ctx.mailer.send({
        to: ctx.config.business.email,
        ...mail,
        attachments: [{ filename: 'customer-data.json', contentType: 'application/json', content: JSON.stringify({ request: payload.data_request ?? null, ...data }, null, 2) }],
      });
      return;
    }
    default:
      throw new PayloadError(`Unknown topic ${topic}`);
  }
}

/**
 * A paid order with a service: the customer gets the link to schedule it, once (scheduleEmailSentAt is
 * claimed before the mail goes; a retry after a failed send does not mail twice).
 */
async function sendScheduleEmail(ctx: AppContext, order: typeof shopifyOrders.$inferSelect): Promise<void> {
  if (!order.email || order.bookingId || order.scheduleEmailSentAt) return;
  if (!(await orderHasService(ctx.db, order))) return;
  if (!(await claimScheduleEmail(ctx.db, order.id, ctx.now()))) return;
  const productIds = order.lineItems.map((li) => li.productId).filter((id): id is string => !!id);
  const [service] = await ctx.db
    .select({ name: services.name })
    .from(shopifyProductMappings)
    .innerJoin(services, eq(services.id, shopifyProductMappings.serviceId))
    .where(inArray(shopifyProductMappings.shopifyProductId, productIds))
    .limit(1);
  const [customer] = order.shopifyCustomerId
    ? await ctx.db.select({ userId: shopifyCustomers.userId, firstName: shopifyCustomers.firstName }).from(shopifyCustomers).where(eq(shopifyCustomers.shopifyCustomerId, order.shopifyCustomerId))
    : [];
  const t = mailTexts(await recipientLanguage(ctx, customer?.userId), { business: ctx.config.business.name, phone: ctx.config.business.phone });
  const url = `${ctx.config.publicUrl}/shopify-order-schedule/${encodeURIComponent(order.orderNumber)}?email=${encodeURIComponent(order.email)}`;
  const words = { service: service?.name ?? '', order: order.name ?? `#${order.orderNumber}` };
  const mail = renderMail(
    ctx.config.business.name,
    t('storeOrder.subject', words),
    [customer?.firstName ? t('greeting', { name: customer.firstName }) : t('greetingNoName'), t('storeOrder.body', words), t('questions')],
    { label: t('storeOrder.action'), url },
  );
  await ctx.mailer.send({ to: order.email, ...mail, userId: customer?.userId ?? null });
}

/** A cancelled order cancels its booking if it has not started (the booking core frees the capacity). */
async function cancelLinkedBooking(ctx: AppContext, order: typeof shopifyOrders.$inferSelect): Promise<void> {
  if (!order.bookingId) return;
  const bookingId = order.bookingId;
  await ctx.db.transaction(async (tx) => {
    const [booking] = await tx.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
    if (!booking || !SELF_SERVICE_STATUSES.has(booking.status as BookingStatus)) return;
    await bookingVerbs(ctx).cancel(tx, bookingId, { role: 'store' }, order.cancelReason ? `Store order cancelled (${order.cancelReason}).` : 'Store order cancelled.');
  });
  await deliverAfterCommit(ctx, bookingId);
}
