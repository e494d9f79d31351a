import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import { webhooksOpenApi } from '../../shared/schemas/webhooks';
import { defineRoute } from './contract';

export const DOCS_PREFIX = '/api/docs';

/**
 * The OpenAPI 3.1 document, produced by @fastify/swagger from every registered route's Zod schemas
 * (so it cannot drift from what the server validates and serialises). Registered before the routes:
 * swagger collects them with an onRoute hook.
 */
export async function registerOpenApi(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Glint API',
        version,
        description:
          'The booking API of Glint. Errors answer `{ code, message, params? }` (codes in src/shared/error-codes.ts); signed-in calls use the `glint_session` cookie. Live booking updates arrive on the WebSocket `/ws?token=…` (or `?bookingId=…` with a session) (messages: `LiveMessage` in src/shared/schemas/tracking.ts).',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'glint_session' } } },
      // What Glint sends to the owner's other tools (decision 052).
      webhooks: webhooksOpenApi() as NonNullable<OpenAPIV3_1.Document['webhooks']>,
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  // The reader's page: swagger-ui's own bundled assets, nothing fetched from the internet.
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, uiConfig: { docExpansion: 'list', deepLinking: true } });
}

export const openApiRoutes = [
  defineRoute(
    { method: 'GET', url: '/api/openapi.json', schema: { tags: ['system'], description: 'This document.', response: { 200: z.record(z.string(), z.unknown()) } } },
    async (request) => request.server.swagger() as unknown as Record<string, unknown>,
  ),
] as const;
