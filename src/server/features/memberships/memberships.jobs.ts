import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { renewDueMemberships, RENEW_MEMBERSHIPS_JOB } from './billing';

/** Every 10 minutes: memberships whose month has ended on the app's clock are renewed (or end). */
export function membershipJobs(ctx: AppContext): JobDefinition[] {
  return [{ name: RENEW_MEMBERSHIPS_JOB, cron: '*/10 * * * *', handler: async () => void (await renewDueMemberships(ctx)) }];
}
