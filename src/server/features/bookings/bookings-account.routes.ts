import type { FastifyInstance } from 'fastify';
import { accountBookingsQuery, rescheduleRequest, reviewRequest } from '../../../shared/schemas/bookings-account';
import { uuidParam } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError, parse } from '../../errors';
import { currentUser, requireUser } from '../../http/auth-hooks';
import * as mine from './bookings-account.service';

/** A malformed id is answered like someone else's booking: 404. */
function bookingId(params: unknown): string {
  const result = uuidParam.safeParse(params);
  if (!result.success) throw new AppError('NOT_FOUND', 'Booking not found');
  return result.data.id;
}

/** The signed-in customer's own bookings (the booking engineer's routes create and pay for them). */
export async function bookingsAccountRoutes(app: FastifyInstance, ctx: AppContext) {
  const signedIn = { preHandler: requireUser };

  app.get('/api/bookings', signedIn, async (request) => mine.listMyBookings(ctx, currentUser(request), parse(accountBookingsQuery, request.query)));

  app.post('/api/bookings/:id/cancel', signedIn, async (request) => mine.cancelMyBooking(ctx, currentUser(request), bookingId(request.params)));

  app.post('/api/bookings/:id/reschedule', signedIn, async (request) =>
    mine.rescheduleMyBooking(ctx, currentUser(request), bookingId(request.params), parse(rescheduleRequest, request.body)),
  );

  app.post('/api/bookings/:id/review', signedIn, async (request) =>
    mine.reviewMyBooking(ctx, currentUser(request), bookingId(request.params), parse(reviewRequest, request.body)),
  );

  app.get('/api/bookings/:id/receipt', signedIn, async (request) => mine.receiptFor(ctx, currentUser(request), bookingId(request.params)));
}
