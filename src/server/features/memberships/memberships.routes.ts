import { z } from 'zod';
import { uuidParam } from '../../../shared/schemas/common';
import { confirmSubscriptionRequest, membershipView, membersPage, membersQuery, planRequest, planView, standingChoice, standingRunResponse, subscribeRequest, subscribeResponse } from '../../../shared/schemas/memberships';
import { currentUser, requireAdmin, requireUser } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { idempotent } from '../../http/idempotency';
import * as service from './memberships.service';
import { bookStandingAppointments } from './standing.service';

const tags = ['memberships'];
const guard = requireAdmin;
const payRequest = z.object({ paymentMethodId: z.uuid({ error: 'Not a valid card' }).optional(), attemptKey: z.string().trim().min(8).max(100).optional() });

/** Plans (admin), subscribing (customer), the account's membership and the admin's members (decision 059). */
export const membershipsRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/membership-plans', guard, schema: { tags, response: { 200: planView.array() } } }, async (_request, _reply, ctx) =>
    service.listPlans(ctx, { activeOnly: false }),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/membership-plans', guard, schema: { tags, body: planRequest, response: { 201: planView } } }, async (request, reply, ctx) =>
    reply.status(201).send(await service.createPlan(ctx, request.body)),
  ),
  defineRoute({ method: 'PUT', url: '/api/admin/membership-plans/:id', guard, schema: { tags, params: uuidParam, body: planRequest, response: { 200: planView } } }, async (request, _reply, ctx) =>
    service.updatePlan(ctx, request.params.id, request.body),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/members', guard, schema: { tags, querystring: membersQuery, response: { 200: membersPage } } }, async (request, _reply, ctx) =>
    service.listMembers(ctx, request.query),
  ),

  defineRoute({ method: 'GET', url: '/api/memberships/plans', schema: { tags, response: { 200: planView.array() } } }, async (_request, _reply, ctx) => service.listPlans(ctx, { activeOnly: true })),
  defineRoute({ method: 'POST', url: '/api/memberships/subscribe', guard: requireUser, schema: { tags, body: subscribeRequest, response: { 200: subscribeResponse } } }, async (request, _reply, ctx) =>
    // With an Idempotency-Key a repeated click gets the first answer (not "You already have this membership").
    idempotent(ctx, request, 'membership-subscribe', () => service.subscribe(ctx, currentUser(request), request.body)),
  ),
  defineRoute({ method: 'POST', url: '/api/memberships/confirm', guard: requireUser, schema: { tags, body: confirmSubscriptionRequest, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.confirmPayment(ctx, currentUser(request), request.body.paymentIntentId),
  ),
  defineRoute({ method: 'GET', url: '/api/user/memberships', guard: requireUser, schema: { tags, response: { 200: membershipView.array() } } }, async (request, _reply, ctx) =>
    service.listMine(ctx, currentUser(request)),
  ),
  defineRoute({ method: 'POST', url: '/api/user/memberships/:id/pause', guard: requireUser, schema: { tags, params: uuidParam, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.pause(ctx, currentUser(request), request.params.id),
  ),
  defineRoute({ method: 'POST', url: '/api/user/memberships/:id/resume', guard: requireUser, schema: { tags, params: uuidParam, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.resume(ctx, currentUser(request), request.params.id),
  ),
  defineRoute({ method: 'POST', url: '/api/user/memberships/:id/cancel', guard: requireUser, schema: { tags, params: uuidParam, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.cancel(ctx, currentUser(request), request.params.id),
  ),
  defineRoute({ method: 'POST', url: '/api/user/memberships/:id/pay', guard: requireUser, schema: { tags, params: uuidParam, body: payRequest, response: { 200: subscribeResponse } } }, async (request, _reply, ctx) =>
    service.payUnpaid(ctx, currentUser(request), request.params.id, request.body),
  ),
  defineRoute({ method: 'PUT', url: '/api/user/memberships/:id/standing', guard: requireUser, schema: { tags, params: uuidParam, body: standingChoice, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.setMyStanding(ctx, currentUser(request), request.params.id, request.body),
  ),
  defineRoute({ method: 'DELETE', url: '/api/user/memberships/:id/standing', guard: requireUser, schema: { tags, params: uuidParam, response: { 200: membershipView } } }, async (request, _reply, ctx) =>
    service.stopMyStanding(ctx, currentUser(request), request.params.id),
  ),
  // Development and browser tests: the daily standing-appointment run now (like POST /api/dev/weather-check).
  defineRoute({ method: 'POST', url: '/api/dev/standing-appointments', devOnly: true, schema: { tags: ['development'], response: { 200: standingRunResponse } } }, async (_request, _reply, ctx) =>
    bookStandingAppointments(ctx),
  ),
] as const;
