import { z } from 'zod';
import { createBookingRequest, createBookingResponse, idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import { defineRoute } from '../../http/contract';
import { rateLimit } from '../../http/rate-limit';
import { createBooking } from './bookings.service';
import { holdVisitor } from './holder';
import { recordPaymentCompleted, recordServerEvent } from '../analytics';

const tags = ['bookings'];

// Each unpaid booking holds capacity for 15 minutes: a cap per client stops one script from holding a whole day.
const holdsPerClient = rateLimit({ name: 'booking-holds', limit: 30, windowMs: 10 * 60_000 });

/** Creating a booking (a held, unpaid reservation). */
export const bookingsRoutes = [
  defineRoute(
    {
      method: 'POST',
      url: '/api/bookings',
      schema: {
        tags,
        body: createBookingRequest,
        // Other headers pass through untouched (loose): only the ones named here are checked.
        headers: z.looseObject({ 'idempotency-key': idempotencyKeyHeader.optional() }),
        response: { 201: createBookingResponse },
      },
    },
    async (request, reply, ctx) => {
      await holdsPerClient.hit(ctx, [request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`], 'Too many bookings started. Please wait a few minutes and try again.');
      const { booking, created } = await createBooking(ctx, {
        input: request.body,
        user: request.session?.user,
        idempotencyKey: request.headers['idempotency-key'],
        visitor: holdVisitor(ctx, request, reply),
      });
      // A replay answers exactly as the first request did, flagged the way Stripe flags its replays.
      if (!created) reply.header('idempotent-replayed', 'true');
      else {
        await recordServerEvent(ctx, request, 'booking_created', { bookingId: booking.id });
        // A prepaid credit pays at once: the payment completes with the booking (no money moves now).
        if (booking.paymentStatus === 'package') await recordPaymentCompleted(ctx, booking.id, 0);
      }
      return reply.status(201).send(booking);
    },
  ),

] as const;
