import { and, eq, inArray } from 'drizzle-orm';
import { offlineTravelMinutes, pointKey, travelBand, type Point, type TravelBand } from '../../../shared/travel';
import type { TravelFn } from '../../../shared/reachability';
import type { AppContext } from '../../context';
import { travelTimes } from '../../db/schema';
import { BAND_MINUTE, travelProviderFor, type TravelProvider, type TravelRequest } from '../../integrations/travel';
import { cachedBusinessSettings } from '../settings';

const BANDS = Object.keys(BAND_MINUTE) as TravelBand[];
/** Rows per insert: well under PostgreSQL's 65,535 parameters. */
const INSERT_CHUNK = 2000;
/** Drive times this instance keeps in memory per app, on top of the shared travel_times table. */
export const MEMO_LIMIT = 20_000;

const memos = new WeakMap<AppContext, Map<string, number>>();
const memoKey = (provider: string, from: string, to: string, band: TravelBand) => `${provider}|${from}|${to}|${band}`;

function memoOf(ctx: AppContext): Map<string, number> {
  let memo = memos.get(ctx);
  if (!memo) memos.set(ctx, (memo = new Map()));
  return memo;
}

function remember(memo: Map<string, number>, key: string, minutes: number): void {
  if (memo.size >= MEMO_LIMIT) memo.delete(memo.keys().next().value!);
  memo.set(key, minutes);
}

/**
 * A drive-time function for a set of points (decisions 051, 054), ready for the pure placement rule to call
 * synchronously. With a routing provider (OSRM, Google), every ordered pair of the points in every band is
 * read from this instance's memo, then from travel_times in one query; the rest is asked of the provider in
 * one batch and stored (on conflict nothing: another instance may have stored it first). A provider that
 * fails or times out leaves the missing pairs to the offline estimate for this call (logged, not stored).
 * The offline estimate is pure and is not stored. A pair outside the points is estimated offline.
 */
export async function travelFnFor(ctx: AppContext, points: readonly Point[], provider: TravelProvider = travelProviderFor(ctx.config, ctx.now)): Promise<TravelFn> {
  if (provider.name === 'offline') return offlineTravelMinutes;
  const byKey = new Map<string, Point>();
  for (const point of points) if (!byKey.has(pointKey(point))) byKey.set(pointKey(point), point);
  const keys = [...byKey.keys()];
  const memo = memoOf(ctx);
  const known = new Map<string, number>();
  const missing: (TravelRequest & { fromKey: string; toKey: string })[] = [];
  for (const fromKey of keys) for (const toKey of keys) {
    if (fromKey === toKey) continue;
    for (const band of BANDS) {
      const key = memoKey(provider.name, fromKey, toKey, band);
      const minutes = memo.get(key);
      if (minutes === undefined) missing.push({ from: byKey.get(fromKey)!, to: byKey.get(toKey)!, band, fromKey, toKey });
      else known.set(key, minutes);
    }
  }
  if (missing.length) {
    const wantedFrom = [...new Set(missing.map((m) => m.fromKey))];
    const wantedTo = [...new Set(missing.map((m) => m.toKey))];
    const rows = await ctx.db
      .select({ fromKey: travelTimes.fromKey, toKey: travelTimes.toKey, band: travelTimes.band, minutes: travelTimes.minutes })
      .from(travelTimes)
      .where(and(eq(travelTimes.provider, provider.name), inArray(travelTimes.fromKey, wantedFrom), inArray(travelTimes.toKey, wantedTo)));
    for (const row of rows) {
      const key = memoKey(provider.name, row.fromKey, row.toKey, row.band as TravelBand);
      known.set(key, row.minutes);
      remember(memo, key, row.minutes);
    }
    const asked = missing.filter((m) => !known.has(memoKey(provider.name, m.fromKey, m.toKey, m.band)));
    if (asked.length) await askProvider(ctx, provider, asked, known, memo);
  }
  return (from, to, departMinute) => {
    const fromKey = pointKey(from);
    const toKey = pointKey(to);
    if (fromKey === toKey) return 0;
    return known.get(memoKey(provider.name, fromKey, toKey, travelBand(departMinute))) ?? offlineTravelMinutes(from, to, departMinute);
  };
}

async function askProvider(ctx: AppContext, provider: TravelProvider, asked: (TravelRequest & { fromKey: string; toKey: string })[], known: Map<string, number>, memo: Map<string, number>): Promise<void> {
  let answers: number[];
  try {
    answers = await provider.minutes(asked);
    if (answers.length !== asked.length || answers.some((m) => !Number.isFinite(m) || m < 0)) throw new Error('travel provider answered the wrong shape');
  } catch (error) {
    // The offline estimate answers this call; the next call asks the provider again.
    console.warn(`travel provider ${provider.name} failed, offline estimate used`, error);
    return;
  }
  const rows = asked.map((m, i) => ({ fromKey: m.fromKey, toKey: m.toKey, band: m.band, minutes: Math.round(answers[i]!), provider: provider.name }));
  for (const row of rows) {
    const key = memoKey(provider.name, row.fromKey, row.toKey, row.band);
    known.set(key, row.minutes);
    remember(memo, key, row.minutes);
  }
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) await ctx.db.insert(travelTimes).values(rows.slice(i, i + INSERT_CHUNK)).onConflictDoNothing();
}

/** Where a point stands in the service area: its drive from the business and its travel fee, or refused. */
export type ServiceArea =
  | { served: true; driveMinutes: number; feeCents: number; band: { fromMinutes: number; upToMinutes: number } | null }
  | { served: false; driveMinutes: number; maxMinutes: number };

/**
 * The service area by drive time (issue 24): free within `freeMinutes` of the business (a midday drive),
 * then the fee of the first band the drive fits, refused beyond the last band (settings section `travel`).
 */
export async function serviceAreaOf(ctx: AppContext, point: Point, provider?: TravelProvider): Promise<ServiceArea> {
  const base = ctx.config.business.location;
  const travel = await travelFnFor(ctx, [base, point], provider);
  const driveMinutes = travel(base, point, BAND_MINUTE.day);
  const { travel: settings } = await cachedBusinessSettings(ctx);
  return serviceAreaFor(driveMinutes, settings);
}

/** The pure rule of serviceAreaOf for a drive of `driveMinutes`. */
export function serviceAreaFor(driveMinutes: number, settings: { freeMinutes: number; bands: readonly { upToMinutes: number; feeCents: number }[] }): ServiceArea {
  if (driveMinutes <= settings.freeMinutes) return { served: true, driveMinutes, feeCents: 0, band: null };
  const bands = [...settings.bands].filter((b) => b.upToMinutes > settings.freeMinutes).sort((a, b) => a.upToMinutes - b.upToMinutes);
  let fromMinutes = settings.freeMinutes + 1;
  for (const band of bands) {
    if (driveMinutes <= band.upToMinutes) return { served: true, driveMinutes, feeCents: band.feeCents, band: { fromMinutes, upToMinutes: band.upToMinutes } };
    fromMinutes = band.upToMinutes + 1;
  }
  return { served: false, driveMinutes, maxMinutes: bands.at(-1)?.upToMinutes ?? settings.freeMinutes };
}
