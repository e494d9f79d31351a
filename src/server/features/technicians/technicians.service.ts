import { and, asc, count, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Page, PageQuery } from '../../../shared/schemas/common';
import type { MyHoursResponse, TechnicianException, TechnicianExceptionRequest, TechnicianPlace, TechnicianUpdate, TechnicianView } from '../../../shared/schemas/technicians';
import { pacificDateKey } from '../../../shared/time';
import { greatCircleKm } from '../../../shared/travel';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { services, technicianExceptions, technicianHours, technicianProfiles, technicianServices, users } from '../../db/schema';
import { AppError } from '../../errors';

/** A technician's day may start or end this far from the business at most (the county and a little more). */
export const MAX_PLACE_KM = 120;

const isStaff = or(eq(users.role, 'driver'), eq(users.role, 'admin'));

/** Drivers and admins, each with their technician settings (decision 051); drivers first, then by name. */
export async function listTechnicians(ctx: AppContext, query: PageQuery): Promise<Page<TechnicianView>> {
  const where = and(isStaff, isNull(users.deletedAt));
  const [{ total }] = (await ctx.db.select({ total: count() }).from(users).where(where)) as [{ total: number }];
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(where)
    .orderBy(sql`case when ${users.role} = 'driver' then 0 else 1 end`, asc(users.fullName), asc(users.id))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items: await viewsOf(ctx.db, rows.map((r) => r.id)), page: query.page, pageSize: query.pageSize, total };
}

export async function getTechnician(ctx: AppContext, userId: string): Promise<TechnicianView> {
  const [view] = await viewsOf(ctx.db, [userId]);
  if (!view) throw new AppError('STAFF_NOT_FOUND', 'Staff member not found');
  return view;
}

/** Replaces the technician's settings whole: profile, weekly hours and services, in one transaction. */
export async function updateTechnician(ctx: AppContext, userId: string, update: TechnicianUpdate): Promise<TechnicianView> {
  await getTechnician(ctx, userId);
  for (const place of [update.start, update.end]) assertNear(ctx, place);
  const serviceIds = update.limitedServices ? [...new Set(update.serviceIds)] : [];
  if (serviceIds.length) {
    const known = await ctx.db.select({ id: services.id }).from(services).where(inArray(services.id, serviceIds));
    if (known.length !== serviceIds.length) throw new AppError('TECHNICIAN_SERVICE_UNKNOWN', 'One of the chosen services does not exist');
  }
  const profile = {
    worksJobs: update.worksJobs,
    startLabel: update.start?.label ?? null,
    startLatitude: update.start?.latitude ?? null,
    startLongitude: update.start?.longitude ?? null,
    endLabel: update.end?.label ?? null,
    endLatitude: update.end?.latitude ?? null,
    endLongitude: update.end?.longitude ?? null,
    limitedServices: update.limitedServices,
    updatedAt: new Date(),
  };
  await ctx.db.transaction(async (tx) => {
    await tx.insert(technicianProfiles).values({ userId, ...profile }).onConflictDoUpdate({ target: technicianProfiles.userId, set: profile });
    await tx.delete(technicianHours).where(eq(technicianHours.userId, userId));
    if (update.hours.length) await tx.insert(technicianHours).values(update.hours.map((h) => ({ userId, ...h })));
    await tx.delete(technicianServices).where(eq(technicianServices.userId, userId));
    if (serviceIds.length) await tx.insert(technicianServices).values(serviceIds.map((serviceId) => ({ userId, serviceId })));
  });
  return getTechnician(ctx, userId);
}

function assertNear(ctx: AppContext, place: TechnicianPlace | null): void {
  if (place && greatCircleKm(place, ctx.config.business.location) > MAX_PLACE_KM) {
    throw new AppError('TECHNICIAN_PLACE_TOO_FAR', "That place is too far from the business for a technician's day to start or end there");
  }
}

/** The technician's dates that differ from the week, from today on, soonest first. */
export async function listExceptions(ctx: AppContext, userId: string, query: PageQuery): Promise<Page<TechnicianException>> {
  await getTechnician(ctx, userId);
  return exceptionsFrom(ctx.db, userId, pacificDateKey(ctx.now()), query);
}

async function exceptionsFrom(db: DbOrTx, userId: string, fromKey: string, query: PageQuery): Promise<Page<TechnicianException>> {
  const where = and(eq(technicianExceptions.userId, userId), gte(technicianExceptions.date, fromKey));
  const [{ total }] = (await db.select({ total: count() }).from(technicianExceptions).where(where)) as [{ total: number }];
  const items = await db
    .select({ date: technicianExceptions.date, startTime: technicianExceptions.startTime, endTime: technicianExceptions.endTime, note: technicianExceptions.note })
    .from(technicianExceptions)
    .where(where)
    .orderBy(asc(technicianExceptions.date))
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

/** A day off or other hours for a date (today or later); a second one for the same date replaces the first. */
export async function setException(ctx: AppContext, userId: string, request: TechnicianExceptionRequest): Promise<TechnicianException> {
  await getTechnician(ctx, userId);
  if (request.date < pacificDateKey(ctx.now())) throw new AppError('TECHNICIAN_EXCEPTION_IN_PAST', 'Choose today or a later date');
  const row = { startTime: request.startTime, endTime: request.endTime, note: request.note ?? null };
  await ctx.db
    .insert(technicianExceptions)
    .values({ userId, date: request.date, ...row })
    .onConflictDoUpdate({ target: [technicianExceptions.userId, technicianExceptions.date], set: row });
  return { date: request.date, ...row };
}

export async function removeException(ctx: AppContext, userId: string, date: string): Promise<void> {
  const removed = await ctx.db
    .delete(technicianExceptions)
    .where(and(eq(technicianExceptions.userId, userId), eq(technicianExceptions.date, date)))
    .returning({ date: technicianExceptions.date });
  if (!removed.length) throw new AppError('TECHNICIAN_EXCEPTION_NOT_FOUND', 'There is no change of hours on that date');
}

/** What a technician sees of their own time: the week (null: the business hours), the next exceptions, the start. */
export async function myHours(ctx: AppContext, userId: string): Promise<MyHoursResponse> {
  const view = await getTechnician(ctx, userId);
  const exceptions = await exceptionsFrom(ctx.db, userId, pacificDateKey(ctx.now()), { page: 1, pageSize: 10 });
  return { hours: view.hours.length ? view.hours : null, exceptions: exceptions.items, start: view.start };
}

async function viewsOf(db: DbOrTx, userIds: string[]): Promise<TechnicianView[]> {
  if (!userIds.length) return [];
  const [people, profiles, hours, chosen] = await Promise.all([
    db
      .select({ id: users.id, fullName: users.fullName, email: users.email, role: users.role, isDisabled: users.isDisabled })
      .from(users)
      .where(and(inArray(users.id, userIds), isStaff, isNull(users.deletedAt))),
    db.select().from(technicianProfiles).where(inArray(technicianProfiles.userId, userIds)),
    db.select().from(technicianHours).where(inArray(technicianHours.userId, userIds)).orderBy(asc(technicianHours.dayOfWeek)),
    db.select().from(technicianServices).where(inArray(technicianServices.userId, userIds)),
  ]);
  const byUser = new Map(people.map((p) => [p.id, p]));
  return userIds.flatMap((id) => {
    const person = byUser.get(id);
    if (!person) return [];
    const profile = profiles.find((p) => p.userId === id);
    return [
      {
        userId: id,
        fullName: person.fullName,
        email: person.email,
        role: person.role,
        isDisabled: person.isDisabled,
        // Without a profile a driver works jobs and an admin does not (the migration's meaning, decision 051).
        worksJobs: profile?.worksJobs ?? person.role === 'driver',
        start: placeOf(profile?.startLabel, profile?.startLatitude, profile?.startLongitude),
        end: placeOf(profile?.endLabel, profile?.endLatitude, profile?.endLongitude),
        limitedServices: profile?.limitedServices ?? false,
        serviceIds: chosen.filter((s) => s.userId === id).map((s) => s.serviceId),
        hours: hours.filter((h) => h.userId === id).map(({ dayOfWeek, startTime, endTime }) => ({ dayOfWeek, startTime, endTime })),
      },
    ];
  });
}

function placeOf(label: string | null | undefined, latitude: number | null | undefined, longitude: number | null | undefined): TechnicianPlace | null {
  return label && latitude != null && longitude != null ? { label, latitude, longitude } : null;
}
