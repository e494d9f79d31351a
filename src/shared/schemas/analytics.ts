import { z } from 'zod';
import { pageOf } from './common';

/**
 * First-party analytics (docs/decisions/014-first-party-analytics.md). The browser may send only these event types; account_created,
 * booking_created and payment_completed are recorded by the server when they happen.
 */
export const CLIENT_EVENT_TYPES = ['page_visit', 'service_selected', 'guest_checkout', 'payment_initiated', 'offer_click'] as const;
export type ClientEventType = (typeof CLIENT_EVENT_TYPES)[number];
export const SERVER_EVENT_TYPES = ['account_created', 'booking_created', 'payment_completed'] as const;
export const MAX_EVENTS_PER_BATCH = 50;
/** A new session id after this long without activity (the web collector). */
export const SESSION_IDLE_MINUTES = 30;
/** Events older than this are purged (the analytics purge job). */
export const RETENTION_MONTHS = 13;

export const analyticsSessionId = z
  .string({ error: 'sessionId is required' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'sessionId must be 8 to 64 letters, digits, - or _' });

const eventDataValue = z.union([z.string().max(200), z.number(), z.boolean(), z.null()]);

export const analyticsEventInput = z.object({
  eventType: z.enum(CLIENT_EVENT_TYPES, { error: `eventType must be one of ${CLIENT_EVENT_TYPES.join(', ')}` }),
  eventData: z
    .record(z.string().max(40), eventDataValue, { error: 'eventData must be an object of short values' })
    .refine((data) => Object.keys(data).length <= 20, { error: 'eventData has at most 20 keys' })
    .optional()
    .nullable(),
  path: z.string().max(300, { error: 'path must be at most 300 characters' }).optional().nullable(),
  referrer: z.string().max(500, { error: 'referrer must be at most 500 characters' }).optional().nullable(),
  /** When it happened in the browser (ISO); the server keeps its own time when it is far off. */
  at: z.iso.datetime({ offset: true, error: 'at must be an ISO date-time' }).optional().nullable(),
});

export const analyticsBatch = z.object({
  sessionId: analyticsSessionId,
  events: z
    .array(analyticsEventInput, { error: 'events must be a list' })
    .min(1, { error: 'events must not be empty' })
    .max(MAX_EVENTS_PER_BATCH, { error: `At most ${MAX_EVENTS_PER_BATCH} events per batch` }),
});
export type AnalyticsBatch = z.infer<typeof analyticsBatch>;

export const analyticsAccepted = z.object({ accepted: z.number() });

/** ?startDate=&endDate= (ISO date or date-time); default the last 30 days. */
export const analyticsRange = z.object({
  startDate: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'startDate must be an ISO date' }).optional(),
  endDate: z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: 'endDate must be an ISO date' }).optional(),
});
export const analyticsPagedRange = analyticsRange.extend({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).default(1),
});

export const funnelResponse = z.object({
  page_visits: z.number(),
  account_created: z.number(),
  guest_checkout: z.number(),
  service_selected: z.number(),
  payment_initiated: z.number(),
  payment_completed: z.number(),
  conversion_rates: z.object({
    visitor_to_account: z.number(),
    visitor_to_guest: z.number(),
    visitor_to_service: z.number(),
    service_to_payment: z.number(),
    payment_to_completion: z.number(),
    overall_conversion: z.number(),
  }),
});
export type FunnelResponse = z.infer<typeof funnelResponse>;

export const analyticsEventView = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()).nullable(),
  path: z.string().nullable(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  referrer: z.string().nullable(),
  createdAt: z.string(),
});
export const analyticsEventsPage = pageOf(analyticsEventView);

export const analyticsSessionView = z.object({
  id: z.string(),
  sessionId: z.string(),
  userId: z.string().nullable(),
  isGuest: z.boolean(),
  startedAt: z.string(),
  lastActivity: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  referrer: z.string().nullable(),
  landingPage: z.string().nullable(),
  events: z.number(),
});
export const analyticsSessionsPage = pageOf(analyticsSessionView);

/**
 * One Pacific day of the daily chart: visits (sessions with a page visit), bookings made, and revenue received that
 * day net of its refunds: bookings' ledger money and packages sold by card, cash or check (never a complimentary one,
 * and never again for a booking paid with a package credit).
 */
export const analyticsDaily = z.object({
  days: z.array(z.object({ date: z.string(), visits: z.number(), bookings: z.number(), revenue: z.string() })),
});
export type AnalyticsDaily = z.infer<typeof analyticsDaily>;
