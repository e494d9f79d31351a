import {
  forgotPasswordRequest,
  loginRequest,
  messageResponse,
  publicUser,
  registerRequest,
  registerResponse,
  resetPasswordRequest,
  sessionResponse,
  verifyEmailQuery,
  verifyEmailResponse,
} from '../../../shared/schemas/auth';
import { clearSessionCookie, clientInfo, currentUser, requireUser, SESSION_COOKIE, setSessionCookie } from '../../http/auth-hooks';
import { defineRoute } from '../../http/contract';
import * as auth from './auth.service';
import { recordServerEvent } from '../analytics';

const tags = ['auth'];

export const authRoutes = [
  defineRoute({ method: 'GET', url: '/api/auth/me', schema: { tags, response: { 200: publicUser } } }, async (request) => currentUser(request)),
  // The web app's session probe: a visitor is an answer, not an error (GET /api/auth/me stays 401 for API clients).
  defineRoute({ method: 'GET', url: '/api/auth/session', schema: { tags, response: { 200: sessionResponse } } }, async (request) => ({ user: request.session?.user ?? null })),

  defineRoute({ method: 'POST', url: '/api/auth/register', schema: { tags, body: registerRequest, response: { 201: registerResponse } } }, async (request, reply, ctx) => {
    const { response, token, created } = await auth.registerCustomer(ctx, request.body, clientInfo(request));
    // A known e-mail gets the same answer, its cookie opening nothing (decision 030).
    setSessionCookie(reply, ctx, token);
    if (created) await recordServerEvent(ctx, request, 'account_created', {}, response.user.id);
    return reply.status(201).send(response);
  }),

  defineRoute({ method: 'POST', url: '/api/auth/login', schema: { tags, body: loginRequest, response: { 200: publicUser } } }, async (request, reply, ctx) => {
    const { user, token } = await auth.login(ctx, request.body, clientInfo(request));
    setSessionCookie(reply, ctx, token);
    return user;
  }),

  defineRoute({ method: 'POST', url: '/api/auth/logout', schema: { tags, response: { 200: messageResponse } } }, async (request, reply, ctx) => {
    await auth.logout(ctx, request.cookies[SESSION_COOKIE]);
    clearSessionCookie(reply, ctx);
    return { message: 'Logged out' };
  }),

  defineRoute({ method: 'GET', url: '/api/auth/verify-email', schema: { tags, querystring: verifyEmailQuery, response: { 200: verifyEmailResponse } } }, async (request, _reply, ctx) =>
    auth.verifyEmail(ctx, request.query.token),
  ),

  defineRoute({ method: 'POST', url: '/api/auth/resend-verification', guard: requireUser, schema: { tags, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    auth.resendVerification(ctx, currentUser(request)),
  ),

  defineRoute({ method: 'POST', url: '/api/auth/forgot-password', schema: { tags, body: forgotPasswordRequest, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    auth.forgotPassword(ctx, request.body, clientInfo(request)),
  ),

  defineRoute({ method: 'POST', url: '/api/auth/reset-password', schema: { tags, body: resetPasswordRequest, response: { 200: messageResponse } } }, async (request, _reply, ctx) =>
    auth.resetPassword(ctx, request.body),
  ),
] as const;
