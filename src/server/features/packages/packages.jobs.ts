import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { EXPIRE_PACKAGES_JOB, expirePurchases, remindExpiring, REMIND_PACKAGES_JOB } from './expiry.service';

/** Hourly: purchases past their expiry move to History. Daily at 16:05 UTC (morning in California): the 14-day reminder. */
export function packageJobs(ctx: AppContext): JobDefinition[] {
  return [
    { name: EXPIRE_PACKAGES_JOB, cron: '7 * * * *', handler: async () => void (await expirePurchases(ctx)) },
    { name: REMIND_PACKAGES_JOB, cron: '5 16 * * *', handler: async () => void (await remindExpiring(ctx)) },
  ];
}
