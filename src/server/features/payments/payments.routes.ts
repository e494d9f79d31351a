import { z } from 'zod';
import {
  confirmPaymentRequest,
  confirmPaymentResponse,
  createPaymentIntentRequest,
  createPaymentIntentResponse,
  testCardConfirmRequest,
} from '../../../shared/schemas/checkout';
import { bookingLedger, collectPaymentRequest, paymentRecorded, refundPaymentRequest, tipConfirmRequest, tipOffer, tipPayment, tipRequest, tipsWeek, tipsWeekQuery } from '../../../shared/schemas/payments';
import { idempotencyKeyHeader } from '../../../shared/schemas/checkout';
import { uuidParam } from '../../../shared/schemas/common';
import { currentUser, requireAdmin, requireDriverOrAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { bookingLedgerFor, collectPayment, markNoShow, refundPayment } from './ledger.service';
import { noShowRequest, noShowResult } from '../../../shared/schemas/policy';
import { idempotent } from '../../http/idempotency';
import { rawJsonBodies } from '../../http/raw-body';
import { confirmPayment, confirmTestCard, createPaymentIntent, handleStripeWebhook } from './payments.service';
import { createTestBooking } from './test-booking';
import { confirmTip, startTip, tipOffer as offerTip, tipsWeek as weekOfTips, type TipViewer } from './tips.service';

const tags = ['payments'];
/** A malformed id reads like an unknown booking. */
const notFound = { code: 'BOOKING_NOT_FOUND' as const, message: 'Booking not found' };
/** Money is never recorded twice by a retry: these calls need the caller's key. */
const keyed = z.looseObject({ 'idempotency-key': idempotencyKeyHeader });

/** The customer's booking: signed in, or a guest's tracking token (X-Tracking-Token, or ?token= from an e-mail link). */
const tipHeaders = z.looseObject({ 'x-tracking-token': z.string().max(200).optional() });
const tipQuery = z.object({ token: z.string().max(200).optional() });
const tipViewer = (request: { session?: { user?: TipViewer['user'] } | null; headers: { 'x-tracking-token'?: string }; query: { token?: string } }): TipViewer => ({
  user: request.session?.user,
  token: request.headers['x-tracking-token'] || request.query.token || undefined,
});

export const paymentsRoutes = [
  // Tips from the customer after the job (decision 058).
  defineRoute(
    { method: 'GET', url: '/api/bookings/:id/tip', notFound, schema: { tags, params: uuidParam, headers: tipHeaders, querystring: tipQuery, response: { 200: tipOffer } } },
    async (request, reply, ctx) => {
      reply.header('cache-control', 'no-store');
      return offerTip(ctx, request.params.id, tipViewer(request));
    },
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/bookings/:id/tip',
      notFound,
      schema: { tags, params: uuidParam, headers: keyed.extend({ 'x-tracking-token': z.string().max(200).optional() }), querystring: tipQuery, body: tipRequest, response: { 200: tipPayment } },
    },
    async (request, _reply, ctx) => startTip(ctx, request.params.id, tipViewer(request), request.body, request.headers['idempotency-key']),
  ),
  defineRoute(
    { method: 'POST', url: '/api/bookings/:id/tip/confirm', notFound, schema: { tags, params: uuidParam, headers: tipHeaders, querystring: tipQuery, body: tipConfirmRequest, response: { 200: tipPayment } } },
    async (request, _reply, ctx) => confirmTip(ctx, request.params.id, tipViewer(request), request.body.paymentIntentId),
  ),
  defineRoute(
    { method: 'GET', url: '/api/admin/tips', guard: requireAdmin, schema: { tags, querystring: tipsWeekQuery, response: { 200: tipsWeek } } },
    async (request, _reply, ctx) => weekOfTips(ctx, request.query.weekOf),
  ),

  // The booking's ledger (decision 049): read and collected by the assigned driver or the office, refunded by the office.
  defineRoute(
    { method: 'GET', url: '/api/bookings/:id/payments', guard: requireDriverOrAdmin, notFound, schema: { tags, params: uuidParam, response: { 200: bookingLedger } } },
    async (request, _reply, ctx) => bookingLedgerFor(ctx, currentUser(request), request.params.id),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/bookings/:id/payments',
      guard: requireDriverOrAdmin,
      notFound,
      schema: { tags, params: uuidParam, headers: keyed, body: collectPaymentRequest, response: { 200: paymentRecorded, 201: paymentRecorded } },
    },
    async (request, reply, ctx) => {
      const result = await collectPayment(ctx, currentUser(request), request.params.id, request.body, request.headers['idempotency-key']);
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/bookings/:id/refunds',
      guard: requireAdmin,
      notFound,
      schema: { tags, params: uuidParam, headers: keyed, body: refundPaymentRequest, response: { 200: paymentRecorded, 201: paymentRecorded } },
    },
    async (request, reply, ctx) => {
      const result = await refundPayment(ctx, currentUser(request), request.params.id, request.body, request.headers['idempotency-key']);
      return reply.status(result.replayed ? 200 : 201).send(result);
    },
  ),

  // The customer was not there (decision 057): the no-show mark, and the policy's fee when asked.
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/bookings/:id/no-show',
      guard: requireAdmin,
      notFound,
      schema: { tags, params: uuidParam, headers: keyed, body: noShowRequest, response: { 200: noShowResult } },
    },
    async (request, _reply, ctx) =>
      idempotent(ctx, request, `no-show:${request.params.id}`, () => markNoShow(ctx, currentUser(request), request.params.id, request.body.chargeFee)),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/create-payment-intent',
      schema: {
        tags,
        body: createPaymentIntentRequest,
        headers: z.looseObject({ 'x-tracking-token': z.string().optional().describe("A guest's tracking token (or trackingToken in the body)") }),
        response: { 200: createPaymentIntentResponse },
      },
    },
    async (request, _reply, ctx) => {
      const input = request.body;
      const trackingToken = input.trackingToken ?? request.headers['x-tracking-token'];
      return createPaymentIntent(ctx, { input, user: request.session?.user, trackingToken });
    },
  ),

  defineRoute(
    { method: 'POST', url: '/api/confirm-payment', schema: { tags, body: confirmPaymentRequest, response: { 200: confirmPaymentResponse, 202: confirmPaymentResponse } } },
    async (request, reply, ctx) => {
      const result = await confirmPayment(ctx, request.body);
      return reply.status(result.processing ? 202 : 200).send(result.payment);
    },
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/payments/test/confirm-card',
      schema: {
        tags,
        body: testCardConfirmRequest,
        response: { 200: z.object({ status: z.literal('succeeded'), paymentIntentId: z.string(), bookingId: z.string().nullable() }) },
      },
    },
    async (request, _reply, ctx) => confirmTestCard(ctx, request.body),
  ),

  defineRoute(
    {
      method: 'POST',
      url: '/api/webhooks/stripe',
      scope: rawJsonBodies,
      schema: {
        tags,
        description: "Stripe's events, signed: the body is read as raw bytes.",
        headers: z.looseObject({ 'stripe-signature': z.string().optional() }),
        response: { 200: z.object({ received: z.literal(true), duplicate: z.literal(true).optional() }) },
      },
    },
    async (request, _reply, ctx) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      return handleStripeWebhook(ctx, body, request.headers['stripe-signature']);
    },
  ),
  // Outside production: a guest booking paid with the test card in one click (it books through bookings, then pays).
  defineRoute(
    { method: 'GET', url: '/api/create-test-booking-redirect', devOnly: true, schema: { tags: ['development'], response: { 303: z.undefined().describe('Redirects to the new test booking') } } },
    async (_request, reply, ctx) => {
      const { url } = await createTestBooking(ctx);
      return reply.redirect(url, 303);
    },
  ),
] as const;
