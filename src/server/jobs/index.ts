import type { AppContext } from '../context';
import type { JobDefinition } from './boss';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from '../features/bookings';
import { driverJobs } from '../features/drivers';
import { analyticsJobs } from '../features/analytics';
import { packageJobs } from '../features/packages';
import { membershipJobs } from '../features/memberships';
import { storeMirrorJobs } from '../features/store-mirror';
import { fulfilmentJobs } from '../features/store-orders';
import { deleteStaleAttempts, STALE_ATTEMPTS_JOB } from '../http/attempt-counter';
import { bookingEventJobs } from '../events/booking-events';
import { operationsJobs } from '../features/operations';
import { messageJobs } from '../features/messages';
import { webhookJobs } from '../features/webhooks';
import { pruneJob } from './prune';
import { balanceJobs } from '../features/payments';

/**
 * Every feature's jobs, each from its feature's face (loading a face also subscribes it to booking events, so
 * a worker delivers to every subscriber); a new job adds one entry here.
 */
export function jobDefinitions(_ctx: AppContext): JobDefinition<any>[] {
  return [
    ...driverJobs(_ctx),
    ...packageJobs(_ctx),
    // Every 10 minutes: memberships renewed by the app clock (decision 059).
    ...membershipJobs(_ctx),
    ...storeMirrorJobs(_ctx),
    ...analyticsJobs(_ctx),
    ...fulfilmentJobs(_ctx),
    // Every minute: booking events the fast path after commit did not deliver (docs/decisions/035).
    ...bookingEventJobs(_ctx),
    ...operationsJobs(_ctx),
    // Every minute: customers' messages due on the app's clock (decision 050).
    ...messageJobs(_ctx),
    // Every minute, sending every 5 s: outbound webhooks due on the app's clock (decision 052).
    ...webhookJobs(_ctx),
    // A deposit's balance, charged off session when the job is completed (decision 057).
    ...balanceJobs(_ctx),
    { name: RELEASE_HOLDS_JOB, handler: async () => void (await releaseExpiredHolds(_ctx)), cron: '* * * * *' },
    // Hourly, at minute 7: rate-limit and sign-in counters whose window is long over (decision 026).
    // Nightly, one instance at a time: sent messages, mail and texts after 90 days, webhook attempts after 30.
    pruneJob(_ctx),
    { name: STALE_ATTEMPTS_JOB, handler: async () => void (await deleteStaleAttempts(_ctx)), cron: '7 * * * *' },
  ];
}
