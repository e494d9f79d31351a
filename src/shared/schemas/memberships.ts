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

/** Every Nth week, same weekday (0 = Sunday) and time, for one service. */
export const standingAppointment = z.object({
  everyWeeks: z.coerce.number({ error: 'Every how many weeks?' }).int().min(1, { error: 'At least every week' }).max(8, { error: 'At most every 8 weeks' }),
  weekday: z.coerce.number({ error: 'Choose a weekday' }).int().min(0).max(6),
  time: z.string({ error: 'Choose a time' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Time as HH:MM' }),
  serviceId: uuid('Please choose a service'),
});
export type StandingAppointment = z.infer<typeof standingAppointment>;

export const planRequest = z.object({
  name: required().pipe(z.string().max(120, { error: 'Name must be at most 120 characters' })),
  pricePerMonth: moneyText('Price per month'),
  grants: z.array(planGrant).min(1, { error: 'A plan grants at least one credit' }).max(10, { error: 'At most 10 services' }),
  standing: standingAppointment.nullish().transform((v) => v ?? null),
  isActive: z.boolean().default(true),
});
export type PlanRequest = z.infer<typeof planRequest>;

export const planView = z.object({
  id: z.string(),
  name: z.string(),
  pricePerMonth: z.string(),
  grants: z.array(z.object({ serviceId: z.string(), serviceName: z.string(), count: z.number() })),
  standing: standingAppointment.nullable(),
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
