import { pageOf } from '../../../shared/schemas/common';
import {
  createBookingFromOrderRequest,
  createBookingFromOrderResponse,
  fulfillmentListQuery,
  fulfillmentStatusSummary,
  orderDaysRequest,
  orderLookupRequest,
  orderLookupResponse,
  orderSlotsRequest,
  scheduleFromOrderRequest,
  scheduleFromOrderResponse,
  storeOrderParam,
  storeOrderView,
} from '../../../shared/schemas/store-orders';
import { availableDaysResponse, slotCandidate } from '../../../shared/schemas/services';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { openDays, openStarts } from '../slots';
import * as service from './store-orders.service';

const adminTags = ['store'];
const publicTags = ['store orders'];
const guard = requireAdmin;
const notFound = { code: 'STORE_ORDER_NOT_FOUND', message: service.ORDER_NOT_FOUND_MESSAGE } as const;

/**
 * Store orders that become bookings (docs/decisions/017-store-orders-to-bookings.md): the admin's fulfilment page and Create Booking, and the
 * public lookup and scheduling, authenticated only by the order number (or the order's id) plus its e-mail.
 */
export const storeOrdersRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/admin/shopify/orders/fulfillment-ready', guard, schema: { tags: adminTags, querystring: fulfillmentListQuery, response: { 200: pageOf(storeOrderView) } } },
    async (request, _reply, ctx) => service.listFulfillmentOrders(ctx, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/fulfillment-status', guard, schema: { tags: adminTags, response: { 200: fulfillmentStatusSummary } } }, async (_request, _reply, ctx) =>
    service.fulfillmentStatus(ctx),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/shopify/orders/:orderId/create-booking',
      guard,
      notFound,
      schema: { tags: adminTags, params: storeOrderParam, body: createBookingFromOrderRequest, response: { 201: createBookingFromOrderResponse } },
    },
    async (request, reply, ctx) => reply.status(201).send(await service.createBookingFromOrder(ctx, request.params.orderId, request.body)),
  ),
  defineRoute({ method: 'POST', url: '/api/shopify-orders/lookup', schema: { tags: publicTags, body: orderLookupRequest, response: { 200: orderLookupResponse } } }, async (request, _reply, ctx) =>
    service.lookupOrder(ctx, request.body, request.ip),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/shopify-orders/:orderId/schedule-booking',
      notFound,
      schema: { tags: publicTags, params: storeOrderParam, body: scheduleFromOrderRequest, response: { 201: scheduleFromOrderResponse } },
    },
    async (request, reply, ctx) => reply.status(201).send(await service.scheduleFromOrder(ctx, request.params.orderId, request.body)),
  ),
  // The order's whole job decides which starts and days are open (a POST: the e-mail stays out of URLs).
  defineRoute(
    { method: 'POST', url: '/api/shopify-orders/:orderId/available-slots', notFound, schema: { tags: publicTags, params: storeOrderParam, body: orderSlotsRequest, response: { 200: slotCandidate.array() } } },
    async (request, _reply, ctx) => {
      const job = await service.orderJob(ctx, request.params.orderId, request.body);
      return openStarts(ctx, request.body.date, job.minutes, job.reach);
    },
  ),
  defineRoute(
    { method: 'POST', url: '/api/shopify-orders/:orderId/available-days', notFound, schema: { tags: publicTags, params: storeOrderParam, body: orderDaysRequest, response: { 200: availableDaysResponse } } },
    async (request, _reply, ctx) => {
      const job = await service.orderJob(ctx, request.params.orderId, request.body);
      return { dates: await openDays(ctx, request.body.from, request.body.to, job.minutes, job.reach) };
    },
  ),
] as const;
