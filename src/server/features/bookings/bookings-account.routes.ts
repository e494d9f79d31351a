import { z } from 'zod';
import { accountBooking, accountBookingsPage, accountBookingsQuery, receipt, rescheduleRequest, reviewRequest, reviewResponse } from '../../../shared/schemas/bookings-account';
import { uuidParam } from '../../../shared/schemas/common';
import { cancelQuote, cancelRequest } from '../../../shared/schemas/policy';
import { currentUser, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as mine from './bookings-account.service';

const tags = ['bookings'];
/** A malformed id is answered like someone else's booking: 404. */
const byId = { guard: requireUser, notFound: { code: 'BOOKING_NOT_FOUND' as const, message: 'Booking not found' } };

/** The signed-in customer's own bookings (the booking engineer's routes create and pay for them). */
export const bookingsAccountRoutes = [
  defineRoute({ method: 'GET', url: '/api/bookings', guard: requireUser, schema: { tags, querystring: accountBookingsQuery, response: { 200: accountBookingsPage } } }, async (request, _reply, ctx) =>
    mine.listMyBookings(ctx, currentUser(request), request.query),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/bookings/:id/cancel',
      ...byId,
      schema: {
        tags,
        params: uuidParam,
        body: cancelRequest,
        response: { 200: z.object({ message: z.string(), refunded: z.boolean(), creditReturned: z.boolean(), feeCents: z.number().int(), booking: accountBooking }) },
      },
    },
    async (request, _reply, ctx) => mine.cancelMyBooking(ctx, currentUser(request), request.params.id, request.body?.acceptFeeCents),
  ),

  // What cancelling now costs (decision 057), shown before the customer confirms.
  defineRoute({ method: 'GET', url: '/api/bookings/:id/cancel-preview', ...byId, schema: { tags, params: uuidParam, response: { 200: cancelQuote } } }, async (request, _reply, ctx) =>
    mine.previewMyCancel(ctx, currentUser(request), request.params.id),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/bookings/:id/reschedule',
      ...byId,
      schema: { tags, params: uuidParam, body: rescheduleRequest, response: { 200: z.object({ message: z.string(), booking: accountBooking }) } },
    },
    async (request, _reply, ctx) => mine.rescheduleMyBooking(ctx, currentUser(request), request.params.id, request.body),
  ),

  defineRoute({ method: 'POST', url: '/api/bookings/:id/review', ...byId, schema: { tags, params: uuidParam, body: reviewRequest, response: { 200: reviewResponse } } }, async (request, _reply, ctx) =>
    mine.reviewMyBooking(ctx, currentUser(request), request.params.id, request.body),
  ),

  defineRoute({ method: 'GET', url: '/api/bookings/:id/receipt', ...byId, schema: { tags, params: uuidParam, response: { 200: receipt } } }, async (request, _reply, ctx) =>
    mine.receiptFor(ctx, currentUser(request), request.params.id),
  ),
] as const;
