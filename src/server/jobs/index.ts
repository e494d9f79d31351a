import type { AppContext } from '../context';
import type { JobDefinition } from './boss';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from '../features/bookings/bookings.service';
import { driverJobs } from '../features/drivers/drivers.jobs';
import { analyticsJobs } from '../features/analytics/analytics.jobs';
import { packageJobs } from '../features/packages/packages.jobs';
import { storeJobs } from '../features/store/store.jobs';
import { fulfilmentJobs } from '../features/store-orders/fulfilment';
import { deleteStaleAttempts, STALE_ATTEMPTS_JOB } from '../http/attempt-counter';

/** Every feature's jobs; a new job adds one entry here. */
export function jobDefinitions(_ctx: AppContext): JobDefinition<any>[] {
  return [
    ...driverJobs(_ctx),
    ...packageJobs(_ctx),
    ...storeJobs(_ctx),
    ...analyticsJobs(_ctx),
    ...fulfilmentJobs(_ctx),
    { name: RELEASE_HOLDS_JOB, handler: async () => void (await releaseExpiredHolds(_ctx)), cron: '* * * * *' },
    // Hourly, at minute 7: rate-limit and sign-in counters whose window is long over (decision 026).
    { name: STALE_ATTEMPTS_JOB, handler: async () => void (await deleteStaleAttempts(_ctx)), cron: '7 * * * *' },
  ];
}
