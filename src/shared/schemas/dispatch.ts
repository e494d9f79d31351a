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
