import type { FastifyInstance } from 'fastify';
import { uuidParam } from '../../../shared/schemas/common';
import { driverBookingsQuery, driverLocationRequest, updateDriverBookingStatusRequest, updateDriverStatusRequest } from '../../../shared/schemas/drivers';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { currentUser, requireDriverOrAdmin } from '../../http/auth-hooks';
import * as drivers from './drivers.service';

/** /api/driver/*: the driver dashboard's calls, for drivers and admins only (the role is checked here). */
export async function driverRoutes(app: FastifyInstance, ctx: AppContext) {
  const guarded = { preHandler: requireDriverOrAdmin };

  app.get('/api/driver/status', guarded, async (request) => drivers.getDriverStatus(ctx, currentUser(request)));

  app.put('/api/driver/status', guarded, async (request) => drivers.setDriverStatus(ctx, currentUser(request), parse(updateDriverStatusRequest, request.body)));

  app.get('/api/driver/bookings', guarded, async (request) => drivers.listDriverBookings(ctx, currentUser(request), parse(driverBookingsQuery, request.query)));

  app.put('/api/driver/bookings/:id/status', guarded, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return drivers.advanceBooking(ctx, currentUser(request), id, parse(updateDriverBookingStatusRequest, request.body));
  });

  app.put('/api/driver/location', guarded, async (request) => drivers.recordDriverLocation(ctx, currentUser(request), parse(driverLocationRequest, request.body)));
}
