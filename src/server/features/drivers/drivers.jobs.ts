import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { pruneLocationHistory } from './drivers.service';

/** Daily at 11:17 UTC (early morning in California): location history older than 30 days goes. */
export function driverJobs(ctx: AppContext): JobDefinition[] {
  return [
    {
      name: 'drivers-prune-location-history',
      cron: '17 11 * * *',
      handler: async () => {
        await pruneLocationHistory(ctx);
      },
    },
  ];
}
