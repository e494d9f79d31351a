import type { AppContext } from '../context';
import type { JobDefinition } from './boss';
import { RELEASE_HOLDS_JOB, releaseExpiredHolds } from '../features/bookings/bookings.service';
import { driverJobs } from '../features/drivers/drivers.jobs';

/** Every feature's jobs; a new job adds one entry here. */
export function jobDefinitions(_ctx: AppContext): JobDefinition<any>[] {
  return [...driverJobs(_ctx), { name: RELEASE_HOLDS_JOB, handler: async () => void (await releaseExpiredHolds(_ctx)), cron: '* * * * *' }];
}
