import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../shared/domain';
import type { PublicUser } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import { AppError } from '../errors';
import { resolveSession, type SessionUser } from '../features/auth/auth.service';

export const SESSION_COOKIE = 'glint_session';

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionUser | undefined;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Loads the session from its cookie and refuses cross-origin state changes. */
export function registerAuthHooks(app: FastifyInstance, ctx: AppContext): void {
  const allowedOrigin = new URL(ctx.config.publicUrl).origin;
  app.decorateRequest('session', undefined);
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method)) {
      const origin = request.headers.origin;
      // Browsers send Origin on every cross-site POST; requests without it (webhooks, curl) carry no ambient cookie risk worth refusing.
      if (origin && origin !== allowedOrigin) throw new AppError('CROSS_ORIGIN_REFUSED', 'Cross-origin request refused');
    }
    const token = request.cookies[SESSION_COOKIE];
    request.session = token ? await resolveSession(ctx, token) : undefined;
  });
}

export function setSessionCookie(reply: FastifyReply, ctx: AppContext, token: string): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.publicUrl.startsWith('https://'),
    maxAge: 30 * 86_400,
  });
}

export function clearSessionCookie(reply: FastifyReply, ctx: AppContext): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure: ctx.config.publicUrl.startsWith('https://') });
}

/** The signed-in user, or 401. */
export function currentUser(request: FastifyRequest): PublicUser {
  if (!request.session) throw new AppError('NOT_SIGNED_IN', 'Please sign in to continue');
  return request.session.user;
}

/** Route guards (preHandler): 401 when not signed in, 403 when the role is wrong. */
export const requireUser = async (request: FastifyRequest) => {
  currentUser(request);
};

export function requireRole(...roles: Role[]) {
  return async (request: FastifyRequest) => {
    const user = currentUser(request);
    if (!roles.includes(user.role)) {
      if (roles.includes('admin') && roles.length === 1) throw new AppError('ADMIN_ONLY', 'Admin privileges required');
      throw new AppError('NO_ACCESS', 'You do not have access to this page');
    }
  };
}

export const requireAdmin = requireRole('admin');
export const requireDriverOrAdmin = requireRole('driver', 'admin');

export function clientInfo(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] };
}
