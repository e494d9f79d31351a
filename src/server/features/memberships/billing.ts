import type { AppContext } from '../../context';
import type { CardDetails, ProviderSubscription, SubscriptionEvent } from '../../integrations/payments/provider';
import { renderMail } from '../../integrations/mail/templates';
import { formatMailMoney, mailTexts } from '../../integrations/mail/mail-texts';
import { recipientLanguage } from '../auth';
import { addMonths, grantMembershipCredits } from '../packages';
import { keepCard } from '../payment-methods';
import * as repo from './memberships.repository';

/**
 * A membership's periods (decision 059): each billed once; a paid one grants the plan's credits once, a failed
 * one e-mails a reminder once and keeps its credits until it is paid (the account's pay link, a later webhook).
 */

export const RENEW_MEMBERSHIPS_JOB = 'memberships-renew';
/** How long a month's charge may be under way before the renewal job takes it as abandoned. */
const PENDING_GRACE_MS = 10 * 60_000;

/** The key of a period's credits for one service: the purchase's unique payment reference. */
export const grantKeyPrefix = (membershipId: string) => `membership:${membershipId}:`;
const grantKey = (membershipId: string, periodStart: Date, serviceId: string) => `${grantKeyPrefix(membershipId)}${periodStart.toISOString()}:${serviceId}`;

export interface PeriodOutcome {
  membershipId: string;
  periodStart: Date;
  periodEnd: Date;
  amountCents: number;
  paid: boolean;
  paymentRef: string | null;
  lastError: string | null;
}

/**
 * Records a billed period and what follows from it: credits granted once when paid (the membership back to
 * active when nothing else is owed), or the membership past due and one reminder when failed.
 */
export async function recordPeriod(ctx: AppContext, outcome: PeriodOutcome): Promise<repo.PeriodRow> {
  const now = ctx.now();
  const { period, remind } = await ctx.db.transaction(async (tx) => {
    const membership = await repo.lockMembership(tx, outcome.membershipId);
    if (!membership) throw new Error(`No membership ${outcome.membershipId}`);
    const period = await repo.upsertPeriod(tx, {
      membershipId: membership.id,
      periodStart: outcome.periodStart,
      periodEnd: outcome.periodEnd,
      amountCents: outcome.amountCents,
      status: outcome.paid ? 'paid' : 'failed',
      paymentRef: outcome.paymentRef,
      lastError: outcome.lastError,
      paidAt: outcome.paid ? now : null,
    });
    if (period.status === 'paid') {
      if (await repo.claimPeriodMark(tx, period.id, 'creditsGrantedAt', now)) {
        const plan = await repo.findPlan(tx, membership.planId);
        for (const grant of plan?.grants ?? []) {
          await grantMembershipCredits(ctx, tx, { userId: membership.userId, serviceId: grant.serviceId, count: grant.count, planName: plan!.name, grantKey: grantKey(membership.id, period.periodStart, grant.serviceId) });
        }
      }
      if (membership.status === 'past_due' && !(await repo.unpaidPeriodOf(tx, membership.id))) await repo.setMembership(tx, membership.id, { status: 'active', updatedAt: now });
      return { period, remind: false };
    }
    if (membership.status === 'active') await repo.setMembership(tx, membership.id, { status: 'past_due', updatedAt: now });
    return { period, remind: await repo.claimPeriodMark(tx, period.id, 'reminderSentAt', now) };
  });
  if (remind) await sendFailedRenewalMail(ctx, outcome.membershipId, period).catch((error) => console.error('membership reminder failed', error));
  return period;
}

export interface MembershipStart {
  /** The first payment (the test provider) or the Stripe subscription: one membership per start, however often told. */
  startRef: string;
  subscriptionId: string | null;
  planId: string;
  userId: string;
  amountCents: number;
  customerRef: string | null;
  card: CardDetails | null;
  keepCard: boolean;
  periodStart: Date;
  periodEnd: Date;
  paymentRef: string;
}

/** A paid first month becomes a membership exactly once (the unique start reference), its credits granted. */
export async function beginMembership(ctx: AppContext, start: MembershipStart): Promise<string> {
  const existing = await repo.findByStartRef(ctx.db, start.startRef);
  if (existing) return existing.id;
  const id = await ctx.db.transaction(async (tx) => {
    const created = await repo.insertMembership(tx, {
      userId: start.userId,
      planId: start.planId,
      priceCents: start.amountCents,
      status: 'active',
      customerRef: start.customerRef,
      providerMethodId: start.card?.providerMethodId ?? null,
      providerSubscriptionId: start.subscriptionId,
      startRef: start.startRef,
      currentPeriodStart: start.periodStart,
      currentPeriodEnd: start.periodEnd,
    });
    if (created && start.keepCard && start.card) await keepCard(tx, start.userId, ctx.payments.name, start.card);
    return created;
  });
  if (!id) return (await repo.findByStartRef(ctx.db, start.startRef))!.id;
  await recordPeriod(ctx, { membershipId: id, periodStart: start.periodStart, periodEnd: start.periodEnd, amountCents: start.amountCents, paid: true, paymentRef: start.paymentRef, lastError: null });
  return id;
}

/**
 * Stripe Billing's word on a membership (decision 065), from its webhook: a paid invoice is a paid month (its
 * credits granted once, whoever reports it first), a failed one the dunning of 059 (past due, one reminder,
 * credits withheld), a changed or deleted subscription the membership's status and period.
 */
export async function applySubscriptionEvent(ctx: AppContext, event: SubscriptionEvent): Promise<void> {
  if (event.kind === 'subscription_changed') return syncSubscription(ctx, event.subscription);
  const membership = await repo.findBySubscription(ctx.db, event.subscriptionId);
  if (!membership) {
    // The first invoice paid before the browser came back: the membership starts here (the browser's confirm finds it).
    const { purpose, planId, userId } = event.metadata;
    if (event.kind === 'period_paid' && purpose === 'membership' && planId && userId && (await repo.findPlan(ctx.db, planId))) {
      await beginMembership(ctx, { startRef: event.subscriptionId, subscriptionId: event.subscriptionId, planId, userId, amountCents: event.amountCents, customerRef: event.customerRef, card: null, keepCard: false, periodStart: event.periodStart, periodEnd: event.periodEnd, paymentRef: event.invoiceId });
    }
    return;
  }
  // A renewal's invoice is the next month: the membership moves to it before the month is recorded.
  if (event.periodEnd.getTime() > membership.currentPeriodEnd.getTime()) {
    await ctx.db.transaction((tx) => repo.setMembership(tx, membership.id, { currentPeriodStart: event.periodStart, currentPeriodEnd: event.periodEnd, updatedAt: ctx.now() }));
  }
  const paid = event.kind === 'period_paid';
  await recordPeriod(ctx, { membershipId: membership.id, periodStart: event.periodStart, periodEnd: event.periodEnd, amountCents: event.amountCents, paid, paymentRef: event.invoiceId, lastError: paid ? null : event.lastError });
}

/** The subscription's status, period and cancel-at-period-end, as Stripe has them now. */
export async function syncSubscription(ctx: AppContext, subscription: ProviderSubscription): Promise<void> {
  const membership = subscription.id ? await repo.findBySubscription(ctx.db, subscription.id) : undefined;
  if (!membership || subscription.status === 'incomplete') return;
  const now = ctx.now();
  const { status, currentPeriodStart, currentPeriodEnd } = subscription;
  await ctx.db.transaction((tx) =>
    repo.setMembership(tx, membership.id, {
      status,
      cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
      ...(currentPeriodStart && currentPeriodEnd ? { currentPeriodStart, currentPeriodEnd } : {}),
      canceledAt: status === 'canceled' ? (membership.canceledAt ?? now) : null,
      pausedAt: status === 'paused' ? (membership.pausedAt ?? now) : null,
      updatedAt: now,
    }),
  );
}

/** Charges a period with the membership's card at the test provider (Stripe Billing charges on its own). */
export async function chargePeriod(ctx: AppContext, membership: repo.MembershipRow, periodStart: Date, attempt: string, paymentMethodId?: string): Promise<{ paid: boolean; paymentRef: string | null; lastError: string | null }> {
  try {
    const intent = await ctx.payments.createIntent({
      bookingId: null,
      amountCents: membership.priceCents,
      currency: 'usd',
      // One charge per period and attempt: a retried job or click is the same charge.
      idempotencyKey: `membership-period-${membership.id}-${periodStart.toISOString()}-${attempt}`,
      metadata: { purpose: 'membership_period', membershipId: membership.id, periodStart: periodStart.toISOString() },
      ...(membership.customerRef ? { customerRef: membership.customerRef } : {}),
      paymentMethodId: paymentMethodId ?? membership.providerMethodId ?? undefined,
    });
    return intent.status === 'succeeded' ? { paid: true, paymentRef: intent.id, lastError: null } : { paid: false, paymentRef: intent.id, lastError: intent.lastError ?? 'Your card was declined.' };
  } catch (error) {
    console.error('membership renewal charge failed', error);
    return { paid: false, paymentRef: null, lastError: 'The payment provider could not be reached.' };
  }
}

/**
 * The renewal job (the test provider's billing, by the app clock): every membership whose period has ended
 * either ends (cancelled at the period's end) or moves to its next month and is charged for it.
 */
export async function renewDueMemberships(ctx: AppContext): Promise<{ renewed: number; failed: number; ended: number }> {
  const result = { renewed: 0, failed: 0, ended: 0 };
  const count = (paid: boolean) => (paid ? (result.renewed += 1) : (result.failed += 1));
  // A month begun by a run that died before its charge: charged now, with the same key (one charge at most).
  for (const period of await repo.stalePendingPeriods(ctx.db, new Date(ctx.now().getTime() - PENDING_GRACE_MS))) {
    const membership = await repo.findMembership(ctx.db, period.membershipId);
    if (!membership) continue;
    const charge = await chargePeriod(ctx, membership, period.periodStart, 'renewal');
    await recordPeriod(ctx, { membershipId: membership.id, periodStart: period.periodStart, periodEnd: period.periodEnd, amountCents: period.amountCents, ...charge });
    count(charge.paid);
  }
  for (const id of await repo.dueForRenewal(ctx.db, ctx.now())) {
    const next = await ctx.db.transaction(async (tx) => {
      const membership = await repo.lockMembership(tx, id);
      if (!membership || !['active', 'past_due'].includes(membership.status) || membership.currentPeriodEnd.getTime() > ctx.now().getTime()) return undefined;
      if (membership.cancelAtPeriodEnd) {
        await repo.setMembership(tx, id, { status: 'canceled', canceledAt: membership.currentPeriodEnd, updatedAt: ctx.now() });
        result.ended += 1;
        return undefined;
      }
      const periodStart = membership.currentPeriodEnd;
      const periodEnd = addMonths(periodStart, 1);
      await repo.setMembership(tx, id, { currentPeriodStart: periodStart, currentPeriodEnd: periodEnd, updatedAt: ctx.now() });
      // The month is on record with the move: if this run dies before the charge, the next one charges it.
      await repo.upsertPeriod(tx, { membershipId: id, periodStart, periodEnd, amountCents: membership.priceCents, status: 'pending', createdAt: ctx.now() });
      return { membership, periodStart, periodEnd };
    });
    if (!next) continue;
    const charge = await chargePeriod(ctx, next.membership, next.periodStart, 'renewal');
    await recordPeriod(ctx, { membershipId: id, periodStart: next.periodStart, periodEnd: next.periodEnd, amountCents: next.membership.priceCents, ...charge });
    count(charge.paid);
  }
  return result;
}

async function sendFailedRenewalMail(ctx: AppContext, membershipId: string, period: repo.PeriodRow): Promise<void> {
  const membership = await repo.findMembership(ctx.db, membershipId);
  const plan = membership && (await repo.findPlan(ctx.db, membership.planId));
  const customer = membership && (await repo.findCustomer(ctx.db, membership.userId));
  if (!membership || !plan || !customer) return;
  const language = await recipientLanguage(ctx, customer.id);
  const t = mailTexts(language, { plan: plan.name, amount: formatMailMoney(language, period.amountCents), reason: period.lastError ?? '' });
  const mail = renderMail(ctx.config.business.name, t('membership.failedSubject'), [t('greeting', { name: customer.fullName }), t('membership.failedBody')], {
    label: t('membership.payAction'),
    url: `${ctx.config.publicUrl}/account#membership`,
  });
  await ctx.mailer.send({ to: customer.email, ...mail, userId: customer.id, category: 'transactional' });
}
