import type { AppContext } from '../context';
import { pruneMessages, pruneShortLinks } from '../features/messages';
import { pruneWebhookAttempts } from '../features/webhooks';
import { pruneMailOutbox } from '../integrations/mail/mailer';
import { pruneSmsOutbox } from '../integrations/sms/sms';
import type { JobDefinition } from './boss';

const DAY = 86_400_000;
/** How long what was sent is kept: customers' messages, mail and texts 90 days; webhook delivery attempts 30. */
export const KEEP_MESSAGES_DAYS = 90;
export const KEEP_WEBHOOK_ATTEMPTS_DAYS = 30;
export const PRUNE_JOB = 'maintenance.prune-sent';

/** Deletes what was sent long ago and texts' short links past their end, each table by its owner, a batch at a time, on the app's clock. */
export async function pruneSentRecords(ctx: AppContext): Promise<{ messages: number; mail: number; sms: number; webhookAttempts: number; shortLinks: number }> {
  const now = ctx.now().getTime();
  const messagesBefore = new Date(now - KEEP_MESSAGES_DAYS * DAY);
  return {
    messages: await pruneMessages(ctx.db, messagesBefore),
    mail: await pruneMailOutbox(ctx.db, messagesBefore),
    sms: await pruneSmsOutbox(ctx.db, messagesBefore),
    webhookAttempts: await pruneWebhookAttempts(ctx.db, new Date(now - KEEP_WEBHOOK_ATTEMPTS_DAYS * DAY)),
    shortLinks: await pruneShortLinks(ctx.db, ctx.now()),
  };
}

/** Nightly at 10:23 UTC (the small hours in Pacific time), one instance at a time. */
export const pruneJob = (ctx: AppContext): JobDefinition => ({
  name: PRUNE_JOB,
  handler: async () => void (await pruneSentRecords(ctx)),
  cron: '23 10 * * *',
  queue: { policy: 'singleton' },
});
