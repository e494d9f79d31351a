import type { DispatchBoard, DispatchQuery } from '../../../../shared/schemas/dispatch';
import { addDaysToKey, pacificDateKey } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import { listBookingViews } from '../../bookings';
import { weatherFlags } from '../../messages';
import * as repo from './dispatch.repository';

/** Positions older than this are not "live" any more and stay off the map. */
const POSITION_FRESH_MS = 2 * 3_600_000;

const toNumber = (value: string | null | undefined): number | null => {
  if (value == null || value === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
};

/**
 * The dispatch board: today's and tomorrow's jobs (or `days` from `date`), unassigned first then by time,
 * at most `limit` (the answer says when more exist), with every driver who can take them and their last
 * position. Assigning goes through the bookings routes (the booking core's assignDriver).
 */
export async function dispatchBoard(ctx: AppContext, query: DispatchQuery): Promise<DispatchBoard> {
  const from = query.date ?? pacificDateKey(ctx.now());
  const dates = Array.from({ length: query.days }, (_, i) => addDaysToKey(from, i));
  const page = await listBookingViews(ctx.db, { where: repo.dispatchWhere(from, dates.at(-1)!), orderBy: repo.dispatchOrder(), page: 1, pageSize: query.limit });
  const coordinates = await repo.jobCoordinates(ctx.db, page.items.map((b) => b.id));
  const weather = await weatherFlags(ctx.db, page.items.map((b) => b.id));
  const jobs = page.items.map((b) => {
    const point = coordinates.get(b.id);
    return { ...b, latitude: toNumber(point?.latitude), longitude: toNumber(point?.longitude), weather: weather.get(b.id) ?? null };
  });
  const assignedIds = [...new Set(jobs.map((j) => j.assignedDriverId).filter((id): id is string => !!id))];
  const people = await repo.boardDrivers(ctx.db, assignedIds);
  const positions = await repo.latestPositions(ctx.db, people.map((p) => p.id), new Date(ctx.now().getTime() - POSITION_FRESH_MS));
  const drivers = people.map((p) => {
    const at = positions.get(p.id);
    return { ...p, location: at ? { latitude: at.latitude, longitude: at.longitude, updatedAt: at.updatedAt.toISOString(), bookingId: at.bookingId } : null };
  });
  return { dates, jobs, total: page.total, truncated: page.total > jobs.length, drivers, tileUrl: ctx.config.mapTileUrl };
}
