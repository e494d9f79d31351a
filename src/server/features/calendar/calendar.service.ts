import { asc } from 'drizzle-orm';
import { statusLabel } from '../../../shared/tracking';
import { addDaysToKey, pacificDateKey } from '../../../shared/time';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/schemas/calendar';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { AppContext } from '../../context';
import { bookings } from '../../db/schema';
import { AppError } from '../../errors';
import { hashToken, newToken } from '../auth';
import { listBookingViews } from '../bookings';
import { buildCalendar, type CalendarEvent } from '../bookings';
import * as repo from './calendar.repository';

/** The feed shows jobs from a month back to six months ahead, at most this many (a calendar app polls the whole file). */
export const FEED_DAYS_BACK = 31;
export const FEED_DAYS_AHEAD = 183;
export const FEED_MAX_EVENTS = 1000;

const TYPE_WORDS: Record<string, string> = { mobile: 'Mobile (at the customer)', pickup: 'Pickup & delivery', serviceLocation: 'At our location' };

export function feedUrl(ctx: AppContext, token: string): string {
  return `${ctx.config.publicUrl}/api/calendar/${token}.ics`;
}

export async function feedStatus(ctx: AppContext, userId: string): Promise<CalendarFeedStatus> {
  const row = await repo.findFeed(ctx.db, userId);
  return { active: !!row, createdAt: row?.createdAt.toISOString() ?? null };
}

/** Makes (or replaces) the signed-in staff member's feed; the URL is returned this once, only its hash is kept. */
export async function createFeed(ctx: AppContext, userId: string): Promise<CalendarFeedCreated> {
  const { token, hash } = newToken();
  const now = ctx.now();
  await repo.saveFeed(ctx.db, userId, hash, now);
  return { url: feedUrl(ctx, token), createdAt: now.toISOString() };
}

export async function revokeFeed(ctx: AppContext, userId: string): Promise<{ message: string }> {
  await repo.deleteFeed(ctx.db, userId);
  return { message: 'Calendar feed turned off' };
}

const NOT_FOUND = () => new AppError('CALENDAR_FEED_NOT_FOUND', 'This calendar link is not valid any more');

/**
 * The feed itself: a driver sees the jobs assigned to them; the admin (the dispatcher) sees every job with
 * its driver. One event per booking, UID stable per booking, SEQUENCE = times moved, cancelled jobs kept
 * as STATUS:CANCELLED so subscribed calendars drop them.
 */
export async function renderFeed(ctx: AppContext, token: string): Promise<string> {
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) throw NOT_FOUND();
  const owner = await repo.feedOwner(ctx.db, hashToken(token));
  if (!owner) throw NOT_FOUND();
  const today = pacificDateKey(ctx.now());
  const where = repo.feedWhere({ driverId: owner.role === 'admin' ? null : owner.id, from: addDaysToKey(today, -FEED_DAYS_BACK), to: addDaysToKey(today, FEED_DAYS_AHEAD) });
  const page = await listBookingViews(ctx.db, { where, page: 1, pageSize: FEED_MAX_EVENTS, orderBy: [asc(bookings.scheduledDate), asc(bookings.id)] });
  const moves = await repo.rescheduleCounts(ctx.db, page.items.map((b) => b.id));
  const events = page.items.map((b) => toEvent(ctx, b, moves.get(b.id) ?? 0, owner.role === 'admin'));
  const name = owner.role === 'admin' ? `${ctx.config.business.name} jobs` : `${ctx.config.business.name}: ${owner.fullName}`;
  return buildCalendar(events, ctx.config.business.name, name);
}

function toEvent(ctx: AppContext, b: BookingView, moves: number, withDriver: boolean): CalendarEvent {
  const start = new Date(b.scheduledDate);
  const customer = b.user?.fullName ?? b.guestName ?? 'Customer';
  const phone = b.user?.phone ?? b.guestPhone;
  const cancelled = b.status === 'cancelled';
  const address = b.address ? `${b.address.street}, ${b.address.city}, ${b.address.state} ${b.address.zipCode}` : null;
  const description = [
    `Status: ${statusLabel(b.serviceType, b.status)}`,
    `Type: ${TYPE_WORDS[b.serviceType] ?? b.serviceType}`,
    `Customer: ${customer}${phone ? ` (${phone})` : ''}`,
    `Payment: ${b.paymentStatus.replace('_', ' ')}`,
    ...(withDriver ? [`Driver: ${b.driver?.fullName ?? 'unassigned'}`] : []),
    ...(b.notes ? [`Notes: ${b.notes}`] : []),
  ].join('\n');
  return {
    uid: `${b.id}@glint`,
    start,
    end: new Date(start.getTime() + b.durationMinutes * 60_000),
    summary: `${cancelled ? 'Cancelled: ' : ''}${b.serviceName} · ${customer}${withDriver && b.driver ? ` · ${b.driver.fullName}` : ''}`,
    description,
    location: b.serviceType === 'serviceLocation' ? `${ctx.config.business.name} (our location)` : (address ?? ''),
    url: `${ctx.config.publicUrl}/${withDriver ? 'admin/bookings' : 'driver'}`,
    stamp: new Date(b.updatedAt),
    sequence: moves + (cancelled ? 1 : 0),
    status: cancelled ? 'CANCELLED' : 'CONFIRMED',
  };
}
