import { createHash } from 'node:crypto';
import type { BookingStatus } from '../../../../shared/domain';
import { bookingNumber } from '../../../../shared/format';
import { planDay, promisedWindow, type DayPlan as PlannedDay } from '../../../../shared/plan-day';
import { placementConflict, type TechnicianDay, type TravelFn } from '../../../../shared/reachability';
import { memoTravel } from '../../../../shared/reachable-slots';
import type { DayPlan, DayPlanApply, DayPlanQuery } from '../../../../shared/schemas/dispatch';
import { minutesOfDay, pacificDateKey, pacificTimeOfDay, timeFromMinutes } from '../../../../shared/time';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { sideBySide } from '../../../db/side-by-side';
import { AppError } from '../../../errors';
import { deliverAfterCommit } from '../../../events/booking-events';
import { bookingVerbs, type BookingActor, type PlacementCheck } from '../../bookings';
import { technicianDays } from '../../technicians';
import { travelFnFor } from '../../travel';
import * as repo from './dispatch.repository';
import { pointsOf } from './placement-check';

const ADMIN: BookingActor = { role: 'admin' };
export const PLAN_STALE_MESSAGE = 'The day changed since this plan was made. Plan again.';

/** Jobs Plan day may move: not yet under way. A job on its way or started keeps its time. */
const MOVABLE: ReadonlySet<BookingStatus> = new Set(['pending', 'confirmed', 'pickup_scheduled']);

type PlanJob = Awaited<ReturnType<typeof repo.planJobs>>[number];

/** The day's jobs signed: ids, starts and last changes, so a plan made on another day's state is refused. */
function tokenOf(technicianId: string, dateKey: string, jobs: readonly PlanJob[]): string {
  const signed = jobs.map((j) => [j.id, j.scheduledDate.toISOString(), j.updatedAt.toISOString()]);
  return createHash('sha256').update(JSON.stringify([technicianId, dateKey, signed])).digest('hex');
}

interface Computed {
  day: TechnicianDay;
  jobs: PlanJob[];
  plan: PlannedDay;
  token: string;
  travel: TravelFn;
}

/**
 * One technician's day planned (decision 056): the jobs reordered inside their promised windows for the least
 * drive. Jobs under way keep their time; on today, so does every job whose window reaches back before now
 * (a plan never moves a job into the past).
 */
async function compute(ctx: AppContext, db: DbOrTx, { date, technicianId }: DayPlanQuery): Promise<Computed> {
  const base = ctx.config.business.location;
  const [days, jobs] = await sideBySide(
    db,
    () => technicianDays(db, date, base),
    () => repo.planJobs(db, technicianId, date),
  );
  const day = days.find((d) => d.technicianId === technicianId);
  if (!day) throw new AppError('STAFF_NOT_FOUND', 'No technician with that id works jobs.');
  const now = ctx.now();
  const today = pacificDateKey(now);
  const nowMinute = date === today ? minutesOfDay(pacificTimeOfDay(now)) : date < today ? Infinity : -Infinity;
  const fixed = new Set(
    day.jobs
      .filter((j) => {
        const status = jobs.find((row) => row.id === j.bookingId)?.status;
        return !status || !MOVABLE.has(status) || promisedWindow(j.startMinute).earliest < nowMinute;
      })
      .map((j) => j.bookingId),
  );
  const travel = memoTravel(await travelFnFor(ctx, pointsOf(base, [day])));
  const plan = planDay(day, travel, base, fixed);
  return { day, jobs, plan, token: tokenOf(technicianId, date, jobs), travel };
}

function answer(query: DayPlanQuery, { jobs, plan }: Pick<Computed, 'jobs' | 'plan'>, token: string): DayPlan {
  const byId = new Map(jobs.map((j) => [j.id, j]));
  return {
    technicianId: query.technicianId,
    date: query.date,
    beforeMinutes: plan.beforeMinutes,
    afterMinutes: plan.afterMinutes,
    moves: plan.moves
      .slice()
      .sort((a, b) => a.toMinute - b.toMinute)
      .map((m) => {
        const job = byId.get(m.bookingId);
        return {
          bookingId: m.bookingId,
          number: bookingNumber(m.bookingId),
          service: job?.service ?? 'Job',
          customer: job?.customerName ?? job?.guestName ?? 'Guest',
          from: timeFromMinutes(m.fromMinute),
          to: timeFromMinutes(m.toMinute),
        };
      }),
    planToken: token,
  };
}

/** GET /api/admin/dispatch/plan: the plan and its token; nothing changes. */
export async function dayPlan(ctx: AppContext, query: DayPlanQuery): Promise<DayPlan> {
  const computed = await compute(ctx, ctx.db, query);
  return answer(query, computed, computed.token);
}

/**
 * POST /api/admin/dispatch/plan/apply: under the day's lock the plan is made again; a day that changed since
 * the shown plan (another token) is 409 PLAN_STALE. Else every move goes through the bookings feature's
 * dispatch verb in this one transaction — a reschedule by the business marked as Plan day's, so the history
 * says so and the customer is e-mailed the new time. Applying the same token again finds the day changed
 * (the starts moved): 409 PLAN_STALE, never a second move.
 */
export async function applyDayPlan(ctx: AppContext, body: DayPlanApply): Promise<DayPlan> {
  const verbs = bookingVerbs(ctx);
  const base = ctx.config.business.location;
  const result = await ctx.db.transaction(async (tx) => {
    await verbs.lockDay(tx, body.date);
    const computed = await compute(ctx, tx, body);
    if (computed.token !== body.planToken) throw new AppError('PLAN_STALE', PLAN_STALE_MESSAGE);
    const { day, plan, travel } = computed;
    if (!plan.moves.length) return { computed, token: computed.token };
    // Each move is checked against the day as planned: the jobs not yet moved would otherwise be in the way.
    const starts = new Map(plan.order.map((o) => [o.bookingId, o.startMinute]));
    const planned: TechnicianDay = { ...day, serviceIds: 'all', jobs: day.jobs.map((j) => ({ ...j, startMinute: starts.get(j.bookingId) ?? j.startMinute })) };
    const check: PlacementCheck = async (_tx, booking, target) => {
      const job = planned.jobs.find((j) => j.bookingId === booking.id);
      if (!job || job.startMinute !== minutesOfDay(target.slotId.slice(11))) throw new AppError('PLAN_STALE', PLAN_STALE_MESSAGE);
      if (placementConflict(planned, { ...job, serviceId: booking.serviceId }, travel, base)) throw new AppError('PLAN_STALE', PLAN_STALE_MESSAGE);
      return null;
    };
    for (const move of plan.moves) {
      await verbs.dispatch(tx, move.bookingId, ADMIN, { slotId: `${body.date}T${timeFromMinutes(move.toMinute)}`, driver: { id: day.technicianId, fullName: day.name }, check, by: 'plan' });
    }
    const after = await repo.planJobs(tx, body.technicianId, body.date);
    return { computed, token: tokenOf(body.technicianId, body.date, after) };
  });
  // The customers of the moved jobs hear their new times (the customer-mail subscriber of `rescheduled`).
  await deliverAfterCommit(ctx, result.computed.plan.moves.map((m) => m.bookingId));
  return answer(body, result.computed, result.token);
}
