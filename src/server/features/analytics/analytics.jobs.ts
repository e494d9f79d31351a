import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { PURGE_JOB, purgeOldEvents, ROLLUP_JOB, rollUpClosedDays } from './analytics.service';

/** Nightly: analytics older than 13 months are deleted (03:15 UTC); closed days' funnels are rolled up (00:20 UTC). */
export const analyticsJobs = (ctx: AppContext): JobDefinition[] => [
  { name: PURGE_JOB, handler: async () => void (await purgeOldEvents(ctx)), cron: '15 3 * * *' },
  { name: ROLLUP_JOB, handler: async () => void (await rollUpClosedDays(ctx)), cron: '20 0 * * *' },
];
