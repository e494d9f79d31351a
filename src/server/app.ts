import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './errors';
import { featureRoutes } from './features';
import { registerAuthHooks } from './http/auth-hooks';
import { RateLimiter } from './http/rate-limit';
import { createEventBus } from './events/bus';
import { createMailer, outboxOnlyTransport, smtpTransport, type MailTransport } from './integrations/mail/mailer';

/** The built SPA; WEB_DIST_DIR (relative to the repo) lets parallel test runs use separate builds. */
export const webDistDir = fileURLToPath(new URL(`../../${process.env.WEB_DIST_DIR ?? 'dist/web'}`, import.meta.url));

export interface BuildAppOptions {
  config: Config;
  handle: DatabaseHandle;
  mailTransport?: MailTransport;
  now?: () => Date;
  /** Serve the built SPA from dist/web (default: when it exists). */
  serveWeb?: boolean;
  logger?: boolean;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const MINUTE = 60_000;

/** Builds the Fastify instance with every plugin and route; main.ts listens on it, tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, handle } = options;
  const app = Fastify({
    logger: options.logger ? { level: config.logLevel } : false,
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });
  const now = options.now ?? (() => new Date());
  const clock = () => now().getTime();
  const transport = options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxOnlyTransport);
  const ctx: AppContext = {
    config,
    handle,
    db: handle.db,
    mailer: createMailer(handle.db, transport, config.mailFrom, app.log),
    limits: {
      loginPerIp: new RateLimiter(config.authRateLimitPerIp, 15 * MINUTE, clock),
      loginPerAccount: new RateLimiter(10, 15 * MINUTE, clock),
      registerPerIp: new RateLimiter(config.authRateLimitPerIp, 60 * MINUTE, clock),
      forgotPerIp: new RateLimiter(config.authRateLimitPerIp, 15 * MINUTE, clock),
      forgotPerAccount: new RateLimiter(5, 60 * MINUTE, clock),
      resendPerAccount: new RateLimiter(5, 60 * MINUTE, clock),
    },
    now,
    events: createEventBus(handle),
  };
  await ctx.events.start();
  app.addHook('onClose', async () => ctx.events.stop());
  app.decorate('ctx', ctx);

  registerErrorHandler(app);
  await app.register(cookie);
  registerAuthHooks(app, ctx);
  for (const routes of featureRoutes) await routes(app, ctx);

  if (options.serveWeb ?? existsSync(webDistDir)) await serveSpa(app);
  return { app, ctx };
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** The built SPA: hashed assets cached for a year, every other non-API GET answered with index.html. */
async function serveSpa(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: webDistDir,
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/build-web-if-stale.mjs).
    preCompressed: true,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/ws') return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
      // A real file under dist/web (favicon, images); otherwise a plain 404.
      return reply.sendFile(path.slice(1), { maxAge: 3600_000 });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
