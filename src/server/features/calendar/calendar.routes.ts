import { z } from 'zod';
import { calendarFeedCreated, calendarFeedParams, calendarFeedStatus } from '../../../shared/schemas/calendar';
import { messageResponse } from '../../../shared/schemas/auth';
import { currentUser, requireDriverOrAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as calendar from './calendar.service';

const tags = ['calendar'];
const guard = requireDriverOrAdmin;

/** Private iCal feeds of a staff member's jobs (a driver's own, the admin's every job), revocable. */
export const calendarRoutes = [
  defineRoute({ method: 'GET', url: '/api/calendar-feed', guard, schema: { tags, response: { 200: calendarFeedStatus } } }, async (request, _reply, ctx) =>
    calendar.feedStatus(ctx, currentUser(request).id),
  ),
  defineRoute({ method: 'POST', url: '/api/calendar-feed', guard, schema: { tags, response: { 200: calendarFeedCreated } } }, async (request, _reply, ctx) =>
    calendar.createFeed(ctx, currentUser(request).id),
  ),
  defineRoute({ method: 'DELETE', url: '/api/calendar-feed', guard, schema: { tags, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    calendar.revokeFeed(ctx, currentUser(request).id),
  ),
  // Public: the token in the URL is the credential (a calendar app cannot sign in); unknown or revoked → 404.
  defineRoute(
    {
      method: 'GET',
      url: '/api/calendar/:token.ics',
      notFound: { code: 'CALENDAR_FEED_NOT_FOUND', message: 'This calendar link is not valid any more' },
      schema: {
        tags,
        params: calendarFeedParams,
        response: { 200: { description: 'An iCalendar (RFC 5545) feed', content: { 'text/calendar': { schema: z.string() } } } },
      },
    },
    async (request, reply, ctx) => {
      const body = await calendar.renderFeed(ctx, request.params.token);
      return reply
        .header('cache-control', 'private, no-cache')
        .header('x-robots-tag', 'noindex')
        .type('text/calendar; charset=utf-8')
        .send(body);
    },
  ),
] as const;
