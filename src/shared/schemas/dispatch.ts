import { z } from 'zod';
import { DRIVER_AVAILABILITY, ROLES } from '../domain';
import { bookingView } from './bookings';
import { dateKey } from './common';

export const DISPATCH_MAX_JOBS = 300;

/** GET /api/admin/dispatch: `days` business days from `date` (default: today and tomorrow), at most `limit` jobs. */
export const dispatchQuery = z.object({
  date: dateKey.optional(),
  days: z.coerce.number({ error: 'days must be 1 or 2' }).int().min(1, { error: 'days must be 1 or 2' }).max(2, { error: 'days must be 1 or 2' }).default(2),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int()
    .min(1, { error: 'limit must be at least 1' })
    .max(DISPATCH_MAX_JOBS, { error: `limit must be at most ${DISPATCH_MAX_JOBS}` })
    .default(200),
});
export type DispatchQuery = z.infer<typeof dispatchQuery>;

export const dispatchDriver = z.object({
  id: z.string(),
  fullName: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  status: z.enum(DRIVER_AVAILABILITY).nullable(),
  /** The latest reported position (last two hours), null when none. */
  location: z.object({ latitude: z.number(), longitude: z.number(), updatedAt: z.string(), bookingId: z.string().nullable() }).nullable(),
});
export type DispatchDriver = z.infer<typeof dispatchDriver>;

export const dispatchJob = bookingView.extend({
  /** Where the job happens, for the map (null: at our location or not geocoded). */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** A rain offer open or kept for the job's time (issue 26): rain likely at this chance; null when none. */
  weather: z.object({ precipitationPercent: z.number().int(), state: z.enum(['offered', 'kept']) }).nullable(),
});
export type DispatchJob = z.infer<typeof dispatchJob>;

export const dispatchBoard = z.object({
  dates: z.array(z.string()),
  /** Unassigned first, then by time. */
  jobs: z.array(dispatchJob),
  total: z.number(),
  truncated: z.boolean(),
  drivers: z.array(dispatchDriver),
  /** The map's tiles (MAP_TILE_URL; OpenStreetMap's servers by default). */
  tileUrl: z.string(),
});
export type DispatchBoard = z.infer<typeof dispatchBoard>;

/** GET /api/admin/dispatch/plan: one technician's day to plan (decision 056). */
export const dayPlanQuery = z.object({
  date: dateKey,
  technicianId: z.uuid({ error: 'technicianId must be a valid id' }),
});
export type DayPlanQuery = z.infer<typeof dayPlanQuery>;

/** POST /api/admin/dispatch/plan/apply: the plan as shown (its token), applied only while the day is unchanged. */
export const dayPlanApply = dayPlanQuery.extend({
  planToken: z.string({ error: 'planToken is required' }).regex(/^[0-9a-f]{64}$/, { error: 'planToken is not a plan token' }),
});
export type DayPlanApply = z.infer<typeof dayPlanApply>;

export const dayPlanMove = z.object({
  bookingId: z.string(),
  number: z.string(),
  service: z.string(),
  customer: z.string(),
  /** 'HH:MM', Pacific. */
  from: z.string(),
  to: z.string(),
});
export type DayPlanMove = z.infer<typeof dayPlanMove>;

export const dayPlan = z.object({
  technicianId: z.string(),
  date: z.string(),
  /** The day's drive as it is, and as planned (equal when nothing is better). */
  beforeMinutes: z.number(),
  afterMinutes: z.number(),
  /** Only the jobs whose start changes. */
  moves: z.array(dayPlanMove),
  /** A hash of the day's jobs (ids, starts, last changes): apply answers 409 PLAN_STALE when it no longer matches. */
  planToken: z.string(),
});
export type DayPlan = z.infer<typeof dayPlan>;
