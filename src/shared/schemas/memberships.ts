import { z } from 'zod';
import { savedCardView } from './checkout';
import { moneyText, pageQuery, required } from './common';

/**
 * Memberships (docs/decisions/059-memberships.md): monthly plans whose paid periods grant package credits,
 * the customer's subscription, and the admin's members with the monthly recurring revenue.
 */

/** active: paid up; past_due: the last renewal failed (credits withheld); paused: no renewals; canceled: ended. */
export const MEMBERSHIP_STATUSES = ['active', 'past_due', 'paused', 'canceled'] as const;
export type MembershipStatus = (typeof MEMBERSHIP_STATUSES)[number];
/** pending: the month has begun and its charge is under way (a renewal killed mid-way is charged by the next run). */
export const PERIOD_STATUSES = ['pending', 'paid', 'failed'] as const;
export type PeriodStatus = (typeof PERIOD_STATUSES)[number];

const uuid = (message: string) => z.string({ error: message }).trim().pipe(z.uuid({ error: message }));

export const planGrant = z.object({
  serviceId: uuid('Please choose a service'),
  count: z.coerce.number({ error: 'Credits must be a number' }).int({ error: 'Credits must be a whole number' }).min(1, { error: 'At least 1 credit' }).max(31, { error: 'At most 31 credits' }),
});
export type PlanGrant = z.infer<typeof planGrant>;

/** A plan's standing appointment (issue 25): its members may have a visit booked every Nth week. */
export const standingRule = z.object({
  everyWeeks: z.coerce.number({ error: 'Every how many weeks?' }).int({ error: 'Every how many weeks?' }).min(1, { error: 'At least every week' }).max(8, { error: 'At most every 8 weeks' }),
});
export type StandingRule = z.infer<typeof standingRule>;

/** What the member chooses (decision 066): the weekday (0 = Sunday), the time (Pacific), a saved address and one of the plan's services. */
export const standingChoice = z.object({
  weekday: z.coerce.number({ error: 'Choose a weekday' }).int({ error: 'Choose a weekday' }).min(0, { error: 'Choose a weekday' }).max(6, { error: 'Choose a weekday' }),
  time: z.string({ error: 'Choose a time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time as HH:MM' }),
  serviceId: uuid('Please choose a service'),
  addressId: uuid('Please choose an address'),
});
export type StandingChoice = z.infer<typeof standingChoice>;

/** booked: the visit is booked; full: the time was not free; no_credit: no membership credit was left (both told by e-mail). */
export const STANDING_OUTCOMES = ['pending', 'booked', 'full', 'no_credit'] as const;
export type StandingOutcome = (typeof STANDING_OUTCOMES)[number];

export const standingView = standingChoice.extend({
  everyWeeks: z.number(),
  serviceName: z.string(),
  address: z.string(),
  /** The next date (YYYY-MM-DD, Pacific) of the rhythm not yet handled by the job. */
  nextDate: z.string(),
  /** The latest occurrences the job handled, newest first. */
  recent: z.array(z.object({ date: z.string(), outcome: z.enum(STANDING_OUTCOMES), bookingId: z.string().nullable() })),
});
export type StandingView = z.infer<typeof standingView>;

/** What a member's plan offers: the rhythm and the services a standing visit may be. */
export const standingOffer = z.object({ everyWeeks: z.number(), services: z.array(z.object({ serviceId: z.string(), serviceName: z.string() })) });

export const standingRunResponse = z.object({ booked: z.number(), full: z.number(), noCredit: z.number() });
export type StandingRunResponse = z.infer<typeof standingRunResponse>;

export const planRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  pricePerMonth: moneyText('Price per month'),
  grants: z.array(planGrant).min(1, { error: 'A plan grants at least one credit' }).max(10, { error: 'At most 10 services' }),
  standing: standingRule.nullish().transform((v) => v ?? null),
  isActive: z.boolean().default(true),
});
export type PlanRequest = z.infer<typeof planRequest>;

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  pricePerMonth: z.string(),
  grants: z.array(z.object({ serviceId: z.string(), serviceName: z.string(), count: z.number() })),
  standing: standingRule.nullable(),
  isActive: z.boolean(),
});
export type PlanView = z.infer<typeof planView>;

export const subscribeRequest = z.object({
  planId: uuid('Please choose a plan'),
  /** A saved card (payment_methods id); without one, the answer carries an intent for the card form. */
  paymentMethodId: uuid('Not a valid card').optional(),
});
export type SubscribeRequest = z.infer<typeof subscribeRequest>;

export const subscribeResponse = z.object({
  /** Set once the first month is paid; otherwise the card form pays `paymentIntentId` and the browser confirms. */
  membershipId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  clientSecret: z.string().nullable(),
  provider: z.enum(['stripe', 'test']),
  amount: z.string(),
  /** The customer's saved cards, for the payment form to offer. */
  savedCards: z.array(savedCardView),
});
export type SubscribeResponse = z.infer<typeof subscribeResponse>;

export const confirmSubscriptionRequest = z.object({ paymentIntentId: required() });

export const membershipView = z.object({
  id: z.string(),
  planId: z.string(),
  planName: z.string(),
  pricePerMonth: z.string(),
  status: z.enum(MEMBERSHIP_STATUSES),
  /** The month being used: paid from its start to its end (a past-due one: the month waiting for payment). */
  currentPeriodStart: z.string(),
  currentPeriodEnd: z.string(),
  /** The next renewal; null when cancelled, paused or ending at the period's end. */
  nextRenewalAt: z.string().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  creditsLeft: z.number(),
  /** The failed period waiting for payment (pay link), if any. */
  unpaidPeriodId: z.string().nullable(),
  /** The plan's standing appointment, if it has one, and the member's (decision 066). */
  standingOffer: standingOffer.nullable(),
  standing: standingView.nullable(),
});
export type MembershipView = z.infer<typeof membershipView>;

export const memberRow = membershipView.extend({ customerName: z.string(), customerEmail: z.string(), since: z.string() });
export type MemberRow = z.infer<typeof memberRow>;

export const membersQuery = pageQuery.extend({ status: z.enum(MEMBERSHIP_STATUSES).optional() });
export type MembersQuery = z.infer<typeof membersQuery>;

export const membersPage = z.object({
  items: z.array(memberRow),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  /** Monthly recurring revenue: what active and past-due members pay a month (paused and cancelled count nothing). */
  mrr: z.string(),
  activeCount: z.number(),
});
export type MembersPage = z.infer<typeof membersPage>;

export const renewalRunResponse = z.object({ renewed: z.number(), failed: z.number(), ended: z.number() });
