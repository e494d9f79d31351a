import { cancelQuote, cancelRequest } from '../../../shared/schemas/policy';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { dateKey, pageQuery, uuidParam } from '../../../shared/schemas/common';
import { slotCandidate } from '../../../shared/schemas/services';
import { bookingMessagesPage, managedBooking, manageRescheduleRequest, messageLinkToken, rateRequest, weatherMoveRequest, weatherOfferView } from '../../../shared/schemas/messages';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { escapeHtml } from '../../integrations/mail/templates';
import { latestSms } from '../../integrations/sms/sms';
import type { StandInRain } from '../../integrations/weather/weather';
import { cancelManagedBooking, previewManagedCancel, getManagedBooking, managedBookingSlots, getRatable, rateBooking, rescheduleManagedBooking } from './links.service';
import { listBookingMessages } from './messages.repository';
import { checkWeather, getWeatherOffer, keepWeatherOffer, moveWeatherOffer } from './weather.service';
import { receiveInboundSms, TWILIO_WEBHOOK_PATH } from './sms-consent.service';
import { openShortLink, SHORT_LINK_PATH } from './short-links';
import { AppError } from '../../errors';

const tags = ['messages'];
const tokenParam = z.object({ token: messageLinkToken });

/** Twilio posts forms: the route's scope reads them as flat string maps (the signature covers every field). */
async function formBodies(scope: FastifyInstance) {
  scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });
}

/** The customer's messages: the links they carry, inbound STOP/START, and what the back office sees (decision 050). */
const devWeatherCheckRequest = z.object({
  rain: z
    .array(z.object({ date: dateKey, near: z.object({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }).optional(), percent: z.number().int().min(0).max(100) }))
    .max(20)
    .optional(),
});

/** What a browser is shown for a short link that leads nowhere (an app or script gets the JSON error). */
function shortLinkPage(business: string, phone: string, message: string): string {
  const escape = escapeHtml;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(business)}: link not found</title></head><body><main><h1>${escape(business)}</h1><p>${escape(message)}</p><p><a href="tel:${escape(phone.replace(/[^\d+]/g, ''))}">${escape(phone)}</a></p></main></body></html>`;
}

export const messagesRoutes = [
  defineRoute(
    {
      method: 'GET',
      url: `${SHORT_LINK_PATH}:code`,
      schema: {
        tags,
        summary: 'A text’s short link: 302 to the page it stands for on PUBLIC_URL (decision 070)',
        description: 'An unknown or expired code is 404 NOT_FOUND (an HTML page for a browser); too many unknown codes from one address, 429 RATE_LIMITED.',
        params: z.object({ code: z.string().max(64) }),
        response: { 302: z.undefined().describe('Redirects to the page on PUBLIC_URL (Cache-Control: no-store, Referrer-Policy: no-referrer)') },
      },
    },
    async (request, reply, ctx) => {
      // The code is a credential: no cache keeps the answer, and the page it opens is not told where it came from.
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      try {
        return reply.redirect(await openShortLink(ctx, request.params.code, request.ip), 302);
      } catch (error) {
        if (!(error instanceof AppError) || !/text\/html/.test(request.headers.accept ?? '')) throw error;
        return (reply as FastifyReply).code(error.status).type('text/html; charset=utf-8').send(shortLinkPage(ctx.config.business.name, ctx.config.business.phone, error.message));
      }
    },
  ),
  defineRoute(
    { method: 'GET', url: '/api/manage/:token', schema: { tags, summary: 'The booking a Manage link opens (no account needed)', params: tokenParam, response: { 200: managedBooking } } },
    async (request, _reply, ctx) => getManagedBooking(ctx, request.params.token),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/manage/:token/cancel',
      schema: {
        tags,
        summary: 'Cancels within the self-service policy (a late cancellation with the fee it was shown)',
        params: tokenParam,
        body: cancelRequest,
        response: { 200: z.object({ refunded: z.boolean(), feeCents: z.number().int(), booking: managedBooking }) },
      },
    },
    async (request, _reply, ctx) => cancelManagedBooking(ctx, request.params.token, request.body?.acceptFeeCents),
  ),
  defineRoute(
    { method: 'GET', url: '/api/manage/:token/cancel-preview', schema: { tags, summary: 'What cancelling now keeps and gives back', params: tokenParam, response: { 200: cancelQuote } } },
    async (request, _reply, ctx) => previewManagedCancel(ctx, request.params.token),
  ),
  defineRoute(
    {
      method: 'GET',
      url: '/api/manage/:token/slots',
      schema: { tags, summary: 'Free starts of a day for the booking’s own job, to move it to', params: tokenParam, querystring: z.object({ date: dateKey }), response: { 200: slotCandidate.array() } },
    },
    async (request, _reply, ctx) => managedBookingSlots(ctx, request.params.token, request.query.date),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/manage/:token/reschedule',
      schema: { tags, summary: 'Moves within the self-service policy', params: tokenParam, body: manageRescheduleRequest, response: { 200: z.object({ booking: managedBooking }) } },
    },
    async (request, _reply, ctx) => rescheduleManagedBooking(ctx, request.params.token, request.body.slotId),
  ),
  defineRoute(
    {
      method: 'GET',
      url: '/api/rate/:token',
      schema: { tags, params: tokenParam, response: { 200: z.object({ serviceName: z.string(), rating: z.number().int().nullable(), businessName: z.string() }) } },
    },
    async (request, _reply, ctx) => getRatable(ctx, request.params.token),
  ),
  defineRoute(
    { method: 'POST', url: '/api/rate/:token', schema: { tags, summary: 'One-tap rating from the review request', params: tokenParam, body: rateRequest, response: { 200: z.object({ rating: z.number().int() }) } } },
    async (request, _reply, ctx) => rateBooking(ctx, request.params.token, request.body),
  ),
  defineRoute(
    { method: 'GET', url: '/api/weather-offers/:token', schema: { tags, summary: 'The rain offer a weather link opens (no account needed)', params: tokenParam, response: { 200: weatherOfferView } } },
    async (request, _reply, ctx) => getWeatherOffer(ctx, request.params.token),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/weather-offers/:token/keep',
      schema: { tags, summary: 'Keeps the booked time despite the rain (idempotent)', params: tokenParam, response: { 200: weatherOfferView } },
    },
    async (request, _reply, ctx) => keepWeatherOffer(ctx, request.params.token),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/weather-offers/:token/move',
      schema: { tags, summary: 'Moves the booking to one of the offered starts in one tap (idempotent)', params: tokenParam, body: weatherMoveRequest, response: { 200: weatherOfferView } },
    },
    async (request, _reply, ctx) => moveWeatherOffer(ctx, request.params.token, request.body.slotId),
  ),
  defineRoute(
    {
      method: 'POST',
      url: TWILIO_WEBHOOK_PATH,
      scope: formBodies,
      schema: {
        tags,
        description: 'Inbound texts from Twilio (form-encoded, X-Twilio-Signature): STOP and START turn the number’s texts off and on.',
        headers: z.looseObject({ 'x-twilio-signature': z.string().optional() }),
        body: z.record(z.string(), z.string()),
        response: { 200: { description: 'An empty TwiML answer', content: { 'text/xml': { schema: z.string() } } } },
      },
    },
    async (request, reply, ctx) => {
      await receiveInboundSms(ctx, request.body, request.headers['x-twilio-signature']);
      return reply.type('text/xml; charset=utf-8').send('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    },
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/bookings/:id/messages', guard: requireAdmin, schema: { tags: ['admin'], params: uuidParam, querystring: pageQuery, response: { 200: bookingMessagesPage } } },
    async (request, _reply, ctx) => {
      const { page, pageSize } = request.query;
      return { ...(await listBookingMessages(ctx.db, request.params.id, page, pageSize)), page, pageSize };
    },
  ),
  defineRoute(
    {
      method: 'GET',
      url: '/api/dev/sms',
      devOnly: true,
      schema: {
        tags: ['development'],
        response: { 200: z.array(z.object({ id: z.string(), to: z.string(), body: z.string(), status: z.string(), error: z.string().nullable(), createdAt: z.string() })) },
      },
    },
    async (_request, _reply, ctx) => latestSms(ctx.db, 50),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/dev/weather-check',
      devOnly: true,
      schema: { tags: ['development'], body: devWeatherCheckRequest, response: { 200: z.object({ checked: z.number(), offered: z.number(), failed: z.number() }) } },
    },
    // Development and browser tests: the hourly rain check now, with the stand-in's rainy days set first.
    async (request, _reply, ctx) => {
      if (request.body.rain && 'rain' in ctx.weather) (ctx.weather as { rain: StandInRain[] }).rain = request.body.rain;
      return checkWeather(ctx);
    },
  ),
] as const;

