import { and, count, desc, eq, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { revenueCentsOfRow } from '../../db/revenue';
import { analyticsEvents, analyticsFunnelDays, analyticsSessions, users } from '../../db/schema';

export interface EventRow {
  sessionId: string;
  userId: string | null;
  eventType: string;
  eventData: Record<string, unknown> | null;
  userAgent: string | null;
  ipAddress: string | null;
  referrer: string | null;
  path: string | null;
  createdAt: Date;
}

export async function analyticsSetting(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  return row?.settings?.analytics !== false;
}

/** Inserts the events and opens or touches their session (one row per session id). */
export async function insertEvents(db: DbOrTx, rows: EventRow[]): Promise<void> {
  if (!rows.length) return;
  await db.insert(analyticsEvents).values(rows);
  const first = rows.reduce((a, b) => (b.createdAt < a.createdAt ? b : a));
  const last = rows.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
  const landing = rows.filter((r) => r.eventType === 'page_visit').sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())[0];
  await db
    .insert(analyticsSessions)
    .values({
      sessionId: first.sessionId,
      userId: first.userId,
      isGuest: !first.userId,
      startedAt: first.createdAt,
      lastActivity: last.createdAt,
      userAgent: first.userAgent,
      ipAddress: first.ipAddress,
      referrer: landing?.referrer ?? null,
      landingPage: landing?.path ?? null,
    })
    .onConflictDoUpdate({
      target: analyticsSessions.sessionId,
      set: {
        lastActivity: sql`greatest(${analyticsSessions.lastActivity}, excluded.last_activity)`,
        userId: sql`coalesce(excluded.user_id, ${analyticsSessions.userId})`,
        isGuest: sql`${analyticsSessions.isGuest} and excluded.is_guest`,
        // Beacons can arrive out of order: the earliest page visit is the landing page.
        landingPage: sql`case when excluded.landing_page is not null and (${analyticsSessions.landingPage} is null or excluded.started_at < ${analyticsSessions.startedAt}) then excluded.landing_page else ${analyticsSessions.landingPage} end`,
        referrer: sql`case when excluded.landing_page is not null and (${analyticsSessions.landingPage} is null or excluded.started_at < ${analyticsSessions.startedAt}) then excluded.referrer else ${analyticsSessions.referrer} end`,
        startedAt: sql`least(${analyticsSessions.startedAt}, excluded.started_at)`,
      },
    });
}

/** The session a booking was made in (its server-recorded booking_created event), when one was recorded. */
export async function sessionOfBooking(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({ sessionId: analyticsEvents.sessionId, userId: analyticsEvents.userId, userAgent: analyticsEvents.userAgent, ipAddress: analyticsEvents.ipAddress })
    .from(analyticsEvents)
    .where(and(eq(analyticsEvents.eventType, 'booking_created'), sql`${analyticsEvents.eventData}->>'bookingId' = ${bookingId}`))
    .limit(1);
  return row;
}

/**
 * The ordered funnel, per session, in one statement. Each step counts a session only when its first
 * event of that step comes at or after the session's first event of the step before:
 *   page_visit → service_selected → payment_initiated → payment_completed
 * account_created and guest_checkout are the two ways a visitor identifies, each counted after the
 * session's first page_visit. Every CTE reads (event_type, created_at, session_id) from one index.
 */
export async function funnelCounts(db: DbOrTx, from: Date, to: Date, stepsUntil: Date = to): Promise<FunnelCounts> {
  // Sessions enter by a page visit in [from, to); their later steps may come until `stepsUntil` (the rollup's grace).
  const step = (type: string) =>
    sql`select session_id, created_at from analytics_events where event_type = ${type} and created_at >= ${from.toISOString()}::timestamptz and created_at < ${(type === 'page_visit' ? to : stepsUntil).toISOString()}::timestamptz`;
  const result = await db.execute(sql`
    with pv as (select session_id, min(created_at) as t from (${step('page_visit')}) e group by session_id),
    ss as (select e.session_id, min(e.created_at) as t from (${step('service_selected')}) e join pv on pv.session_id = e.session_id and e.created_at >= pv.t group by e.session_id),
    pi as (select e.session_id, min(e.created_at) as t from (${step('payment_initiated')}) e join ss on ss.session_id = e.session_id and e.created_at >= ss.t group by e.session_id),
    pc as (select e.session_id from (${step('payment_completed')}) e join pi on pi.session_id = e.session_id and e.created_at >= pi.t group by e.session_id),
    ac as (select e.session_id from (${step('account_created')}) e join pv on pv.session_id = e.session_id and e.created_at >= pv.t group by e.session_id),
    gc as (select e.session_id from (${step('guest_checkout')}) e join pv on pv.session_id = e.session_id and e.created_at >= pv.t group by e.session_id)
    select (select count(*) from pv)::int as page_visits, (select count(*) from ac)::int as account_created, (select count(*) from gc)::int as guest_checkout,
      (select count(*) from ss)::int as service_selected, (select count(*) from pi)::int as payment_initiated, (select count(*) from pc)::int as payment_completed`);
  const rows = (result as unknown as { rows: FunnelCounts[] }).rows ?? (result as unknown as FunnelCounts[]);
  return rows[0]!;
}

export interface FunnelCounts {
  page_visits: number;
  account_created: number;
  guest_checkout: number;
  service_selected: number;
  payment_initiated: number;
  payment_completed: number;
}

/** Rolled-up days in [fromDay, toDay) (YYYY-MM-DD, UTC). */
export async function rolledUpDays(db: DbOrTx, fromDay: string, toDay: string) {
  return db.select().from(analyticsFunnelDays).where(and(gte(analyticsFunnelDays.day, fromDay), lt(analyticsFunnelDays.day, toDay)));
}

export async function saveRolledUpDay(db: DbOrTx, day: string, c: FunnelCounts, now: Date): Promise<void> {
  const values = {
    pageVisits: c.page_visits,
    accountCreated: c.account_created,
    guestCheckout: c.guest_checkout,
    serviceSelected: c.service_selected,
    paymentInitiated: c.payment_initiated,
    paymentCompleted: c.payment_completed,
    computedAt: now,
  };
  await db.insert(analyticsFunnelDays).values({ day, ...values }).onConflictDoUpdate({ target: analyticsFunnelDays.day, set: values });
}

/** UTC days that have events but no rollup yet, before `beforeDay`. */
export async function daysToRollUp(db: DbOrTx, beforeDay: string, fromDay = '1970-01-01'): Promise<string[]> {
  const result = await db.execute(sql`
    select distinct (created_at at time zone 'UTC')::date::text as day from analytics_events
    where event_type = 'page_visit' and created_at < ${beforeDay}::date at time zone 'UTC' and created_at >= ${fromDay}::date at time zone 'UTC'
      and (created_at at time zone 'UTC')::date not in (select day from analytics_funnel_days)
    order by 1`);
  return (((result as unknown as { rows: { day: string }[] }).rows ?? result) as { day: string }[]).map((r) => r.day);
}

export async function recentEvents(db: DbOrTx, from: Date, to: Date, page: number, pageSize: number) {
  const where = and(gte(analyticsEvents.createdAt, from), lt(analyticsEvents.createdAt, to));
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(analyticsEvents)
      .where(where)
      .orderBy(desc(analyticsEvents.createdAt), desc(analyticsEvents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(analyticsEvents).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

export async function recentSessions(db: DbOrTx, from: Date, to: Date, page: number, pageSize: number) {
  const where = and(gte(analyticsSessions.lastActivity, from), lt(analyticsSessions.startedAt, to));
  const [items, [total]] = await Promise.all([
    db
      .select({
        id: analyticsSessions.id,
        sessionId: analyticsSessions.sessionId,
        userId: analyticsSessions.userId,
        isGuest: analyticsSessions.isGuest,
        startedAt: analyticsSessions.startedAt,
        lastActivity: analyticsSessions.lastActivity,
        userAgent: analyticsSessions.userAgent,
        ipAddress: analyticsSessions.ipAddress,
        referrer: analyticsSessions.referrer,
        landingPage: analyticsSessions.landingPage,
        events: sql<number>`(select count(*)::int from analytics_events e where e.session_id = "analytics_sessions"."session_id")`,
      })
      .from(analyticsSessions)
      .where(where)
      .orderBy(desc(analyticsSessions.lastActivity), desc(analyticsSessions.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(analyticsSessions).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}

/**
 * Per Pacific day: sessions with a page visit, bookings made (not blocked time), and revenue — the ledger's
 * money received that day net of that day's refunds (decision 049; db/revenue.ts), whenever it was booked.
 * Package sales come from db/revenue.ts (packageRevenueByDay); the service adds them.
 */
export async function dailySeries(db: DbOrTx, from: Date, to: Date) {
  const result = await db.execute(sql`
    with v as (select (created_at at time zone 'America/Los_Angeles')::date::text as d, count(distinct session_id)::int as visits
               from analytics_events where event_type = 'page_visit' and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1),
    b as (select (created_at at time zone 'America/Los_Angeles')::date::text as d, count(*)::int as bookings
          from bookings where is_blocked = false and created_at >= ${from.toISOString()}::timestamptz and created_at < ${to.toISOString()}::timestamptz group by 1),
    m as (select (p.created_at at time zone 'America/Los_Angeles')::date::text as d, (sum(${revenueCentsOfRow('p')}) / 100.0)::numeric(12,2)::text as revenue
          from booking_payments p where p.created_at >= ${from.toISOString()}::timestamptz and p.created_at < ${to.toISOString()}::timestamptz group by 1),
    vb as (select coalesce(v.d, b.d) as d, coalesce(v.visits, 0) as visits, coalesce(b.bookings, 0) as bookings from v full outer join b on v.d = b.d)
    select coalesce(vb.d, m.d) as date, coalesce(vb.visits, 0) as visits, coalesce(vb.bookings, 0) as bookings, coalesce(m.revenue, '0.00') as revenue
    from vb full outer join m on vb.d = m.d order by 1`);
  return ((result as unknown as { rows: unknown[] }).rows ?? result) as { date: string; visits: number; bookings: number; revenue: string }[];
}

export async function purgeBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  const deleted = await db.delete(analyticsEvents).where(lt(analyticsEvents.createdAt, cutoff)).returning({ id: analyticsEvents.id });
  await db.delete(analyticsSessions).where(lt(analyticsSessions.lastActivity, cutoff));
  await db.delete(analyticsFunnelDays).where(lt(analyticsFunnelDays.day, cutoff.toISOString().slice(0, 10)));
  return deleted.length;
}

/**
 * Erasure of a person: their sessions and every event tied to them (by account, by one of their sessions,
 * or naming one of their bookings) are deleted. The nightly funnel roll-ups are counts only and stay.
 */
export async function forgetUser(db: DbOrTx, userId: string | null, bookingIds: readonly string[]): Promise<void> {
  const sessions = userId ? await db.delete(analyticsSessions).where(eq(analyticsSessions.userId, userId)).returning({ sessionId: analyticsSessions.sessionId }) : [];
  const sessionIds = sessions.map((s) => s.sessionId);
  const theirs = or(
    userId ? eq(analyticsEvents.userId, userId) : undefined,
    sessionIds.length ? inArray(analyticsEvents.sessionId, sessionIds) : undefined,
    bookingIds.length ? inArray(sql`${analyticsEvents.eventData}->>'bookingId'`, [...bookingIds]) : undefined,
  );
  // Nothing ties anyone to an event: nothing to delete (an empty condition would match every row).
  if (theirs) await db.delete(analyticsEvents).where(theirs);
}
