import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { TIME_ZONE } from '../../../shared/constants';
import type { TechnicianDay } from '../../../shared/reachability';
import type { Point } from '../../../shared/travel';
import { minutesOfDay } from '../../../shared/time';
import type { DbOrTx } from '../../db/client';
import { sideBySide } from '../../db/side-by-side';
import { bookings, technicianExceptions, technicianHours, technicianProfiles, technicianServices, users } from '../../db/schema';
import { loadSlotDay, type SlotDay } from '../bookings';

type TechnicianRow = {
  id: string;
  name: string;
  limited: boolean;
  start: [number | null, number | null];
  end: [number | null, number | null];
  hours: [string, string] | null;
  has_hours: boolean;
  exception: [string | null, string | null] | null;
  services: string[];
  jobs: [string, number, number, string, string | null, string | null][];
};

/**
 * Every technician's day (decision 051) in one round trip: who works jobs (drivers unless switched off,
 * admins who switched on), their hours for the weekday or the date's exception, where they start and end,
 * the services they do, and the jobs assigned to them that day. The business's open windows are the outer
 * bounds: a technician's hours are cut to them, and a closed day has no windows for anyone.
 * `base` is the business's address: the default start and end, and where on-site jobs happen.
 */
export async function technicianDays(db: DbOrTx, dateKey: string, base: Point): Promise<TechnicianDay[]> {
  const [business, result] = await sideBySide(
    db,
    () => loadSlotDay(db, dateKey),
    () => db.execute(sql`select ${technicianDaysColumn(dateKey)} as technicians`),
  );
  const [row] = (result as unknown as { rows?: { technicians: unknown }[] }).rows ?? (result as unknown as { technicians: unknown }[]);
  return technicianDaysOf(row!.technicians, business, base);
}

/**
 * The technicians' rows of a day as one json column, for a caller that reads them in a select of its own
 * (the booking claim reads them with the business's day, in one round trip under the day's lock).
 */
export function technicianDaysColumn(dateKey: string | Placeholder): SQL {
  return sql`(select coalesce(json_agg(t order by t.name, t.id), '[]'::json) from (
      select u.id, u.full_name as name, coalesce(p.limited_services, false) as limited,
        json_build_array(p.start_latitude, p.start_longitude) as start,
        json_build_array(coalesce(p.end_latitude, p.start_latitude), coalesce(p.end_longitude, p.start_longitude)) as "end",
        (select json_build_array(h.start_time, h.end_time) from ${technicianHours} h where h.user_id = u.id and h.day_of_week = extract(dow from ${dateKey}::date)) as hours,
        exists (select 1 from ${technicianHours} h where h.user_id = u.id) as has_hours,
        (select json_build_array(e.start_time, e.end_time) from ${technicianExceptions} e where e.user_id = u.id and e.date = ${dateKey}::date) as exception,
        coalesce((select json_agg(s.service_id) from ${technicianServices} s where s.user_id = u.id), '[]'::json) as services,
        coalesce((select json_agg(json_build_array(
            b.id,
            (extract(hour from b.scheduled_date at time zone ${TIME_ZONE}) * 60 + extract(minute from b.scheduled_date at time zone ${TIME_ZONE}))::int,
            b.duration_minutes, b.service_type, b.latitude, b.longitude) order by b.scheduled_date)
          from ${bookings} b
          where b.assigned_driver_id = u.id and b.business_date = ${dateKey}::date and b.status <> 'cancelled' and not b.is_blocked), '[]'::json) as jobs
      from ${users} u
      left join ${technicianProfiles} p on p.user_id = u.id
      where u.deleted_at is null and not u.is_disabled
        and ((u.role = 'driver' and coalesce(p.works_jobs, true)) or (u.role = 'admin' and coalesce(p.works_jobs, false)))
      order by u.full_name, u.id) t)`;
}

/** The technicians' days from technicianDaysColumn's value and the business's day of the same date. */
export function technicianDaysOf(column: unknown, business: SlotDay, base: Point): TechnicianDay[] {
  const rows = column as TechnicianRow[];
  const open = business.closed ? [] : business.windows.map((w) => ({ startMinute: minutesOfDay(w.start), endMinute: minutesOfDay(w.end) }));
  return rows.map((row) => {
    const own = row.exception ? (row.exception[0] && row.exception[1] ? [row.exception[0], row.exception[1]] : null) : row.has_hours ? row.hours : ['00:00', '24:00'];
    const windows = own
      ? open
          .map((w) => ({ startMinute: Math.max(w.startMinute, minutesOfDay(own[0]!)), endMinute: Math.min(w.endMinute, minutesOfDay(own[1]!)) }))
          .filter((w) => w.endMinute > w.startMinute)
      : [];
    return {
      technicianId: row.id,
      name: row.name,
      serviceIds: row.limited ? row.services : 'all',
      windows,
      start: pointOr(row.start, base),
      end: pointOr(row.end, base),
      jobs: row.jobs.map(([bookingId, startMinute, durationMinutes, serviceType, lat, lng]) => ({
        bookingId,
        startMinute,
        durationMinutes,
        point: serviceType === 'serviceLocation' ? null : pointOf(lat, lng),
      })),
    };
  });
}

function pointOr([latitude, longitude]: [number | null, number | null], fallback: Point): Point {
  return latitude === null || longitude === null ? fallback : { latitude, longitude };
}

/** A booking's stored coordinates (text columns), or null when it has none that parse. */
export function pointOf(latitude: string | null, longitude: string | null): Point | null {
  const lat = latitude === null ? NaN : Number(latitude);
  const lng = longitude === null ? NaN : Number(longitude);
  return Number.isFinite(lat) && Number.isFinite(lng) && (lat !== 0 || lng !== 0) ? { latitude: lat, longitude: lng } : null;
}
