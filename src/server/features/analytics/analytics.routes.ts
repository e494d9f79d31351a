import { analyticsAccepted, analyticsBatch, analyticsDaily, analyticsEventsPage, analyticsPagedRange, analyticsRange, analyticsSessionsPage, funnelResponse } from '../../../shared/schemas/analytics';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as analytics from './analytics.service';

const admin = { guard: requireAdmin };
const tags = ['analytics'];

export const analyticsRoutes = [
  // sendBeacon posts text/plain; the parser below reads it as JSON.
  defineRoute(
    {
      method: 'POST',
      url: '/api/analytics/events',
      schema: { tags, summary: 'Collects a batch of first-party analytics events (dropped for bots, Sec-GPC: 1 and opted-out accounts)', body: analyticsBatch, response: { 202: analyticsAccepted } },
      scope: async (scope) => {
        scope.removeContentTypeParser('text/plain');
        scope.addContentTypeParser('text/plain', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
          try {
            done(null, JSON.parse(body as string));
          } catch {
            done(null, undefined);
          }
        });
      },
    },
    async (request, reply, ctx) => {
      const accepted = await analytics.collect(ctx, request.body, analytics.visitorOf(request));
      return reply.status(202).send({ accepted });
    },
  ),

  defineRoute({ method: 'GET', url: '/api/admin/analytics/funnel', ...admin, schema: { tags, querystring: analyticsRange, response: { 200: funnelResponse } } }, async (request, _reply, ctx) =>
    analytics.funnel(ctx, analytics.rangeOf(ctx, request.query)),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/analytics/events', ...admin, schema: { tags, querystring: analyticsPagedRange, response: { 200: analyticsEventsPage } } }, async (request, _reply, ctx) =>
    analytics.events(ctx, analytics.rangeOf(ctx, request.query), request.query.page),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/analytics/sessions', ...admin, schema: { tags, querystring: analyticsPagedRange, response: { 200: analyticsSessionsPage } } }, async (request, _reply, ctx) =>
    analytics.sessions(ctx, analytics.rangeOf(ctx, request.query), request.query.page),
  ),

  defineRoute({ method: 'GET', url: '/api/admin/analytics/daily', ...admin, schema: { tags, querystring: analyticsRange, response: { 200: analyticsDaily } } }, async (request, _reply, ctx) =>
    analytics.daily(ctx, analytics.rangeOf(ctx, request.query)),
  ),
] as const;
