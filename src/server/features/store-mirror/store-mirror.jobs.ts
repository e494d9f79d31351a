import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { runSync, STORE_SYNC_JOB } from './sync.service';
import { processWebhookEvent, STORE_WEBHOOK_JOB } from './webhooks.service';

/** The store sync (queued by Start Sync) and one job per received webhook event (retried by pg-boss). */
export function storeMirrorJobs(ctx: AppContext): JobDefinition[] {
  return [
    { name: STORE_SYNC_JOB, handler: async () => runSync(ctx) },
    { name: STORE_WEBHOOK_JOB, handler: async (data: { eventId?: string }) => (data.eventId ? processWebhookEvent(ctx, data.eventId) : undefined) },
  ];
}
