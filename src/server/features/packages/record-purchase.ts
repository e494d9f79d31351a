import { toCents } from '../../../shared/money';
import type { PackagePaidBy } from '../../../shared/schemas/packages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { packagePurchased } from '../../events/package-purchased';
import { renderMail } from '../../integrations/mail/templates';
import { formatMailMoney, mailTexts } from '../../integrations/mail/mail-texts';
import { recipientLanguage } from '../auth';
import type { PackageRow } from './package-views';
import * as repo from './packages.repository';

/**
 * Recording a purchase, the one place every path writes one (manual assignment, the admin's card, the
 * customer's card): the purchase and its credit grant, then the customer's e-mail.
 */

/** Calendar months later, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

export interface PurchaseInput {
  pkg: PackageRow;
  customer: { id: string; fullName: string; email: string; phone: string | null };
  paymentStatus: 'paid' | 'manual';
  /** How it was paid: card through the provider, cash or check taken by the business ('paid'), or complimentary ('manual'). */
  paidBy: PackagePaidBy;
  paymentIntentId: string | null;
  purchasePrice: string;
  servicesRemaining?: number | null;
  assignedBy: string | null;
  notes: string | null;
}

/**
 * The purchase and its grant, in one transaction; undefined when this payment was recorded already (the
 * unique index on payment_intent_id decides between the webhook, the card form and the browser's confirm).
 */
export async function recordPurchase(ctx: AppContext, input: PurchaseInput): Promise<{ id: string; created: boolean }> {
  const now = ctx.now();
  const credits = input.servicesRemaining ?? input.pkg.serviceCount;
  const created = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertPurchase(tx, {
      userId: input.customer.id,
      packageId: input.pkg.id,
      userName: input.customer.fullName,
      userEmail: input.customer.email,
      userPhone: input.customer.phone,
      packageName: input.pkg.name,
      serviceName: input.pkg.serviceName,
      servicesIncluded: input.pkg.serviceCount,
      // The grant below brings the balance up, so the balance is the ledger's sum from the first row.
      servicesRemaining: 0,
      purchasePrice: input.purchasePrice,
      status: 'active',
      paymentStatus: input.paymentStatus,
      paidBy: input.paidBy,
      paymentIntentId: input.paymentIntentId,
      activatedAt: now,
      expiresAt: input.pkg.validityMonths ? addMonths(now, input.pkg.validityMonths) : null,
      assignedBy: input.assignedBy,
      notes: input.notes,
    });
    if (!id) return undefined;
    await repo.applyCredit(tx, { purchaseId: id, kind: 'grant', delta: credits, adminUserId: input.assignedBy, reason: input.paymentStatus === 'manual' ? 'Assigned by the business' : 'Purchased' });
    await packagePurchased(tx, { purchaseId: id, packageId: input.pkg.id, amountCents: toCents(input.purchasePrice), paymentStatus: input.paymentStatus }, now);
    return id;
  });
  if (!created) {
    const existing = await repo.findPurchaseIdByIntent(ctx.db, input.paymentIntentId!);
    return { id: existing!, created: false };
  }
  if (input.pkg.sendNotificationEmail) await sendPurchaseMail(ctx, input, credits).catch((error) => console.error('package mail failed', error));
  return { id: created, created: true };
}

async function sendPurchaseMail(ctx: AppContext, input: PurchaseInput, credits: number): Promise<void> {
  const language = await recipientLanguage(ctx, input.customer.id);
  const t = mailTexts(language, { package: input.pkg.name, service: input.pkg.serviceName, count: credits });
  const paid = input.paymentStatus === 'paid';
  const mail = renderMail(
    ctx.config.business.name,
    t(input.paymentStatus === 'manual' ? 'package.addedSubject' : 'package.boughtSubject'),
    [
      t('greeting', { name: input.customer.fullName }),
      `${paid ? t('package.creditsPaid', { amount: formatMailMoney(language, toCents(input.purchasePrice)) }) : t('package.credits')} ${input.pkg.validityMonths ? t('package.validFor', { months: input.pkg.validityMonths }) : t('package.neverExpires')}`,
      t('package.howToUse'),
    ],
    { label: t('package.action'), url: `${ctx.config.publicUrl}/my-packages` },
  );
  await ctx.mailer.send({ to: input.customer.email, ...mail, userId: input.customer.id, category: 'transactional' });
}

/** The customer a purchase is for: an account with the customer role. */
export async function customerById(ctx: AppContext, userId: string) {
  const customer = await repo.findCustomer(ctx.db, userId);
  if (!customer || customer.role !== 'customer') throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  return customer;
}
