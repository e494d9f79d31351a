import type { FastifyRequest } from 'fastify';
import { analyticsSessionId, RETENTION_MONTHS, type AnalyticsBatch, type FunnelResponse } from '../../../shared/schemas/analytics';
import { fromCents, toCents } from '../../../shared/money';
import { addDaysToKey, pacificDateKey } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';
import { packageRevenueByDay } from '../../db/revenue';
import { isBot } from './bots';
import { truncateIp } from './ip';
import * as repo from './analytics.repository';

/** The header the web client adds to API calls so server-recorded events join the visitor's session. */
export const SESSION_HEADER = 'x-analytics-session';
const DAY = 86_400_000;
/** A browser clock further off than this is not believed: the server's time is kept. */
const CLOCK_SKEW_MS = 10 * 60_000;

// ANALYTICS_RATE_LIMIT_PER_IP (60) batches a minute per (truncated) client address.
const perIp = rateLimit({ name: 'analytics-per-ip', limit: (config) => config.analyticsRateLimitPerIp, windowMs: 60_000 });

/** What the server knows about the request an event comes with. */
export interface Visitor {
  ip: string | undefined;
  userAgent: string | undefined;
  /** The browser's Global Privacy Control signal (Sec-GPC: 1). */
  gpc: boolean;
  userId: string | undefined;
}

export function visitorOf(request: FastifyRequest): Visitor {
  return { ip: request.ip, userAgent: request.headers['user-agent'], gpc: request.headers['sec-gpc'] === '1', userId: request.session?.user.id };
}

/** Whether this visitor's events may be kept at all: not a bot, no GPC, not opted out in /settings. */
async function mayRecord(db: DbOrTx, visitor: Visitor): Promise<boolean> {
  if (visitor.gpc || isBot(visitor.userAgent)) return false;
  if (visitor.userId && !(await repo.analyticsSetting(db, visitor.userId))) return false;
  return true;
}

/** POST /api/analytics/events: keeps a batch when the visitor allows it; answers how many were kept. */
export async function collect(ctx: AppContext, batch: AnalyticsBatch, visitor: Visitor): Promise<number> {
  await perIp.hit(ctx, [`ip:${truncateIp(visitor.ip) ?? 'unknown'}`], 'Too many analytics events. Please slow down.');
  if (!(await mayRecord(ctx.db, visitor))) return 0;
  const now = ctx.now();
  const ip = truncateIp(visitor.ip);
  const userAgent = visitor.userAgent?.slice(0, 400) ?? null;
  const rows: repo.EventRow[] = batch.events.map((event) => {
    const at = event.at ? new Date(event.at) : now;
    return {
      sessionId: batch.sessionId,
      userId: visitor.userId ?? null,
      eventType: event.eventType,
      eventData: event.eventData ?? null,
      userAgent,
      ipAddress: ip,
      referrer: event.referrer || null,
      path: event.path || null,
      createdAt: Math.abs(at.getTime() - now.getTime()) > CLOCK_SKEW_MS ? now : at,
    };
  });
  await repo.insertEvents(ctx.db, rows);
  return rows.length;
}

/**
 * An event the server itself records (account_created, booking_created), in the session the web client
 * named in its X-Analytics-Session header, under the same privacy rules. Never fails the caller's request.
 */
export async function recordServerEvent(ctx: AppContext, request: FastifyRequest, eventType: 'account_created' | 'booking_created', data: Record<string, unknown>, userId?: string): Promise<void> {
  try {
    const sessionId = analyticsSessionId.safeParse(request.headers[SESSION_HEADER]);
    if (!sessionId.success) return;
    const visitor = { ...visitorOf(request), userId: userId ?? request.session?.user.id };
    if (!(await mayRecord(ctx.db, visitor))) return;
    await repo.insertEvents(ctx.db, [
      {
        sessionId: sessionId.data,
        userId: visitor.userId ?? null,
        eventType,
        eventData: data,
        userAgent: visitor.userAgent?.slice(0, 400) ?? null,
        ipAddress: truncateIp(visitor.ip),
        referrer: null,
        path: null,
        createdAt: ctx.now(),
      },
    ]);
  } catch (error) {
    console.error('analytics event not recorded', error);
  }
}

/** payment_completed, from the payment sink: in the session the booking was made in, if that one was recorded. */
export async function recordPaymentCompleted(ctx: AppContext, bookingId: string, amountCents: number): Promise<void> {
  try {
    const origin = await repo.sessionOfBooking(ctx.db, bookingId);
    if (!origin) return;
    if (origin.userId && !(await repo.analyticsSetting(ctx.db, origin.userId))) return;
    await repo.insertEvents(ctx.db, [
      { ...origin, eventType: 'payment_completed', eventData: { bookingId, amount: fromCents(amountCents) }, referrer: null, path: null, createdAt: ctx.now() },
    ]);
  } catch (error) {
    console.error('analytics event not recorded', error);
  }
}

export interface Range {
  from: Date;
  to: Date;
}

/** ISO dates or date-times; a bare end date includes that whole day. Default: the last 30 days. */
export function rangeOf(ctx: AppContext, query: { startDate?: string; endDate?: string }): Range {
  const to = query.endDate ? new Date(query.endDate.length === 10 ? new Date(`${query.endDate}T00:00:00Z`).getTime() + DAY : query.endDate) : new Date(ctx.now().getTime() + CLOCK_SKEW_MS);
  // (open-ended: up to now, including events stamped a little ahead by a browser's clock)
  const from = query.startDate ? new Date(query.startDate.length === 10 ? `${query.startDate}T00:00:00Z` : query.startDate) : new Date(to.getTime() - 30 * DAY);
  if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime())) throw new AppError('INVALID_INPUT', 'startDate and endDate must be ISO dates');
  if (from >= to) throw new AppError('INVALID_INPUT', 'startDate must be before endDate');
  if (to.getTime() - from.getTime() > 400 * DAY) throw new AppError('RANGE_TOO_LONG', 'The range can be at most 400 days', { maxDays: 400 });
  return { from, to };
}

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 100 : 0);

const dayKey = (d: Date) => d.toISOString().slice(0, 10);
const startOfDay = (key: string) => new Date(`${key}T00:00:00Z`);
/** A UTC day is closed (rolled up) once a full day of grace has passed after it. */
const firstOpenDay = (now: Date) => dayKey(new Date(now.getTime() - DAY));

/**
 * The ordered funnel for a range: closed whole days come from the nightly rollup (computed on the spot
 * when a day is missing), the open edges from the events themselves. Each session is counted on the day
 * of its first page visit, with the steps it reached up to a day later.
 */
export async function funnel(ctx: AppContext, range: Range): Promise<FunnelResponse> {
  const open = startOfDay(firstOpenDay(ctx.now()));
  const wholeFrom = startOfDay(dayKey(new Date(range.from.getTime() + DAY - 1)));
  const wholeTo = new Date(Math.min(startOfDay(dayKey(range.to)).getTime(), open.getTime()));
  const parts: repo.FunnelCounts[] = [];
  if (wholeFrom < wholeTo) {
    const stored = await repo.rolledUpDays(ctx.db, dayKey(wholeFrom), dayKey(wholeTo));
    const have = new Set(stored.map((d) => d.day));
    for (const d of stored) {
      parts.push({
        page_visits: d.pageVisits,
        account_created: d.accountCreated,
        guest_checkout: d.guestCheckout,
        service_selected: d.serviceSelected,
        payment_initiated: d.paymentInitiated,
        payment_completed: d.paymentCompleted,
      });
    }
    // Closed days the nightly job has not reached yet (only days with visits: the others count zero).
    for (const day of await repo.daysToRollUp(ctx.db, dayKey(wholeTo), dayKey(wholeFrom))) if (!have.has(day)) parts.push(await rollUpDay(ctx, day));
    if (range.from < wholeFrom) parts.push(await repo.funnelCounts(ctx.db, range.from, wholeFrom, new Date(wholeFrom.getTime() + DAY)));
    if (wholeTo < range.to) parts.push(await repo.funnelCounts(ctx.db, wholeTo, range.to, new Date(Math.max(range.to.getTime(), ctx.now().getTime()) + DAY)));
  } else {
    parts.push(await repo.funnelCounts(ctx.db, range.from, range.to, new Date(Math.max(range.to.getTime(), ctx.now().getTime()) + DAY)));
  }
  const c = parts.reduce((sum, p) => {
    for (const key of Object.keys(sum) as (keyof repo.FunnelCounts)[]) sum[key] += Number(p[key]);
    return sum;
  }, { page_visits: 0, account_created: 0, guest_checkout: 0, service_selected: 0, payment_initiated: 0, payment_completed: 0 } satisfies repo.FunnelCounts);
  return {
    page_visits: c.page_visits!,
    account_created: c.account_created!,
    guest_checkout: c.guest_checkout!,
    service_selected: c.service_selected!,
    payment_initiated: c.payment_initiated!,
    payment_completed: c.payment_completed!,
    conversion_rates: {
      visitor_to_account: rate(c.account_created!, c.page_visits!),
      visitor_to_guest: rate(c.guest_checkout!, c.page_visits!),
      visitor_to_service: rate(c.service_selected!, c.page_visits!),
      service_to_payment: rate(c.payment_initiated!, c.service_selected!),
      payment_to_completion: rate(c.payment_completed!, c.payment_initiated!),
      overall_conversion: rate(c.payment_completed!, c.page_visits!),
    },
  };
}

export const EVENTS_PAGE_SIZE = 50;
export const SESSIONS_PAGE_SIZE = 20;

export async function events(ctx: AppContext, range: Range, page: number) {
  const { items, total } = await repo.recentEvents(ctx.db, range.from, range.to, page, EVENTS_PAGE_SIZE);
  return { items: items.map((e) => ({ ...e, createdAt: e.createdAt.toISOString() })), page, pageSize: EVENTS_PAGE_SIZE, total };
}

export async function sessions(ctx: AppContext, range: Range, page: number) {
  const { items, total } = await repo.recentSessions(ctx.db, range.from, range.to, page, SESSIONS_PAGE_SIZE);
  return { items: items.map((s) => ({ ...s, startedAt: s.startedAt.toISOString(), lastActivity: s.lastActivity.toISOString() })), page, pageSize: SESSIONS_PAGE_SIZE, total };
}

export async function daily(ctx: AppContext, range: Range) {
  const [series, packageSales] = await Promise.all([repo.dailySeries(ctx.db, range.from, range.to), packageRevenueByDay(ctx.db, range.from, range.to)]);
  const rows = new Map(series.map((r) => [String(r.date), r]));
  // Revenue is every dollar received that day: bookings' ledger money and packages sold (decision 047).
  const packageCents = new Map(packageSales.map((r) => [r.date, r.cents]));
  // Every Pacific day of the range, quiet ones as zero, so the chart's x axis is time.
  const days = [];
  const last = pacificDateKey(new Date(Math.min(range.to.getTime() - 1, ctx.now().getTime())));
  for (let day = pacificDateKey(range.from); day <= last; day = addDaysToKey(day, 1)) {
    const r = rows.get(day);
    days.push({ date: day, visits: Number(r?.visits ?? 0), bookings: Number(r?.bookings ?? 0), revenue: fromCents(toCents(String(r?.revenue ?? '0')) + (packageCents.get(day) ?? 0)) });
  }
  return { days };
}

/** Computes and stores one closed day's funnel (sessions that first visited that day, steps up to a day later). */
export async function rollUpDay(ctx: AppContext, day: string): Promise<repo.FunnelCounts> {
  const from = startOfDay(day);
  const to = new Date(from.getTime() + DAY);
  const counts = await repo.funnelCounts(ctx.db, from, to, new Date(to.getTime() + DAY));
  await repo.saveRolledUpDay(ctx.db, day, counts, ctx.now());
  return counts;
}

export const ROLLUP_JOB = 'analytics-funnel-rollup';

/** The nightly rollup: every closed day that has visits and no rollup yet. Returns the days rolled up. */
export async function rollUpClosedDays(ctx: AppContext): Promise<string[]> {
  const days = await repo.daysToRollUp(ctx.db, firstOpenDay(ctx.now()));
  for (const day of days) await rollUpDay(ctx, day);
  return days;
}

export const PURGE_JOB = 'analytics-purge';

/** The nightly job: events (and idle sessions) older than 13 months are deleted. */
export async function purgeOldEvents(ctx: AppContext): Promise<number> {
  const cutoff = new Date(ctx.now());
  cutoff.setUTCMonth(cutoff.getUTCMonth() - RETENTION_MONTHS);
  return repo.purgeBefore(ctx.db, cutoff);
}
