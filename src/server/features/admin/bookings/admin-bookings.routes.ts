import { z } from 'zod';
import {
  adminBooking,
  adminBookingsFilter,
  adminBookingsQuery,
  adminCancelRequest,
  adminCancelResponse,
  adminBookingUpdateRequest,
  bookingStatusRequest,
  driverAssignParams,
  driverAssignRequest,
} from '../../../../shared/schemas/admin-bookings';
import { driverOption } from '../../../../shared/schemas/admin-staff';
import { messageResponse } from '../../../../shared/schemas/auth';
import { bookingView } from '../../../../shared/schemas/bookings';
import { pageOf, uuidParam } from '../../../../shared/schemas/common';
import { savedAddress } from '../../../../shared/schemas/account';
import { pacificDateKey } from '../../../../shared/time';
import { requireAdmin } from '../../../http/auth-hooks';
import { defineRoute } from '../../../http/contract';
import { normaliseWhen } from '../http/normalise-when';
import * as bookings from './admin-bookings.service';
import { bookingsCsv } from './bookings-csv';

const tags = ['admin'];
const guard = requireAdmin;

/** Manage Bookings and driver assignment; every route is admin-only. */
export const adminBookingsRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/bookings', guard, schema: { tags, querystring: adminBookingsQuery, response: { 200: pageOf(adminBooking) } } }, async (request, _reply, ctx) =>
    bookings.listAdminBookings(ctx, request.query),
  ),
  // The filtered list as a CSV file (same filters and order as the list, every page), streamed.
  defineRoute(
    {
      method: 'GET',
      url: '/api/admin/bookings/export.csv',
      guard,
      schema: { tags, querystring: adminBookingsFilter, response: { 200: { description: 'The filtered bookings as CSV', content: { 'text/csv': { schema: z.string() } } } } },
    },
    async (request, reply, ctx) => {
      const day = pacificDateKey(ctx.now());
      return reply
        .header('content-disposition', `attachment; filename="bookings-${day}.csv"`)
        .header('cache-control', 'no-store')
        .type('text/csv; charset=utf-8')
        .send(bookingsCsv(ctx, request.query) as never);
    },
  ),
  defineRoute({ method: 'GET', url: '/api/admin/bookings/:id', guard, schema: { tags, params: uuidParam, response: { 200: adminBooking } } }, async (request, _reply, ctx) =>
    bookings.getAdminBooking(ctx, request.params.id),
  ),
  defineRoute(
    { method: 'PUT', url: '/api/admin/bookings/:id', guard, prepareBody: normaliseWhen, schema: { tags, params: uuidParam, body: adminBookingUpdateRequest, response: { 200: adminBooking } } },
    async (request, _reply, ctx) => bookings.updateAdminBooking(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/admin/bookings/:id', guard, schema: { tags, params: uuidParam, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    bookings.deleteAdminBooking(ctx, request.params.id),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/bookings/:id/payment-link',
      guard,
      schema: { tags, params: uuidParam, description: 'E-mails the confirmation with a Pay now link for an unpaid phone appointment.', response: { 200: adminBooking } },
    },
    async (request, _reply, ctx) => bookings.sendPaymentLink(ctx, request.params.id),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/bookings/:id/cancel', guard, schema: { tags, params: uuidParam, body: adminCancelRequest, response: { 200: adminCancelResponse } } },
    async (request, _reply, ctx) => bookings.cancelAdminBooking(ctx, request.params.id, request.body.message),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/customers/:id/addresses', guard, schema: { tags, params: uuidParam, response: { 200: savedAddress.omit({ createdAt: true }).array() } } }, async (request, _reply, ctx) =>
    bookings.customerAddresses(ctx, request.params.id),
  ),

  defineRoute({ method: 'PATCH', url: '/api/bookings/:id/status', guard, schema: { tags, params: uuidParam, body: bookingStatusRequest, response: { 200: adminBooking } } }, async (request, _reply, ctx) =>
    bookings.setBookingStatus(ctx, request.params.id, request.body.status, request.body.message),
  ),

  defineRoute({ method: 'GET', url: '/api/drivers', guard, schema: { tags, response: { 200: driverOption.array() } } }, async (_request, _reply, ctx) => bookings.listDrivers(ctx)),
  defineRoute(
    { method: 'POST', url: '/api/drivers/:driverId/assign/:bookingId', guard, schema: { tags, params: driverAssignParams, body: driverAssignRequest, response: { 200: bookingView } } },
    async (request, _reply, ctx) => bookings.assignDriver(ctx, request.params.driverId, request.params.bookingId, request.body?.override),
  ),
] as const;
