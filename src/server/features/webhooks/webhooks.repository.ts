import { and, asc, count, desc, eq, inArray, lt, lte, sql } from 'drizzle-orm';
import type { WebhookAttempt, WebhookEndpoint, WebhookEventType } from '../../../shared/schemas/webhooks';
import { inBatches } from '../../db/batches';
import type { DbOrTx } from '../../db/client';
import { webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';

/** The only code that writes the webhook tables (decision 052). */

type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type MessageRow = typeof webhookMessages.$inferSelect;

export function endpointView(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretHint: `${row.secret.slice(0, 10)}…`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function insertEndpoint(db: DbOrTx, values: { url: string; events: WebhookEventType[]; secret: string; now: Date }): Promise<EndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values({ url: values.url, events: values.events, secret: values.secret, createdAt: values.now, updatedAt: values.now }).returning();
  return row!;
}

export async function findEndpoint(db: DbOrTx, id: string): Promise<EndpointRow | undefined> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  return row;
}

export async function listEndpoints(db: DbOrTx, page: number, pageSize: number): Promise<{ items: WebhookEndpoint[]; total: number }> {
  const [rows, [total]] = await Promise.all([
    db.select().from(webhookEndpoints).orderBy(desc(webhookEndpoints.createdAt), asc(webhookEndpoints.id)).limit(pageSize).offset((page - 1) * pageSize),
    db.select({ value: count() }).from(webhookEndpoints),
  ]);
  return { items: rows.map(endpointView), total: total?.value ?? 0 };
}

/** What a change's messages need of an endpoint: where they go is read again when each is sent. */
export type EnabledEndpoint = Pick<EndpointRow, 'id' | 'events'>;

/** Every enabled endpoint (the read cache's load: few rows, read once per change of the table). */
export async function enabledEndpoints(db: DbOrTx): Promise<EnabledEndpoint[]> {
  return db.select({ id: webhookEndpoints.id, events: webhookEndpoints.events }).from(webhookEndpoints).where(eq(webhookEndpoints.enabled, true));
}

export async function setEndpointEnabled(db: DbOrTx, id: string, enabled: boolean, now: Date, reason: string | null = null): Promise<EndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ enabled, disabledReason: enabled ? null : reason, failingSince: null, updatedAt: now })
    .where(eq(webhookEndpoints.id, id))
    .returning();
  if (!enabled) await failPendingMessages(db, [id]);
  return row;
}

/** A disabled endpoint's pending messages end failed: enabling it again starts from new events. */
async function failPendingMessages(db: DbOrTx, endpointIds: string[]): Promise<void> {
  await db
    .update(webhookMessages)
    .set({ state: 'failed', nextAttemptAt: null })
    .where(and(inArray(webhookMessages.endpointId, endpointIds), eq(webhookMessages.state, 'pending')));
}

export async function deleteEndpoint(db: DbOrTx, id: string): Promise<boolean> {
  const rows = await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

/** The message once per endpoint, type and source: a second write of the same event changes nothing (its body stays). */
export async function insertMessages(
  db: DbOrTx,
  rows: { endpointId: string; sourceId: string; eventType: WebhookEventType; body: string; now: Date }[],
): Promise<MessageRow[]> {
  if (!rows.length) return [];
  return db
    .insert(webhookMessages)
    .values(rows.map((r) => ({ endpointId: r.endpointId, sourceId: r.sourceId, eventType: r.eventType, body: r.body, nextAttemptAt: r.now, createdAt: r.now })))
    .onConflictDoNothing()
    .returning();
}

/**
 * Takes one due message for a while (`lease`): its next attempt moves past the lease, so another instance or
 * sweep skips it while this one sends, and a process that dies mid-send leaves it due again after the lease.
 */
export async function claimDueMessage(db: DbOrTx, now: Date, leaseUntil: Date, onlyId?: string): Promise<MessageRow | undefined> {
  const m = webhookMessages;
  const result = await db.execute<{ id: string }>(sql`
    update ${m} set next_attempt_at = ${leaseUntil.toISOString()}::timestamptz
    where id = (
      select id from ${m}
      where state = 'pending' and next_attempt_at <= ${now.toISOString()}::timestamptz
        ${onlyId ? sql`and id = ${onlyId}::uuid` : sql``}
      order by next_attempt_at, created_at
      limit 1
      for update skip locked)
    returning id`);
  const id = result.rows[0]?.id;
  if (!id) return undefined;
  const [row] = await db.select().from(m).where(eq(m.id, id));
  return row;
}

export async function recordAttempt(
  db: DbOrTx,
  message: MessageRow,
  outcome: { statusCode: number | null; durationMs: number; error: string | null; ok: boolean; nextAttemptAt: Date | null; now: Date },
): Promise<void> {
  const attempt = message.attempts + 1;
  await db.insert(webhookAttempts).values({
    messageId: message.id,
    endpointId: message.endpointId,
    attempt,
    statusCode: outcome.statusCode,
    durationMs: outcome.durationMs,
    error: outcome.error?.slice(0, 500) ?? null,
    createdAt: outcome.now,
  });
  await db
    .update(webhookMessages)
    .set({ attempts: attempt, state: outcome.ok ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed', nextAttemptAt: outcome.ok ? null : outcome.nextAttemptAt })
    .where(eq(webhookMessages.id, message.id));
}

/** A success ends the endpoint's run of failures; a failure starts one (or continues it) and says since when. */
export async function markEndpointHealth(db: DbOrTx, endpointId: string, ok: boolean, now: Date): Promise<Date | null> {
  if (ok) {
    await db.update(webhookEndpoints).set({ failingSince: null }).where(eq(webhookEndpoints.id, endpointId));
    return null;
  }
  const [row] = await db
    .update(webhookEndpoints)
    .set({ failingSince: sql`coalesce(${webhookEndpoints.failingSince}, ${now.toISOString()}::timestamptz)` })
    .where(eq(webhookEndpoints.id, endpointId))
    .returning({ failingSince: webhookEndpoints.failingSince });
  return row?.failingSince ?? null;
}

export async function listAttempts(db: DbOrTx, endpointId: string, page: number, pageSize: number): Promise<{ items: WebhookAttempt[]; total: number }> {
  const a = webhookAttempts;
  const [rows, [total]] = await Promise.all([
    db
      .select({ attempt: a, eventType: webhookMessages.eventType })
      .from(a)
      .innerJoin(webhookMessages, eq(webhookMessages.id, a.messageId))
      .where(eq(a.endpointId, endpointId))
      .orderBy(desc(a.createdAt), desc(a.attempt))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(a).where(eq(a.endpointId, endpointId)),
  ]);
  return {
    items: rows.map(({ attempt: r, eventType }) => ({
      id: r.id,
      messageId: r.messageId,
      eventType,
      attempt: r.attempt,
      statusCode: r.statusCode,
      durationMs: r.durationMs,
      error: r.error,
      createdAt: r.createdAt.toISOString(),
    })),
    total: total?.value ?? 0,
  };
}

/** Messages due now (tests and support). */
export async function dueMessageCount(db: DbOrTx, now: Date): Promise<number> {
  const [row] = await db.select({ value: count() }).from(webhookMessages).where(and(eq(webhookMessages.state, 'pending'), lte(webhookMessages.nextAttemptAt, now)));
  return row?.value ?? 0;
}

/** Delivery attempts logged before `before` are deleted a batch at a time (their messages stay). */
export async function pruneWebhookAttempts(db: DbOrTx, before: Date): Promise<number> {
  return inBatches(async (batch) => {
    const old = db.select({ id: webhookAttempts.id }).from(webhookAttempts).where(lt(webhookAttempts.createdAt, before)).limit(batch);
    return (await db.delete(webhookAttempts).where(inArray(webhookAttempts.id, old)).returning({ id: webhookAttempts.id })).length;
  });
}
