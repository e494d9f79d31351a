import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { uuidParam } from '../../../shared/schemas/common';
import { claimGuestBookingRequest, claimGuestBookingResponse, guestAccountRequest, messageResponse } from '../../../shared/schemas/auth';
import { driverLocationResponse, trackingTokenQuery, trackingTokenResponse, trackingView } from '../../../shared/schemas/tracking';
import { clientInfo, currentUser, requireUser, setSessionCookie } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { recordServerEvent } from '../analytics';
import { claimGuestBooking, requestGuestClaim } from './guest-account';
import * as tracking from './tracking.service';

const tags = ['tracking'];
/** A guest keeping the tracked booking in an account: documented with the other account routes. */
const authTags = ['auth'];

/** The token arrives as the X-Tracking-Token header (preferred) or ?token= (links in e-mails). */
const tokenInput = {
  querystring: trackingTokenQuery,
  headers: z.looseObject({ 'x-tracking-token': z.string().max(200, { error: 'Invalid tracking token' }).optional() }),
};

function viewerOf(request: { session: FastifyRequest['session']; headers: { 'x-tracking-token'?: string }; query: { token?: string } }): tracking.Viewer {
  return { user: request.session?.user, token: request.headers['x-tracking-token'] || request.query.token || undefined };
}

export const trackingRoutes = [
  defineRoute({ method: 'GET', url: '/api/bookings/guest/:id', schema: { tags, params: uuidParam, ...tokenInput, response: { 200: trackingView } } }, async (request, reply, ctx) => {
    reply.header('cache-control', 'no-store');
    return tracking.getTrackingView(ctx, request.params.id, viewerOf(request));
  }),

  defineRoute(
    { method: 'GET', url: '/api/bookings/guest/:id/driver-location', schema: { tags, params: uuidParam, ...tokenInput, response: { 200: driverLocationResponse } } },
    async (request, reply, ctx) => {
      reply.header('cache-control', 'no-store');
      return tracking.getDriverLocation(ctx, request.params.id, viewerOf(request));
    },
  ),

  defineRoute(
    { method: 'POST', url: '/api/bookings/:id/generate-tracking-token', guard: requireUser, schema: { tags, params: uuidParam, response: { 200: trackingTokenResponse } } },
    async (request, _reply, ctx) => tracking.generateTrackingToken(ctx, request.params.id, currentUser(request)),
  ),
  defineRoute(
    { method: 'POST', url: '/api/bookings/guest/:id/account', schema: { tags: authTags, params: uuidParam, body: guestAccountRequest, response: { 200: messageResponse } } },
    async (request, _reply, ctx) => requestGuestClaim(ctx, request.params.id, request.body.token, clientInfo(request)),
  ),

  defineRoute(
    { method: 'POST', url: '/api/auth/claim-guest-booking', schema: { tags: authTags, body: claimGuestBookingRequest, response: { 201: claimGuestBookingResponse } } },
    async (request, reply, ctx) => {
      const { response, token } = await claimGuestBooking(ctx, request.body, clientInfo(request));
      setSessionCookie(reply, ctx, token);
      await recordServerEvent(ctx, request, 'account_created', {}, response.user.id);
      return reply.status(201).send(response);
    },
  ),
] as const;
