import { randomUUID } from 'node:crypto';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { MembersPage, MembershipView, MembersQuery, PlanRequest, PlanView, StandingChoice, SubscribeRequest, SubscribeResponse } from '../../../shared/schemas/memberships';
import { fromCents, toCents } from '../../../shared/money';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import type { PaymentIntent, ProviderSubscription } from '../../integrations/payments/provider';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { addMonths, membershipCreditsLeft } from '../packages';
import { keepCard, paymentCustomerRef, savedCardsFor, usableCard } from '../payment-methods';
import { beginMembership, chargePeriod, grantKeyPrefix, recordPeriod, syncSubscription } from './billing';
import * as repo from './memberships.repository';
import { setStanding, standingParts, stopStanding } from './standing.service';

/**
 * Memberships (decision 059): the admin's plans, the customer's subscription paid by card (the first month at
 * once), the account's pause, resume, cancel and pay link, and the admin's members with the MRR.
 */

const START_PURPOSE = 'membership';
const PERIOD_PURPOSE = 'membership_period';

// Plans

async function toPlanView(ctx: AppContext, plan: repo.PlanRow): Promise<PlanView> {
  const names = await repo.serviceNames(ctx.db, plan.grants.map((g) => g.serviceId));
  return {
    id: plan.id,
    name: plan.name,
    pricePerMonth: fromCents(plan.priceCents),
    grants: plan.grants.map((g) => ({ serviceId: g.serviceId, serviceName: names.get(g.serviceId) ?? '', count: g.count })),
    standing: plan.standing ?? null,
    isActive: plan.isActive,
  };
}

async function checkServices(ctx: AppContext, input: PlanRequest): Promise<void> {
  const ids = [...new Set(input.grants.map((g) => g.serviceId))];
  const names = await repo.serviceNames(ctx.db, ids);
  if (names.size !== ids.length) throw new AppError('SERVICE_NOT_FOUND', 'A service of this plan does not exist');
  if (new Set(input.grants.map((g) => g.serviceId)).size !== input.grants.length) throw new AppError('INVALID_INPUT', 'Each service once per plan', { field: 'grants' });
  if (toCents(input.pricePerMonth) <= 0) throw new AppError('INVALID_INPUT', 'A plan costs something each month', { field: 'pricePerMonth' });
}

export async function listPlans(ctx: AppContext, options: { activeOnly: boolean }): Promise<PlanView[]> {
  return Promise.all((await repo.listPlans(ctx.db, options)).map((plan) => toPlanView(ctx, plan)));
}

export async function createPlan(ctx: AppContext, input: PlanRequest): Promise<PlanView> {
  await checkServices(ctx, input);
  const id = await repo.insertPlan(ctx.db, { name: input.name, priceCents: toCents(input.pricePerMonth), grants: input.grants, standing: input.standing, isActive: input.isActive });
  return toPlanView(ctx, (await repo.findPlan(ctx.db, id))!);
}

/** A new price applies to new members; members keep the price they subscribed at (and Stripe gets a new price). */
export async function updatePlan(ctx: AppContext, id: string, input: PlanRequest): Promise<PlanView> {
  await checkServices(ctx, input);
  const existing = await repo.findPlan(ctx.db, id);
  if (!existing) throw new AppError('PLAN_NOT_FOUND', 'Plan not found');
  const priceCents = toCents(input.pricePerMonth);
  await repo.updatePlan(ctx.db, id, {
    name: input.name,
    priceCents,
    grants: input.grants,
    standing: input.standing,
    isActive: input.isActive,
    ...(priceCents !== existing.priceCents || input.name !== existing.name ? { stripePriceId: null } : {}),
    updatedAt: ctx.now(),
  });
  return toPlanView(ctx, (await repo.findPlan(ctx.db, id))!);
}

async function activePlan(ctx: AppContext, id: string): Promise<repo.PlanRow> {
  const plan = await repo.findPlan(ctx.db, id);
  if (!plan?.isActive) throw new AppError('PLAN_NOT_FOUND', 'This plan is not available');
  return plan;
}

// Subscribing

async function createIntent(ctx: AppContext, input: Parameters<AppContext['payments']['createIntent']>[0]): Promise<PaymentIntent> {
  try {
    return await ctx.payments.createIntent(input);
  } catch (error) {
    console.error('creating a membership payment failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
}

function declined(intent: PaymentIntent): AppError {
  const reason = intent.lastError ?? 'Your card was declined.';
  return new AppError('PAYMENT_DECLINED', reason, { reason });
}

/**
 * Subscribes the customer: the first month is paid now, with a saved card (charged at once) or through the
 * card form (the answer's intent; the browser then confirms). Renewals follow monthly by the app clock.
 */
export async function subscribe(ctx: AppContext, user: PublicUser, input: SubscribeRequest): Promise<SubscribeResponse> {
  const plan = await activePlan(ctx, input.planId);
  if ((await repo.liveMembershipsOf(ctx.db, user.id)).some((m) => m.planId === plan.id)) throw new AppError('MEMBERSHIP_EXISTS', 'You already have this membership');
  const card = input.paymentMethodId ? await usableCard(ctx, user.id, input.paymentMethodId) : undefined;
  if (input.paymentMethodId && !card) throw new AppError('PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
  const customerRef = await paymentCustomerRef(ctx, user);
  // The nth membership of this plan: a retried request is the same payment, a later re-subscription a new one.
  const nth = await repo.countMembershipsOf(ctx.db, user.id, plan.id);
  let subscription: ProviderSubscription;
  try {
    // Stripe: a Billing subscription whose first invoice the browser confirms; the test provider: the first month's intent.
    subscription = await ctx.payments.createSubscription({
      customerRef,
      plan: { planId: plan.id, name: plan.name, priceCents: plan.priceCents, knownPriceId: plan.stripePriceId },
      idempotencyKey: `membership-start-${user.id}-${plan.id}-${nth}-${card?.id ?? 'form'}`,
      metadata: { purpose: START_PURPOSE, planId: plan.id, userId: user.id },
      ...(card ? { paymentMethodId: card.providerMethodId } : {}),
    });
  } catch (error) {
    console.error('creating a membership subscription failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
  if (subscription.priceId && subscription.priceId !== plan.stripePriceId) await repo.updatePlan(ctx.db, plan.id, { stripePriceId: subscription.priceId });
  const intent = subscription.payment;
  if (!intent) throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  const answer = { provider: ctx.payments.name, amount: fromCents(plan.priceCents), savedCards: await savedCardsFor(ctx, user.id) };
  if (intent.status === 'succeeded') return { ...answer, membershipId: await startMembership(ctx, intent), paymentIntentId: intent.id, clientSecret: null };
  if (card && intent.lastError) throw declined(intent);
  // The card form's payment, or a saved card's that the browser confirms (Stripe: 3-D Secure may ask the customer).
  return { ...answer, membershipId: null, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
}

/** A paid first month becomes a membership once: the test provider's intent, or Stripe's subscription and its period. */
async function startMembership(ctx: AppContext, intent: PaymentIntent): Promise<string> {
  const { planId, userId, subscriptionId } = intent.metadata ?? {};
  const plan = planId ? await repo.findPlan(ctx.db, planId) : undefined;
  if (!plan || !userId) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a membership');
  const subscription = subscriptionId ? await ctx.payments.retrieveSubscription(subscriptionId) : null;
  const periodStart = subscription?.currentPeriodStart ?? ctx.now();
  return beginMembership(ctx, {
    startRef: subscriptionId ?? intent.id,
    subscriptionId: subscriptionId ?? null,
    planId: plan.id,
    userId,
    amountCents: intent.amountCents,
    customerRef: intent.customerRef ?? null,
    card: intent.card,
    keepCard: Boolean(intent.saveCard),
    periodStart,
    periodEnd: subscription?.currentPeriodEnd ?? addMonths(periodStart, 1),
    paymentRef: intent.id,
  });
}

async function retrieveIntent(ctx: AppContext, intentId: string): Promise<PaymentIntent> {
  try {
    return await ctx.payments.retrieveIntent(intentId);
  } catch (error) {
    if (error instanceof UnknownIntentError || (error as { statusCode?: number }).statusCode === 404) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

/** After the card form: asks the provider (never the browser) how the payment ended, then starts or settles. */
export async function confirmPayment(ctx: AppContext, user: PublicUser, paymentIntentId: string): Promise<MembershipView> {
  const intent = await retrieveIntent(ctx, paymentIntentId);
  const purpose = intent.metadata?.purpose;
  if (purpose !== START_PURPOSE && purpose !== PERIOD_PURPOSE) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a membership');
  if (intent.metadata?.userId !== user.id) throw new AppError('NOT_YOUR_PURCHASE', 'This payment belongs to someone else');
  if (intent.status !== 'succeeded') {
    if (intent.lastError) throw declined(intent);
    throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment has not been completed yet');
  }
  if (purpose === START_PURPOSE) return membershipView(ctx, (await repo.findMembership(ctx.db, await startMembership(ctx, intent)))!);
  const membership = await ownMembership(ctx, user, intent.metadata?.membershipId ?? '');
  await settlePeriodPayment(ctx, membership, intent);
  return membershipView(ctx, (await repo.findMembership(ctx.db, membership.id))!);
}

async function settlePeriodPayment(ctx: AppContext, membership: repo.MembershipRow, intent: PaymentIntent): Promise<void> {
  const period = await repo.unpaidPeriodOf(ctx.db, membership.id);
  if (!period || period.periodStart.toISOString() !== intent.metadata?.periodStart) return;
  await recordPeriod(ctx, { membershipId: membership.id, periodStart: period.periodStart, periodEnd: period.periodEnd, amountCents: period.amountCents, paid: true, paymentRef: intent.id, lastError: null });
  // The card that paid becomes the membership's card for the next renewals.
  if (intent.card) {
    const card = intent.card;
    await ctx.db.transaction(async (tx) => {
      await repo.setMembership(tx, membership.id, { providerMethodId: card.providerMethodId, updatedAt: ctx.now() });
      if (intent.saveCard) await keepCard(tx, membership.userId, ctx.payments.name, card);
    });
  }
}

// The account

async function ownMembership(ctx: AppContext, user: PublicUser, id: string): Promise<repo.MembershipRow> {
  const membership = /^[0-9a-f-]{36}$/i.test(id) ? await repo.findMembership(ctx.db, id) : undefined;
  if (!membership || membership.userId !== user.id) throw new AppError('MEMBERSHIP_NOT_FOUND', 'Membership not found');
  return membership;
}

async function membershipView(ctx: AppContext, membership: repo.MembershipRow, planName?: string): Promise<MembershipView> {
  const name = planName ?? (await repo.findPlan(ctx.db, membership.planId))?.name ?? '';
  const unpaid = await repo.unpaidPeriodOf(ctx.db, membership.id);
  const renews = (membership.status === 'active' || membership.status === 'past_due') && !membership.cancelAtPeriodEnd;
  return {
    id: membership.id,
    planId: membership.planId,
    planName: name,
    pricePerMonth: fromCents(membership.priceCents),
    status: membership.status,
    currentPeriodStart: membership.currentPeriodStart.toISOString(),
    currentPeriodEnd: membership.currentPeriodEnd.toISOString(),
    nextRenewalAt: renews ? membership.currentPeriodEnd.toISOString() : null,
    cancelAtPeriodEnd: membership.cancelAtPeriodEnd,
    creditsLeft: await membershipCreditsLeft(ctx, membership.userId, grantKeyPrefix(membership.id)),
    unpaidPeriodId: unpaid?.id ?? null,
    ...(await standingParts(ctx, membership)),
  };
}

export async function listMine(ctx: AppContext, user: PublicUser): Promise<MembershipView[]> {
  return Promise.all((await repo.liveMembershipsOf(ctx.db, user.id)).map((m) => membershipView(ctx, m)));
}

/** A change at the provider under one key per membership state: a retried request is the same change. */
const changeKey = (action: string, membership: repo.MembershipRow) => `membership-${action}-${membership.id}-${membership.updatedAt.getTime()}`;

async function atProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    console.error('a membership change at the payment provider failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

/** Pause: no renewal while paused (what is paid stays usable). Only an active membership pauses. */
export async function pause(ctx: AppContext, user: PublicUser, id: string): Promise<MembershipView> {
  const membership = await ownMembership(ctx, user, id);
  if (membership.status !== 'active' || membership.cancelAtPeriodEnd) throw new AppError('MEMBERSHIP_STATE', 'Only an active membership can be paused', { status: membership.status });
  const subscriptionId = membership.providerSubscriptionId;
  if (subscriptionId) await syncSubscription(ctx, await atProvider(() => ctx.payments.pauseSubscription(subscriptionId, changeKey('pause', membership))));
  else await ctx.db.transaction((tx) => repo.setMembership(tx, id, { status: 'paused', pausedAt: ctx.now(), updatedAt: ctx.now() }));
  return membershipView(ctx, (await repo.findMembership(ctx.db, id))!);
}

/** Resume: within the paid month it simply goes on; after it, a new month starts now and is charged. */
export async function resume(ctx: AppContext, user: PublicUser, id: string): Promise<MembershipView> {
  const membership = await ownMembership(ctx, user, id);
  if (membership.status !== 'paused') throw new AppError('MEMBERSHIP_STATE', 'Only a paused membership can be resumed', { status: membership.status });
  const now = ctx.now();
  const subscriptionId = membership.providerSubscriptionId;
  if (subscriptionId) {
    // Stripe collects again; after the paid month it invoices a new one now, and its webhook settles that month.
    const restartNow = membership.currentPeriodEnd.getTime() <= now.getTime();
    const subscription = await atProvider(() => ctx.payments.resumeSubscription(subscriptionId, { restartNow, idempotencyKey: changeKey('resume', membership) }));
    await syncSubscription(ctx, subscription);
    const { payment, currentPeriodStart, currentPeriodEnd } = subscription;
    if (restartNow && payment?.status === 'succeeded' && currentPeriodStart && currentPeriodEnd) {
      await recordPeriod(ctx, { membershipId: id, periodStart: currentPeriodStart, periodEnd: currentPeriodEnd, amountCents: payment.amountCents, paid: true, paymentRef: payment.id, lastError: null });
    }
  } else if (membership.currentPeriodEnd.getTime() > now.getTime()) {
    await ctx.db.transaction((tx) => repo.setMembership(tx, id, { status: 'active', pausedAt: null, updatedAt: now }));
  } else {
    const end = addMonths(now, 1);
    await ctx.db.transaction((tx) => repo.setMembership(tx, id, { status: 'active', pausedAt: null, currentPeriodStart: now, currentPeriodEnd: end, updatedAt: now }));
    const charge = await chargePeriod(ctx, membership, now, 'resume');
    await recordPeriod(ctx, { membershipId: id, periodStart: now, periodEnd: end, amountCents: membership.priceCents, ...charge });
  }
  return membershipView(ctx, (await repo.findMembership(ctx.db, id))!);
}

/** Cancel: an active membership runs to the end of its paid month; a paused or past-due one ends now. */
export async function cancel(ctx: AppContext, user: PublicUser, id: string): Promise<MembershipView> {
  const membership = await ownMembership(ctx, user, id);
  if (membership.status === 'canceled') throw new AppError('MEMBERSHIP_STATE', 'This membership has ended', { status: membership.status });
  const now = ctx.now();
  const atPeriodEnd = membership.status === 'active';
  const subscriptionId = membership.providerSubscriptionId;
  if (subscriptionId) {
    await syncSubscription(ctx, await atProvider(() => ctx.payments.cancelSubscription(subscriptionId, { atPeriodEnd, idempotencyKey: changeKey('cancel', membership) })));
  } else {
    await ctx.db.transaction((tx) => repo.setMembership(tx, id, atPeriodEnd ? { cancelAtPeriodEnd: true, updatedAt: now } : { status: 'canceled', canceledAt: now, updatedAt: now }));
  }
  return membershipView(ctx, (await repo.findMembership(ctx.db, id))!);
}

/**
 * The pay link of a failed month: a saved card charged at once (`attemptKey` makes a retried click one
 * charge), or an intent for the card form (then confirmPayment). Paid, the month's credits are granted.
 */
export async function payUnpaid(ctx: AppContext, user: PublicUser, id: string, input: { paymentMethodId?: string; attemptKey?: string }): Promise<SubscribeResponse> {
  const membership = await ownMembership(ctx, user, id);
  const period = await repo.unpaidPeriodOf(ctx.db, id);
  if (!period) throw new AppError('MEMBERSHIP_NOTHING_DUE', 'Nothing is owed on this membership');
  const answer = { provider: ctx.payments.name, amount: fromCents(period.amountCents), savedCards: await savedCardsFor(ctx, user.id) };
  // A Stripe subscription's month is its invoice: paid there (which stops Stripe's own retries), never beside it.
  const invoiceId = membership.providerSubscriptionId && period.paymentRef?.startsWith('in_') ? period.paymentRef : null;
  if (membership.providerSubscriptionId && !input.paymentMethodId) throw new AppError('MEMBERSHIP_PAY_WITH_SAVED_CARD', 'Choose a saved card to pay this month');
  if (input.paymentMethodId) {
    const card = await usableCard(ctx, user.id, input.paymentMethodId);
    if (!card) throw new AppError('PAYMENT_METHOD_NOT_FOUND', 'Payment method not found');
    const charge = invoiceId
      ? { ...(await atProvider(() => ctx.payments.payInvoice(invoiceId, { paymentMethodId: card.providerMethodId, idempotencyKey: `membership-invoice-${invoiceId}-${input.attemptKey ?? randomUUID()}` }))), paymentRef: invoiceId }
      : await chargePeriod(ctx, membership, period.periodStart, `pay-${input.attemptKey ?? randomUUID()}`, card.providerMethodId);
    if (!charge.paid) throw new AppError('PAYMENT_DECLINED', charge.lastError ?? 'Your card was declined.', { reason: charge.lastError ?? 'Your card was declined.' });
    await recordPeriod(ctx, { membershipId: id, periodStart: period.periodStart, periodEnd: period.periodEnd, amountCents: period.amountCents, ...charge });
    await ctx.db.transaction((tx) => repo.setMembership(tx, id, { providerMethodId: card.providerMethodId, updatedAt: ctx.now() }));
    return { ...answer, membershipId: id, paymentIntentId: charge.paymentRef, clientSecret: null };
  }
  const intent = await createIntent(ctx, {
    bookingId: null,
    amountCents: period.amountCents,
    currency: 'usd',
    idempotencyKey: `membership-period-${id}-${period.periodStart.toISOString()}-form-${input.attemptKey ?? randomUUID()}`,
    receiptEmail: user.email,
    metadata: { purpose: PERIOD_PURPOSE, membershipId: id, periodStart: period.periodStart.toISOString(), userId: user.id },
    ...(membership.customerRef ? { customerRef: membership.customerRef } : {}),
    saveCard: true,
  });
  return { ...answer, membershipId: null, paymentIntentId: intent.id, clientSecret: intent.clientSecret };
}

/** Sets or changes the membership's standing appointment (decision 066). */
export async function setMyStanding(ctx: AppContext, user: PublicUser, id: string, choice: StandingChoice): Promise<MembershipView> {
  const membership = await ownMembership(ctx, user, id);
  await setStanding(ctx, user, membership, choice);
  return membershipView(ctx, membership);
}

/** Stops the standing appointment: visits already booked stay booked (the customer cancels them as any other). */
export async function stopMyStanding(ctx: AppContext, user: PublicUser, id: string): Promise<MembershipView> {
  const membership = await ownMembership(ctx, user, id);
  await stopStanding(ctx, membership);
  return membershipView(ctx, membership);
}

// The admin's members

export async function listMembers(ctx: AppContext, query: MembersQuery): Promise<MembersPage> {
  const { rows, total, mrrCents, activeCount } = await repo.listMembers(ctx.db, query);
  const items = await Promise.all(
    rows.map(async (row) => ({ ...(await membershipView(ctx, row.membership, row.planName)), customerName: row.customerName, customerEmail: row.customerEmail, since: row.membership.createdAt.toISOString() })),
  );
  return { items, page: query.page, pageSize: query.pageSize, total, mrr: fromCents(mrrCents), activeCount };
}
