import type { AppContext } from '../context';
import type { JobDefinition } from './boss';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from '../features/bookings';
import { driverJobs } from '../features/drivers';
import { analyticsJobs } from '../features/analytics';
import { packageJobs } from '../features/packages';
import { storeJobs } from '../features/store';
import { fulfilmentJobs } from '../features/store-orders';
import { deleteStaleAttempts, STALE_ATTEMPTS_JOB } from '../http/attempt-counter';
import { operationsJobs } from '../features/operations';

/**
 * Every feature's jobs, each from its feature's face (loading store-orders' face also subscribes it to booking
 * completions, so a worker asks for fulfilment too); a new job adds one entry here.
 */
export function jobDefinitions(_ctx: AppContext): JobDefinition<any>[] {
  return [
    ...driverJobs(_ctx),
    ...packageJobs(_ctx),
    ...storeJobs(_ctx),
    ...analyticsJobs(_ctx),
    ...fulfilmentJobs(_ctx),
    ...operationsJobs(_ctx),
    { name: RELEASE_HOLDS_JOB, handler: async () => void (await releaseExpiredHolds(_ctx)), cron: '* * * * *' },
    // Hourly, at minute 7: rate-limit and sign-in counters whose window is long over (decision 026).
    { name: STALE_ATTEMPTS_JOB, handler: async () => void (await deleteStaleAttempts(_ctx)), cron: '7 * * * *' },
  ];
}
