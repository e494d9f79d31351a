import type { FastifyInstance } from 'fastify';
import { createBookingRequest, idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { RateLimiter } from '../../http/rate-limit';
import { createBooking } from './bookings.service';
import { createTestBooking } from './test-booking';

/** Creating a booking (a held, unpaid reservation) and, outside production, the one-click test booking. */
export async function bookingsRoutes(app: FastifyInstance, ctx: AppContext) {
  // Each unpaid booking holds capacity for 15 minutes: a cap per client stops one script from holding a whole day.
  const holdsPerClient = new RateLimiter(30, 10 * 60_000);

  app.post('/api/bookings', async (request, reply) => {
    const input = parse(createBookingRequest, request.body);
    holdsPerClient.hit([request.session ? `user:${request.session.user.id}` : `ip:${request.ip}`], 'Too many bookings started. Please wait a few minutes and try again.');
    const rawKey = request.headers['idempotency-key'];
    const idempotencyKey = rawKey === undefined ? undefined : parse(idempotencyKeyHeader, Array.isArray(rawKey) ? rawKey[0] : rawKey);
    const { booking, created } = await createBooking(ctx, { input, user: request.session?.user, idempotencyKey });
    // A replay answers exactly as the first request did, flagged the way Stripe flags its replays.
    if (!created) reply.header('idempotent-replayed', 'true');
    return reply.status(201).send(booking);
  });

  if (ctx.config.isProduction) return;

  app.get('/api/create-test-booking-redirect', async (_request, reply) => {
    const { url } = await createTestBooking(ctx);
    return reply.redirect(url, 303);
  });
}
