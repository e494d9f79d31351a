import type { FastifyInstance } from 'fastify';
import { adminBookingsQuery, adminBookingUpdateRequest, bookingStatusRequest, driverAssignParams } from '../../../../shared/schemas/admin';
import { uuidParam } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { parse } from '../../../errors';
import { requireAdmin } from '../../../http/auth-hooks';
import { normaliseWhen } from '../http/normalise-when';
import * as bookings from './admin-bookings.service';

/** Manage Bookings and driver assignment (back-office.md §7 "Bookings"); every route is admin-only. */
export async function adminBookingsRoutes(app: FastifyInstance, ctx: AppContext) {
  const admin = { preHandler: requireAdmin };

  app.get('/api/admin/bookings', admin, async (request) => bookings.listAdminBookings(ctx, parse(adminBookingsQuery, request.query)));
  app.get('/api/admin/bookings/:id', admin, async (request) => bookings.getAdminBooking(ctx, parse(uuidParam, request.params).id));
  app.put('/api/admin/bookings/:id', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return bookings.updateAdminBooking(ctx, id, parse(adminBookingUpdateRequest, normaliseWhen(request.body)));
  });
  app.delete('/api/admin/bookings/:id', admin, async (request) => bookings.deleteAdminBooking(ctx, parse(uuidParam, request.params).id));
  app.get('/api/admin/customers/:id/addresses', admin, async (request) => bookings.customerAddresses(ctx, parse(uuidParam, request.params).id));

  app.patch('/api/bookings/:id/status', admin, async (request) => {
    const { id } = parse(uuidParam, request.params);
    const { status, message } = parse(bookingStatusRequest, request.body);
    return bookings.setBookingStatus(ctx, id, status, message);
  });

  app.get('/api/drivers', admin, async () => bookings.listDrivers(ctx));
  app.post('/api/drivers/:driverId/assign/:bookingId', admin, async (request) => {
    const { driverId, bookingId } = parse(driverAssignParams, request.params);
    return bookings.assignDriver(ctx, driverId, bookingId);
  });
}
