import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createTestApp, type TestApp } from '../test/harness';
import { DOCS_PREFIX } from './openapi';

/**
 * The OpenAPI document is produced from the route declarations: a real validator accepts it, and every
 * route the app registers (seen by an onRoute hook as it is registered) is in it.
 */
let t: TestApp;
let document: { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
const registered: Array<{ method: string; url: string }> = [];
let second: Awaited<ReturnType<typeof buildApp>> | undefined;

beforeAll(async () => {
  t = await createTestApp();
  // A second app on the same database, built with an onRoute hook so every registration is seen.
  second = await buildApp({
    config: t.config,
    handle: t.handle,
    serveWeb: false,
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) registered.push({ method, url: route.url });
    },
  });
  await second.app.ready();
  document = (await second.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 120_000);
afterAll(async () => {
  await second?.app.close();
  await t.close();
});

const toOpenApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}');

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const response = await t.call('GET', '/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(document as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every route the app registers', () => {
    // Not HTTP API routes: the SPA catch-all, the reference's own pages and assets, and the /ws socket
    // (@fastify/websocket always hides it; the document's description points to its LiveMessage type).
    const routes = registered.filter(
      (r) => r.method !== 'HEAD' && r.method !== 'OPTIONS' && r.url !== '/*' && r.url !== '/ws' && r.url !== DOCS_PREFIX && !r.url.startsWith(`${DOCS_PREFIX}/`),
    );
    expect(routes.length).toBeGreaterThan(70);
    const missing = routes.filter((r) => !document.paths[toOpenApiPath(r.url)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.url}`);
    expect(missing).toEqual([]);
  });

  it('documents each JSON route with its request and success schemas and the shared error body', () => {
    const slots = document.paths['/api/services/{id}/available-slots']!.get as unknown as { parameters: Array<{ name: string; in: string }>; responses: Record<string, { content: Record<string, { schema: { type?: string; properties?: Record<string, unknown> } }> }> };
    expect(slots.parameters.map((p) => `${p.in}:${p.name}`).sort()).toEqual(['path:id', 'query:addressId', 'query:date', 'query:lat', 'query:lng', 'query:vehicles']);
    expect(slots.responses['200']!.content['application/json']!.schema.type).toBe('array');
    const error = slots.responses['4XX']!.content['application/json']!.schema;
    expect(Object.keys(error.properties ?? {}).sort()).toEqual(['code', 'message', 'params']);
    const register = document.paths['/api/auth/register']!.post as unknown as { requestBody: { content: Record<string, { schema: { required?: string[] } }> }; responses: Record<string, unknown> };
    expect(register.requestBody.content['application/json']!.schema.required).toEqual(expect.arrayContaining(['fullName', 'email', 'phone', 'password']));
    expect(Object.keys(register.responses)).toContain('201');
  });
});

describe('the API reference', () => {
  it('is served at /api/docs from local assets, with nothing fetched from the internet', async () => {
    let response = await t.call('GET', DOCS_PREFIX);
    for (let hops = 0; hops < 3 && response.statusCode >= 300 && response.statusCode < 400; hops++) {
      const location = String(response.headers.location);
      response = await t.call('GET', location.startsWith('/') ? location : `${DOCS_PREFIX}/${location.replace(/^\.\//, '')}`);
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).not.toMatch(/(src|href)="https?:\/\//);
  });
});
