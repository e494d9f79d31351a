/**
 * The face of webhooks: the owner's other tools told what happens, signed per Standard Webhooks, retried on
 * a fixed schedule, never to a private address in production (docs/decisions/052-outbound-webhooks.md).
 * Other features import only this file (docs/decisions/033-feature-faces.md).
 */
import type { AppContext } from '../../context';
import { subscribeInTransaction } from '../../events/booking-events';
import { onPackagePurchased } from '../../events/package-purchased';
import type { JobDefinition } from '../../jobs/boss';
import { DELIVER_WEBHOOKS_JOB, sweepWebhooks } from './deliver';
import { queuePackagePurchased, webhooksSubscriber } from './webhooks.service';

export { webhooksRoutes } from './webhooks.routes';
export { deliverDueWebhooks } from './deliver';
export { pruneWebhookAttempts } from './webhooks.repository';

/** Every minute, one worker at a time across instances: sends what is due every 5 s through the minute. */
export function webhookJobs(ctx: AppContext): JobDefinition[] {
  // Its sweep sends for most of each minute: started as soon as the minute's job is there.
  return [{ name: DELIVER_WEBHOOKS_JOB, handler: () => sweepWebhooks(ctx), cron: '* * * * *', pollSeconds: 2, queue: { policy: 'singleton' } }];
}

// The messages are written in the booking's own transaction. The route registry and the job list load this
// face, so every app and worker subscribes before it writes an event.
subscribeInTransaction(webhooksSubscriber);
onPackagePurchased(queuePackagePurchased);
