import type { AppContext } from '../../context';
import type { JobDefinition } from '../../jobs/boss';
import { renewDueMemberships, RENEW_MEMBERSHIPS_JOB } from './billing';
import { BOOK_STANDING_JOB, bookStandingAppointments } from './standing.service';

/**
 * Every 10 minutes: memberships whose month has ended on the app's clock are renewed (or end). Daily at 13:40
 * UTC (early morning Pacific), one run at a time: standing appointments booked two weeks ahead (decision 066).
 */
export function membershipJobs(ctx: AppContext): JobDefinition[] {
  return [
    { name: RENEW_MEMBERSHIPS_JOB, cron: '*/10 * * * *', handler: async () => void (await renewDueMemberships(ctx)) },
    { name: BOOK_STANDING_JOB, cron: '40 13 * * *', queue: { policy: 'singleton' }, handler: async () => void (await bookStandingAppointments(ctx)) },
  ];
}
