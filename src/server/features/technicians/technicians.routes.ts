import { messageResponse } from '../../../shared/schemas/auth';
import { pageOf, pageQuery } from '../../../shared/schemas/common';
import { driverRouteQuery, driverRouteResponse, myHoursResponse, technicianException, technicianExceptionParams, technicianExceptionRequest, technicianParams, technicianUpdate, technicianView } from '../../../shared/schemas/technicians';
import { currentUser, requireAdmin, requireDriverOrAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { driverRoute } from './driver-route.service';
import * as technicians from './technicians.service';

const tags = ['admin'];
const guard = requireAdmin;

/** Technicians' hours, days off, services and start places (decision 051): the owner edits, the driver reads their own. */
export const technicianRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/technicians', guard, schema: { tags, querystring: pageQuery, response: { 200: pageOf(technicianView) } } }, async (request, _reply, ctx) =>
    technicians.listTechnicians(ctx, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/technicians/:userId', guard, schema: { tags, params: technicianParams, response: { 200: technicianView } } }, async (request, _reply, ctx) =>
    technicians.getTechnician(ctx, request.params.userId),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/technicians/:userId', guard, schema: { tags, params: technicianParams, body: technicianUpdate, response: { 200: technicianView } } }, async (request, _reply, ctx) =>
    technicians.updateTechnician(ctx, request.params.userId, request.body),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/technicians/:userId/exceptions', guard, schema: { tags, params: technicianParams, querystring: pageQuery, response: { 200: pageOf(technicianException) } } },
    async (request, _reply, ctx) => technicians.listExceptions(ctx, request.params.userId, request.query),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/technicians/:userId/exceptions', guard, schema: { tags, params: technicianParams, body: technicianExceptionRequest, response: { 201: technicianException } } },
    async (request, reply, ctx) => reply.status(201).send(await technicians.setException(ctx, request.params.userId, request.body)),
  ),
  defineRoute(
    { method: 'DELETE', url: '/api/admin/technicians/:userId/exceptions/:date', guard, schema: { tags, params: technicianExceptionParams, response: { 200: messageResponse } } },
    async (request, _reply, ctx) => {
      await technicians.removeException(ctx, request.params.userId, request.params.date);
      return { message: 'The change of hours was removed' };
    },
  ),
  defineRoute({ method: 'GET', url: '/api/driver/hours', guard: requireDriverOrAdmin, schema: { tags: ['driver'], response: { 200: myHoursResponse } } }, async (request, _reply, ctx) =>
    technicians.myHours(ctx, currentUser(request).id),
  ),
  defineRoute(
    { method: 'GET', url: '/api/driver/route', guard: requireDriverOrAdmin, schema: { tags: ['driver'], querystring: driverRouteQuery, response: { 200: driverRouteResponse } } },
    async (request, _reply, ctx) => driverRoute(ctx, currentUser(request).id, request.query.date),
  ),
] as const;
