import { z } from 'zod';
import { pageOf } from '../../../shared/schemas/common';
import {
  productMappingRequest,
  registeredWebhooksResponse,
  registerWebhooksResponse,
  storeCustomerView,
  storeListQuery,
  storeOrderView,
  storeProductParam,
  storeProductView,
  syncStartResponse,
  syncStatusResponse,
  webhookEventView,
  webhookReceivedResponse,
} from '../../../shared/schemas/store-mirror';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { rawJsonBodies } from '../../http/raw-body';
import { listRegisteredWebhooks, registerStoreWebhooks } from './webhook-registration';
import { listStoreCustomers, listStoreOrders, listWebhookEvents } from './mirror-lists.repository';
import { listStoreProducts, removeProductMapping, saveProductMapping } from './product-mappings.repository';
import { resetSync, startSync, syncStatus } from './sync.service';
import { receiveWebhook } from './webhooks.service';

const tags = ['store'];
const guard = requireAdmin;

/** /admin/shopify's calls and the store's webhooks. */
export const storeMirrorRoutes = [
  defineRoute({ method: 'GET', url: '/api/admin/shopify/sync/status', guard, schema: { tags, response: { 200: syncStatusResponse } } }, async (_request, _reply, ctx) => syncStatus(ctx)),
  defineRoute(
    { method: 'POST', url: '/api/admin/shopify/sync/start', guard, schema: { tags, description: 'Queues a sync; 409 STORE_SYNC_RUNNING while one runs.', response: { 202: syncStartResponse } } },
    async (_request, reply, ctx) => reply.status(202).send({ message: 'Sync started', status: await startSync(ctx) }),
  ),
  defineRoute(
    { method: 'POST', url: '/api/admin/shopify/sync/reset', guard, schema: { tags, description: 'Back to idle (the next sync imports everything); 409 while running.', response: { 200: syncStatusResponse } } },
    async (_request, _reply, ctx) => resetSync(ctx),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/customers', guard, schema: { tags, querystring: storeListQuery, response: { 200: pageOf(storeCustomerView) } } }, async (request, _reply, ctx) =>
    listStoreCustomers(ctx.db, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/orders', guard, schema: { tags, querystring: storeListQuery, response: { 200: pageOf(storeOrderView) } } }, async (request, _reply, ctx) =>
    listStoreOrders(ctx.db, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/products', guard, schema: { tags, querystring: storeListQuery, response: { 200: pageOf(storeProductView) } } }, async (request, _reply, ctx) =>
    listStoreProducts(ctx.db, request.query),
  ),
  defineRoute(
    {
      method: 'PUT',
      url: '/api/admin/shopify/products/:productId/mapping',
      guard,
      schema: { tags, description: 'What the product sells (a service or an add-on) and the vehicle size, for the whole product or per variant title.', params: storeProductParam, body: productMappingRequest, response: { 200: storeProductView } },
    },
    async (request, _reply, ctx) => saveProductMapping(ctx.db, request.params.productId, request.body, ctx.now()),
  ),
  defineRoute(
    { method: 'DELETE', url: '/api/admin/shopify/products/:productId/mapping', guard, schema: { tags, description: 'The product sells nothing we book.', params: storeProductParam, response: { 200: storeProductView } } },
    async (request, _reply, ctx) => removeProductMapping(ctx.db, request.params.productId),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/webhooks', guard, schema: { tags, querystring: storeListQuery, response: { 200: pageOf(webhookEventView) } } }, async (request, _reply, ctx) =>
    listWebhookEvents(ctx.db, request.query),
  ),
  defineRoute({ method: 'GET', url: '/api/admin/shopify/webhooks/registered', guard, schema: { tags, response: { 200: registeredWebhooksResponse } } }, async (_request, _reply, ctx) =>
    listRegisteredWebhooks(ctx),
  ),
  defineRoute({ method: 'POST', url: '/api/admin/shopify/webhooks/register', guard, schema: { tags, response: { 200: registerWebhooksResponse } } }, async (_request, _reply, ctx) =>
    registerStoreWebhooks(ctx),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/webhooks/shopify',
      scope: rawJsonBodies,
      schema: {
        tags,
        description: "The store's webhooks, signed (X-Shopify-Hmac-Sha256 over the raw body); stored once per X-Shopify-Webhook-Id and processed by a job.",
        headers: z.looseObject({
          'x-shopify-hmac-sha256': z.string().optional(),
          'x-shopify-topic': z.string().optional(),
          'x-shopify-webhook-id': z.string().optional(),
        }),
        response: { 200: webhookReceivedResponse },
      },
    },
    async (request, _reply, ctx) => {
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.from(typeof request.body === 'string' ? request.body : '');
      return receiveWebhook(ctx, body, request.headers);
    },
  ),
] as const;
