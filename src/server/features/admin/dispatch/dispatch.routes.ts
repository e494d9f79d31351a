import { dispatchBoard, dispatchQuery } from '../../../../shared/schemas/dispatch';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import * as dispatch from './dispatch.service';

/** The dispatcher's board (admin only); assigning uses POST /api/drivers/:driverId/assign/:bookingId. */
export const dispatchRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/dispatch', guard: requireAdmin, schema: { tags: ['admin'], querystring: dispatchQuery, response: { 200: dispatchBoard } } }, async (request, _reply, ctx) =>
    dispatch.dispatchBoard(ctx, request.query),
  ),
] as const;
