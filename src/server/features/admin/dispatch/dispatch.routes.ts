import { bookingView } from '../../../../shared/schemas/bookings';
import { uuidParam } from '../../../../shared/schemas/common';
import { dayPlan, dayPlanApply, dayPlanQuery, dispatchBoard, dispatchLanes, dispatchMoveRequest, dispatchQuery, lanesQuery } from '../../../../shared/schemas/dispatch';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as dispatch from './dispatch.service';
import * as lanes from './lanes.service';
import * as plan from './plan-day.service';

/**
 * The dispatcher's board (admin only): the jobs and drivers, one day's lanes by technician, and the board's
 * move (technician and/or time, decision 056); the driver picker uses POST /api/drivers/:driverId/assign/:bookingId.
 */
export const dispatchRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/dispatch', guard: requireAdmin, schema: { tags: ['admin'], querystring: dispatchQuery, response: { 200: dispatchBoard } } }, async (request, _reply, ctx) =>
    dispatch.dispatchBoard(ctx, request.query),
  ),
  // Plan day (decision 056): one technician's day reordered for less drive; applied only with the shown plan's token.
  defineRoute({ method: 'GET', url: '/api/admin/dispatch/plan', guard: requireAdmin, schema: { tags: ['admin'], querystring: dayPlanQuery, response: { 200: dayPlan } } }, async (request, _reply, ctx) =>
    plan.dayPlan(ctx, request.query),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/dispatch/plan/apply', guard: requireAdmin, schema: { tags: ['admin'], body: dayPlanApply, response: { 200: dayPlan } } }, async (request, _reply, ctx) =>
    plan.applyDayPlan(ctx, request.body),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/dispatch/lanes', guard: requireAdmin, schema: { tags: ['admin'], querystring: lanesQuery, response: { 200: dispatchLanes } } }, async (request, _reply, ctx) =>
    lanes.dispatchLanes(ctx, request.query),
  ),
  defineRoute(
    { method: 'PATCH', url: '/api/admin/dispatch/bookings/:id', guard: requireAdmin, schema: { tags: ['admin'], params: uuidParam, body: dispatchMoveRequest, response: { 200: bookingView } } },
    async (request, _reply, ctx) => lanes.moveJob(ctx, request.params.id, request.body),
  ),
] as const;
