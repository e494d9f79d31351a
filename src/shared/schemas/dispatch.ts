import { z } from 'zod';
import { PAYMENT_STATUSES } from '../booking-lifecycle';
import { BOOKING_STATUSES, DRIVER_AVAILABILITY, ROLES, SERVICE_TYPES } from '../domain';
import { bookingView } from './bookings';
import { dateKey, pageOf, timeOfDay } from './common';

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
/** The unassigned jobs of a lanes day, one page at a time (the day's list can grow). */
export const LANES_UNASSIGNED_PAGE_SIZE = 50;
/** At most this many assigned jobs are read for one day's lanes (every technician's together). */
export const LANES_MAX_ASSIGNED = DISPATCH_MAX_JOBS;

/** GET /api/admin/dispatch/lanes: one business day; `page` pages the unassigned jobs. */
export const lanesQuery = z.object({
  date: dateKey,
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be at least 1' })
    .max(200, { error: 'pageSize must be at most 200' })
    .default(LANES_UNASSIGNED_PAGE_SIZE),
});
export type LanesQuery = z.infer<typeof lanesQuery>;

/** A job on a lane: what its block shows, and the drive before it (from the start location or the job before). */
export const laneJob = z.object({
  id: z.string(),
  /** Pacific wall time HH:mm. */
  time: z.string(),
  scheduledDate: z.string(),
  durationMinutes: z.number(),
  serviceName: z.string(),
  customerName: z.string(),
  status: z.enum(BOOKING_STATUSES),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  serviceType: z.enum(SERVICE_TYPES),
  /** "Street, City", null on site or without an address. */
  address: z.string().nullable(),
  assignedDriverId: z.string().nullable(),
  /** Minutes driving to this job; null on the unassigned list. */
  driveMinutesBefore: z.number().nullable(),
  /** A rain offer open or kept for this job's time (issue 26), as on the board's other views. */
  weather: z.object({ precipitationPercent: z.number().int(), state: z.enum(['offered', 'kept']) }).nullable(),
});
export type LaneJob = z.infer<typeof laneJob>;

export const lane = z.object({
  technicianId: z.string(),
  name: z.string(),
  /** False for someone who does not work jobs (an admin who took one): no hours, nothing checked. */
  worksJobs: z.boolean(),
  /** Working windows of the day, HH:mm (empty: not working that day). */
  hours: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Where they start and end the day (the business's address unless set). */
  start: z.object({ latitude: z.number(), longitude: z.number() }),
  end: z.object({ latitude: z.number(), longitude: z.number() }),
  jobs: z.array(laneJob),
  /** Minutes driving back to the end location after the last job (0 with no jobs). */
  driveMinutesHome: z.number(),
  /** The day's total drive: from the start, between jobs, and home (shared/plan-day.ts dayDriveMinutes). */
  totalDriveMinutes: z.number(),
});
export type Lane = z.infer<typeof lane>;

export const dispatchLanes = z.object({
  date: z.string(),
  lanes: z.array(lane),
  /** True when the day has more assigned jobs than one answer holds (LANES_MAX_ASSIGNED): the lanes show the first. */
  truncated: z.boolean(),
  /** The day's jobs without a technician, by time, one page. */
  unassigned: pageOf(laneJob),
});
export type DispatchLanes = z.infer<typeof dispatchLanes>;

/** PATCH /api/admin/dispatch/bookings/:id: a job to a lane (null: unassigned) and/or another start that day. */
export const dispatchMoveRequest = z.object({
  technicianId: z.uuid({ error: 'technicianId must be an id or null' }).nullable(),
  startTime: timeOfDay.optional(),
  /** The owner confirmed the move over a conflict (recorded in the booking's history). */
  override: z.boolean().optional(),
});
export type DispatchMoveRequest = z.infer<typeof dispatchMoveRequest>;
