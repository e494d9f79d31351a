import { z } from 'zod';
import { pageQuery, uuidParam } from '../../../shared/schemas/common';
import {
  createdWebhookEndpoint,
  createWebhookEndpointRequest,
  updateWebhookEndpointRequest,
  webhookAttemptsPage,
  webhookEndpoint,
  webhookEndpointsPage,
} from '../../../shared/schemas/webhooks';
import { requireAdmin } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import { createEndpoint, deleteEndpoint, listAttempts, listEndpoints, sendTestEvent, setEndpointEnabled } from './webhooks.service';

const tags = ['webhooks'];

/** The back office's outbound webhooks (decision 052): endpoints, a test event, the delivery log. */
export const webhooksRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/admin/webhooks', guard: requireAdmin, schema: { tags, querystring: pageQuery, response: { 200: webhookEndpointsPage } } },
    async (request, _reply, ctx) => listEndpoints(ctx, request.query.page, request.query.pageSize),
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/webhooks',
      guard: requireAdmin,
      schema: { tags, summary: 'Adds an endpoint; the answer carries its signing secret, shown this once', body: createWebhookEndpointRequest, response: { 201: createdWebhookEndpoint } },
    },
    async (request, reply, ctx) => {
      reply.code(201);
      return createEndpoint(ctx, request.body);
    },
  ),
  defineRoute(
    {
      method: 'PATCH',
      url: '/api/admin/webhooks/:id',
      guard: requireAdmin,
      schema: { tags, summary: 'Disables or enables an endpoint', params: uuidParam, body: updateWebhookEndpointRequest, response: { 200: webhookEndpoint } },
    },
    async (request, _reply, ctx) => setEndpointEnabled(ctx, request.params.id, request.body.enabled),
  ),
  defineRoute(
    { method: 'DELETE', url: '/api/admin/webhooks/:id', guard: requireAdmin, schema: { tags, params: uuidParam, response: { 200: z.object({ deleted: z.literal(true) }) } } },
    async (request, _reply, ctx) => {
      await deleteEndpoint(ctx, request.params.id);
      return { deleted: true as const };
    },
  ),
  defineRoute(
    {
      method: 'POST',
      url: '/api/admin/webhooks/:id/test',
      guard: requireAdmin,
      schema: { tags, summary: 'Sends a test event now', params: uuidParam, response: { 200: z.object({ delivered: z.boolean() }) } },
    },
    async (request, _reply, ctx) => sendTestEvent(ctx, request.params.id),
  ),
  defineRoute(
    {
      method: 'GET',
      url: '/api/admin/webhooks/:id/attempts',
      guard: requireAdmin,
      schema: { tags, summary: 'The delivery log, newest first', params: uuidParam, querystring: pageQuery, response: { 200: webhookAttemptsPage } },
    },
    async (request, _reply, ctx) => listAttempts(ctx, request.params.id, request.query.page, request.query.pageSize),
  ),
];
