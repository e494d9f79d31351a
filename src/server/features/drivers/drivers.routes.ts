import { z } from 'zod';
import { idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import { bookingUpdateView, bookingView } from '../../../shared/schemas/bookings';
import { pageOf, uuidParam } from '../../../shared/schemas/common';
import {
  driverBookingsQuery,
  driverLocationAck,
  driverLocationRequest,
  driverNoteRequest,
  driverStatusView,
  updateDriverBookingStatusRequest,
  updateDriverStatusRequest,
} from '../../../shared/schemas/drivers';
import { currentUser, requireDriverOrAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { idempotent } from '../../http/idempotency';
import * as drivers from './drivers.service';

const tags = ['driver'];
/** /api/driver/*: the driver dashboard's calls, for drivers and admins only (the role is checked here). */
const guard = requireDriverOrAdmin;

export const driverRoutes = [
  defineRoute({ method: 'GET', url: '/api/driver/status', guard, schema: { tags, response: { 200: driverStatusView } } }, async (request, _reply, ctx) =>
    drivers.getDriverStatus(ctx, currentUser(request)),
  ),

  defineRoute({ method: 'PUT', url: '/api/driver/status', guard, schema: { tags, body: updateDriverStatusRequest, response: { 200: driverStatusView } } }, async (request, _reply, ctx) =>
    drivers.setDriverStatus(ctx, currentUser(request), request.body),
  ),

  defineRoute({ method: 'GET', url: '/api/driver/bookings', guard, schema: { tags, querystring: driverBookingsQuery, response: { 200: pageOf(bookingView) } } }, async (request, _reply, ctx) =>
    drivers.listDriverBookings(ctx, currentUser(request), request.query),
  ),

  defineRoute(
    { method: 'PUT', url: '/api/driver/bookings/:id/status', guard, schema: { tags, params: uuidParam, body: updateDriverBookingStatusRequest, response: { 200: bookingView } } },
    async (request, _reply, ctx) => drivers.advanceBooking(ctx, currentUser(request), request.params.id, request.body),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/driver/bookings/:id/notes',
      guard,
      schema: { tags, params: uuidParam, headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }), body: driverNoteRequest, response: { 201: bookingUpdateView } },
    },
    async (request, reply, ctx) =>
      reply.status(201).send(await idempotent(ctx, request, `driver-note:${request.params.id}`, () => drivers.postNote(ctx, currentUser(request), request.params.id, request.body))),
  ),

  defineRoute({ method: 'PUT', url: '/api/driver/location', guard, schema: { tags, body: driverLocationRequest, response: { 200: driverLocationAck } } }, async (request, _reply, ctx) =>
    drivers.recordDriverLocation(ctx, currentUser(request), request.body),
  ),
] as const;
