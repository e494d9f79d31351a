import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { processedWebhookEvents } from '../../db/schema';

export async function webhookEventSeen(db: DbOrTx, provider: string, eventId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: processedWebhookEvents.id })
    .from(processedWebhookEvents)
    .where(and(eq(processedWebhookEvents.provider, provider), eq(processedWebhookEvents.eventId, eventId)));
  return Boolean(row);
}

/** Records a handled event; false when another delivery recorded it first. */
export async function recordWebhookEvent(db: DbOrTx, provider: string, eventId: string): Promise<boolean> {
  const rows = await db.insert(processedWebhookEvents).values({ provider, eventId }).onConflictDoNothing({ target: processedWebhookEvents.eventId }).returning({ id: processedWebhookEvents.id });
  return rows.length > 0;
}
