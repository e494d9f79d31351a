import { idempotent } from '../../../http/idempotency';
import { idempotencyKeyHeader } from '../../../../shared/schemas/checkout';
import { z } from 'zod';
import {
  appointmentRequest,
  availabilityRequest,
  availabilityRow,
  blockTimeRequest,
  bulkAvailabilityRequest,
  closureRangeQuery,
  closureRequest,
  closureRow,
  rangeQuery,
  scheduleWeek,
  weeklyHoursRequest,
  weeklyHoursRow,
} from '../../../../shared/schemas/admin-schedule';
import { messageResponse } from '../../../../shared/schemas/auth';
import { bookingView } from '../../../../shared/schemas/bookings';
import { dateKey, uuidParam } from '../../../../shared/schemas/common';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import { normaliseWhen } from '../http/normalise-when';
import * as schedule from './schedule.service';

const weekQuery = z.object({ startDate: dateKey, days: z.coerce.number().int().min(1).max(14).default(7) });
const closureResponse = closureRow.extend({ affectedBookings: z.number() });

const tags = ['admin'];
const guard = requireAdmin;

/** Schedule Management: the week grid, appointments, blocked time, availability, closures, weekly hours. */
export const scheduleRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/schedule', guard, schema: { tags, querystring: weekQuery, response: { 200: scheduleWeek } } }, async (request, _reply, ctx) =>
    schedule.scheduleWeek(ctx, request.query.startDate, request.query.days),
  ),

  defineRoute(
    { method: 'POST', url: '/api/admin/appointments', guard, prepareBody: normaliseWhen, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: appointmentRequest, response: { 201: bookingView } } },
    async (request, reply, ctx) => reply.status(201).send(await idempotent(ctx, request, 'appointments', () => schedule.createAppointment(ctx, request.body))),
  ),
  defineRoute(
    { method: 'PUT', url: '/api/admin/appointments/:id', guard, prepareBody: normaliseWhen, schema: { tags, params: uuidParam, body: appointmentRequest, response: { 200: bookingView } } },
    async (request, _reply, ctx) => schedule.updateAppointment(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/admin/appointments/:id', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    schedule.deleteAppointment(ctx, request.params.id),
  ),

  defineRoute({ method: 'POST', url: '/api/admin/blocked-time', guard, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: blockTimeRequest, response: { 201: bookingView } } }, async (request, reply, ctx) =>
    reply.status(201).send(await idempotent(ctx, request, 'blocked-time', () => schedule.blockTime(ctx, request.body))),
  ),
  defineRoute(
    {
      method: 'PUT',
      url: '/api/admin/blocked-time/:id',
      guard,
      schema: { tags, params: uuidParam, body: blockTimeRequest, description: 'The block editor: saves exactly the date, start, end and reason given.', response: { 200: bookingView } },
    },
    async (request, _reply, ctx) => schedule.updateBlockedTime(ctx, request.params.id, request.body),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/business-availability', guard, schema: { tags, querystring: rangeQuery, response: { 200: availabilityRow.array() } } }, async (request, _reply, ctx) =>
    schedule.listAvailability(ctx, request.query.startDate, request.query.endDate),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/business-availability', guard, schema: { tags, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: availabilityRequest, response: { 201: availabilityRow } } }, async (request, reply, ctx) =>
    reply.status(201).send(await idempotent(ctx, request, 'availability', () => schedule.createAvailability(ctx, request.body))),
  ),
  defineRoute(
    { method: 'PUT', url: '/api/admin/business-availability/:id', guard, schema: { tags, params: uuidParam, body: availabilityRequest, response: { 200: availabilityRow } } },
    async (request, _reply, ctx) => schedule.updateAvailability(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/admin/business-availability/:id', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    schedule.deleteAvailability(ctx, request.params.id),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/bulk-business-availability',
      guard,
      schema: { tags, body: bulkAvailabilityRequest, response: { 201: z.object({ created: z.number(), skipped: z.number(), message: z.string() }) } },
    },
    async (request, reply, ctx) => reply.status(201).send(await schedule.bulkCreateAvailability(ctx, request.body)),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/business-closures', guard, schema: { tags, querystring: closureRangeQuery, response: { 200: closureRow.array() } } }, async (request, _reply, ctx) =>
    schedule.listClosures(ctx, request.query.startDate, request.query.endDate),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/business-closures', guard, schema: { tags, body: closureRequest, response: { 201: closureResponse } } }, async (request, reply, ctx) =>
    reply.status(201).send(await schedule.createClosure(ctx, request.body)),
  ),
  defineRoute(
    { method: 'PUT', url: '/api/admin/business-closures/:id', guard, schema: { tags, params: uuidParam, body: closureRequest, response: { 200: closureResponse } } },
    async (request, _reply, ctx) => schedule.updateClosure(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/admin/business-closures/:id', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    schedule.deleteClosure(ctx, request.params.id),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/business-hours', guard, schema: { tags, response: { 200: weeklyHoursRow.array() } } }, async (_request, _reply, ctx) =>
    schedule.listWeeklyHours(ctx),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/business-hours', guard, schema: { tags, body: weeklyHoursRequest, response: { 200: weeklyHoursRow.array() } } }, async (request, _reply, ctx) =>
    schedule.saveWeeklyHours(ctx, request.body),
  ),
] as const;
