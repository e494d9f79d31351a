import { dayPlan, dayPlanApply, dayPlanQuery, dispatchBoard, dispatchQuery } from '../../../../shared/schemas/dispatch';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as dispatch from './dispatch.service';
import * as plan from './plan-day.service';

/** The dispatcher's board (admin only); assigning uses POST /api/drivers/:driverId/assign/:bookingId. */
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
] as const;
