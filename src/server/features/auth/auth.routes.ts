import type { FastifyInstance } from 'fastify';
import { forgotPasswordRequest, loginRequest, registerRequest, resetPasswordRequest, verifyEmailQuery } from '../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import { parse } from '../../errors';
import { clearSessionCookie, clientInfo, currentUser, requireUser, SESSION_COOKIE, setSessionCookie } from '../../http/auth-hooks';
import * as auth from './auth.service';

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  app.get('/api/auth/me', async (request) => currentUser(request));

  app.post('/api/auth/register', async (request, reply) => {
    const input = parse(registerRequest, request.body);
    const { response, token } = await auth.registerCustomer(ctx, input, clientInfo(request));
    setSessionCookie(reply, ctx, token);
    return reply.status(201).send(response);
  });

  app.post('/api/auth/login', async (request, reply) => {
    const input = parse(loginRequest, request.body);
    const { user, token } = await auth.login(ctx, input, clientInfo(request));
    setSessionCookie(reply, ctx, token);
    return user;
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx);
    return { message: 'Logged out' };
  });

  app.get('/api/auth/verify-email', async (request) => {
    const { token } = parse(verifyEmailQuery, request.query);
    return auth.verifyEmail(ctx, token);
  });

  app.post('/api/auth/resend-verification', { preHandler: requireUser }, async (request) => auth.resendVerification(ctx, currentUser(request)));

  app.post('/api/auth/forgot-password', async (request) => auth.forgotPassword(ctx, parse(forgotPasswordRequest, request.body), clientInfo(request)));

  app.post('/api/auth/reset-password', async (request) => auth.resetPassword(ctx, parse(resetPasswordRequest, request.body)));
}
