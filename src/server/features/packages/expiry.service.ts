import type { AppContext } from '../../context';
import { renderMail } from '../../integrations/mail/templates';
import { formatMailLongDate, mailTexts } from '../../integrations/mail/mail-texts';
import { recipientLanguage } from '../auth';
import * as repo from './packages.repository';

/** The jobs' work: purchases past their expiry move to History, and customers hear 14 days before. */

export const EXPIRE_PACKAGES_JOB = 'packages-expire';
export const REMIND_PACKAGES_JOB = 'packages-expiry-reminder';
const REMIND_DAYS = 14;

/** Moves purchases past their expiry to History: status expired, remaining credits removed by an `expire` row. */
export async function expirePurchases(ctx: AppContext): Promise<number> {
  let expired = 0;
  const now = ctx.now();
  for (const id of await repo.expiredPurchaseIds(ctx.db, now)) {
    const done = await ctx.db.transaction(async (tx) => {
      const purchase = await repo.lockPurchase(tx, id);
      if (!purchase || purchase.status !== 'active' || !purchase.expiresAt || purchase.expiresAt.getTime() > now.getTime()) return false;
      if (purchase.servicesRemaining !== 0) await repo.applyCredit(tx, { purchaseId: id, kind: 'expire', delta: -purchase.servicesRemaining, reason: 'Expired' });
      await repo.setPurchase(tx, id, { status: 'expired' });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** E-mails each customer once, 14 days before their package with credits left expires. */
export async function remindExpiring(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const until = new Date(now.getTime() + REMIND_DAYS * 86_400_000);
  let sent = 0;
  for (const row of await repo.expiringUnreminded(ctx.db, now, until)) {
    if (!row.userEmail || !(await repo.claimReminder(ctx.db, row.id, now))) continue;
    const language = await recipientLanguage(ctx, row.userId);
    const t = mailTexts(language, { package: row.packageName, service: row.serviceName, count: row.servicesRemaining, date: formatMailLongDate(language, row.expiresAt!) });
    const mail = renderMail(
      ctx.config.business.name,
      t('package.expiringSubject'),
      [row.userName ? t('greeting', { name: row.userName }) : t('greetingNoName'), t('package.expiringBody')],
      { label: t('package.bookAction'), url: `${ctx.config.publicUrl}/booking` },
    );
    await ctx.mailer.send({ to: row.userEmail, ...mail, userId: row.userId ?? undefined, category: 'transactional' });
    sent += 1;
  }
  return sent;
}
