import Fastify from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppContext } from '../context';
import { registerErrorHandler } from '../errors';
import { apiRoutes } from '../features';
import { defineRoute, inputValidatorCompiler, registerRoutes } from './contract';

/** Responses go through their schemas: a field the schema does not name never leaves the server. */
const app = Fastify();
const ctx = { config: { isProduction: false } } as AppContext;
const storedUser = {
  id: '5b0c8c1e-3f7a-4a53-9a43-6a0f9d6a8b11',
  fullName: 'Ana Cruz',
  username: 'ana',
  email: 'ana@example.com',
  phone: null,
  role: 'customer' as const,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  // Internal columns a careless repository might return with the row.
  passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$c2VjcmV0$aGFzaA',
  verificationTokenHash: 'f00d',
};

beforeAll(async () => {
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    request.session = { sessionId: 's', user: storedUser };
  });
  const me = apiRoutes.find((r) => r.method === 'GET' && r.url === '/api/auth/me')!;
  await registerRoutes(app, ctx, [
    me,
    defineRoute(
      { method: 'POST', url: '/echo/:id', schema: { params: z.object({ id: z.uuid({ error: 'Not a valid id' }) }), body: z.object({ n: z.number({ error: 'n must be a number' }) }), response: { 200: z.object({ n: z.number() }) } } },
      async (request) => ({ ...request.body, secret: 'internal' }),
    ),
    defineRoute({ method: 'GET', url: '/thing/:id', notFound: { code: 'NOT_FOUND', message: 'Thing not found' }, schema: { params: z.object({ id: z.uuid() }), response: { 200: z.object({ id: z.string() }) } } }, async (request) => ({
      id: request.params.id,
    })),
  ]);
  await app.ready();
});
afterAll(() => app.close());

describe('the declared contract', () => {
  it('strips a field the response schema does not declare (a password hash on GET /api/auth/me)', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('passwordHash');
    expect(response.body).not.toContain('argon2');
    expect(response.body).not.toContain('verificationTokenHash');
    expect(response.json()).toEqual({ id: storedUser.id, fullName: 'Ana Cruz', username: 'ana', email: 'ana@example.com', phone: null, role: 'customer', emailVerified: true, createdAt: storedUser.createdAt });
  });

  it('strips an unknown field from any declared response', async () => {
    const response = await app.inject({ method: 'POST', url: '/echo/5b0c8c1e-3f7a-4a53-9a43-6a0f9d6a8b11', payload: { n: 3, extra: true } });
    expect(response.json()).toEqual({ n: 3 });
  });

  it('answers invalid input with 400 INVALID_INPUT, the first issue and its field', async () => {
    const body = await app.inject({ method: 'POST', url: '/echo/5b0c8c1e-3f7a-4a53-9a43-6a0f9d6a8b11', payload: { n: 'three' } });
    expect(body.statusCode).toBe(400);
    expect(body.json()).toEqual({ code: 'INVALID_INPUT', message: 'n must be a number', params: { field: 'n' } });
    const missing = await app.inject({ method: 'POST', url: '/echo/5b0c8c1e-3f7a-4a53-9a43-6a0f9d6a8b11' });
    expect(missing.json()).toEqual({ code: 'INVALID_INPUT', message: 'n must be a number', params: { field: 'n' } });
    const params = await app.inject({ method: 'POST', url: '/echo/nope', payload: { n: 1 } });
    expect(params.json()).toEqual({ code: 'INVALID_INPUT', message: 'Not a valid id', params: { field: 'id' } });
  });

  it('answers a malformed id with 404 where the declaration says so', async () => {
    const response = await app.inject({ method: 'GET', url: '/thing/nope' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: 'Thing not found' });
  });
});
