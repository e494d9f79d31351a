import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uuidParam } from '../../../shared/schemas/common';
import { trackingTokenQuery } from '../../../shared/schemas/tracking';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { currentUser, requireUser } from '../../http/auth-hooks';
import * as tracking from './tracking.service';

/** The token arrives as the X-Tracking-Token header (preferred) or ?token= (links in e-mails). */
function viewerOf(request: FastifyRequest): tracking.Viewer {
  const header = request.headers['x-tracking-token'];
  const fromHeader = Array.isArray(header) ? header[0] : header;
  const { token } = parse(trackingTokenQuery, { token: fromHeader || (request.query as { token?: string } | undefined)?.token || undefined });
  return { user: request.session?.user, token };
}

export async function trackingRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/bookings/guest/:id', async (request, reply) => {
    const { id } = parse(uuidParam, request.params);
    reply.header('cache-control', 'no-store');
    return tracking.getTrackingView(ctx, id, viewerOf(request));
  });

  app.get('/api/bookings/guest/:id/driver-location', async (request, reply) => {
    const { id } = parse(uuidParam, request.params);
    reply.header('cache-control', 'no-store');
    return tracking.getDriverLocation(ctx, id, viewerOf(request));
  });

  app.post('/api/bookings/:id/generate-tracking-token', { preHandler: requireUser }, async (request) => {
    const { id } = parse(uuidParam, request.params);
    return tracking.generateTrackingToken(ctx, id, currentUser(request));
  });
}
