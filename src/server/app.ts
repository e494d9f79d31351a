import { createStoreClient, demoStoreOf } from './integrations/shopify';
import { loggerOptions } from './http/log-redaction';
import { existsSync } from 'node:fs';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config';
import type { AppContext } from './context';
import type { DatabaseHandle } from './db/client';
import { registerErrorHandler } from './errors';
import { apiRoutes } from './features';
import { demoWebhookSecret } from './features/store-mirror';
import { registerAuthHooks, SESSION_COOKIE } from './http/auth-hooks';
import { encodedPage, loadPrerenderedPages } from './http/prerendered';
import { publicConfigOf } from './features/system/system.routes';
import { inputValidatorCompiler, registerRoutes } from './http/contract';
import { openApiRoutes, registerOpenApi } from './http/openapi';
import { createEventBus } from './events/bus';
import { createCaches } from './caches';
import { createPaymentProvider } from './integrations/payments';
import { createFileStore, type FileStore } from './integrations/files';
import { createMailer, outboxOnlyTransport, smtpTransport, type MailTransport } from './integrations/mail/mailer';
import { createSmsSender } from './integrations/sms/sms';
import { createWeatherSource } from './integrations/weather/weather';
import { pacificDateKey } from '../shared/time';
import { liveSocketRoutes } from './ws/live-socket';
import { fromRoot } from './paths';
import { createMetrics, type Metrics } from './metrics';
import { REQUEST_ID_HEADER, requestIdOf } from './http/request-id';

/** The built SPA; WEB_DIST_DIR (relative to the repo) lets parallel test runs use separate builds. */
export const webDistDir = fromRoot(process.env.WEB_DIST_DIR ?? 'dist/web');

export interface BuildAppOptions {
  config: Config;
  handle: DatabaseHandle;
  mailTransport?: MailTransport;
  now?: () => Date;
  /**
   * How the app waits out a delay it does not own (the store's export polls and throttling back-off):
   * real time by default; tests pass one that moves their clock instead (decision 062).
   */
  wait?: (ms: number) => Promise<void>;
  /** Serve the built SPA from dist/web (default: when it exists). */
  serveWeb?: boolean;
  /** Where the built SPA is (default webDistDir); tests point it at a tiny build of their own. */
  webDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: { write(line: string): void };
  /** The file store (default: S3 or DATA_DIR/uploads by the config); tests pass one in memory. */
  files?: FileStore;
  /** Sees every route as it is registered (the OpenAPI coverage test collects them). */
  onRoute?: (route: RouteOptions) => void;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
}

const API_VERSION = '1.0.0';

/** Builds the Fastify instance with every plugin and route; main.ts listens on it, tests inject into it. */
export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config, handle } = options;
  const app = Fastify({
    // Fastify's request lines are info: quiet at the default LOG_LEVEL=warn, shown at LOG_LEVEL=info.
    logger: options.logger ? loggerOptions(config.logLevel, options.logStream, config.logFormat) : false,
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Every log line of a request carries this id (reqId), the answer carries it back (X-Request-Id).
    genReqId: requestIdOf,
  });
  const now = options.now ?? (() => new Date());
  const transport = options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : outboxOnlyTransport);
  const events = createEventBus(handle);
  const cacheSet = createCaches(events, handle);
  const ctx: AppContext = {
    config,
    handle,
    db: handle.db,
    mailer: createMailer(handle.db, transport, config.mailFrom, app.log),
    sms: createSmsSender(config),
    weather: createWeatherSource(
      { WEATHER_PROVIDER: config.weather.provider, WEATHER_STANDIN_RAIN: config.weather.standInRain },
      { userAgent: `(${config.business.name}, ${config.business.email})`, now, pacificDay: pacificDateKey },
    ),
    now,
    events,
    caches: cacheSet.caches,
    payments: createPaymentProvider(config, handle.db, now),
    store: createStoreClient(config, handle.db, { now, demoWebhookSecret: () => demoWebhookSecret(handle.db), ...(options.wait ? { adapter: { sleep: options.wait } } : {}) }),
    metrics: createMetrics(),
    files: options.files ?? createFileStore(config),
  };
  await ctx.events.start();
  app.addHook('onClose', async () => {
    cacheSet.stop();
    await ctx.events.stop();
  });
  app.decorate('ctx', ctx);
  measureRequests(app, ctx.metrics);

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  // The declared contract (src/server/http/contract.ts): Zod validates input and serialises output.
  app.setValidatorCompiler(inputValidatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  await app.register(cookie);
  registerAuthHooks(app, ctx);
  await registerOpenApi(app, API_VERSION);
  await registerRoutes(app, ctx, [...apiRoutes, ...openApiRoutes]);
  await liveSocketRoutes(app, ctx);
  // The demo store delivers its webhooks to this app's own endpoint, in-process (decision 016).
  demoStoreOf(ctx.store)?.setDelivery(({ headers, body }) => app.inject({ method: 'POST', url: '/api/webhooks/shopify', headers, payload: body }));

  const webDir = options.webDir ?? webDistDir;
  if (options.serveWeb ?? existsSync(webDir)) await serveSpa(app, webDir);
  return { app, ctx };
}

/**
 * Each answer names its request (X-Request-Id) and is timed by route pattern, method and status; the
 * instance's own gauges (pool, sockets) are read when /metrics is scraped.
 */
function measureRequests(app: FastifyInstance, metrics: Metrics) {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest({ method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode }, reply.elapsedTime / 1000);
  });
  const pool = app.ctx.handle.poolStats;
  metrics.gauge({
    name: 'glint_db_pool_clients',
    help: 'PostgreSQL pool connections by state (waiting: requests queued for a connection); 0 on the embedded database',
    labelNames: ['state'],
    read(set) {
      const stats = pool ? pool() : { total: 0, idle: 0, waiting: 0 };
      set(stats.total, { state: 'total' });
      set(stats.idle, { state: 'idle' });
      set(stats.waiting, { state: 'waiting' });
    },
  });
  metrics.gauge({
    name: 'glint_open_sockets',
    help: 'Open connections to this instance: live-update WebSockets and HTTP connections',
    labelNames: ['kind'],
    async read(set) {
      const websockets = (app as { websocketServer?: { clients: Set<unknown> } }).websocketServer?.clients.size ?? 0;
      const http = await new Promise<number>((resolve) => app.server.getConnections((error, count) => resolve(error ? 0 : count)));
      set(websockets, { kind: 'websocket' });
      set(http, { kind: 'http' });
    },
  });
}

/**
 * TRUST_PROXY as Fastify's trustProxy. Unset: the socket's peer is the client, so a forged X-Forwarded-For
 * changes nothing. A hop count is a function because Fastify reads a bare number as "trust nobody": the
 * client is then the address that many hops back (the app must be reachable only through those proxies).
 */
function trustProxyOption(trust: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust !== 'number') return trust;
  return (_address, hop) => hop < trust;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}

/** Hashed file names change with their content: a browser keeps them a year without asking again. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current hashed files: always revalidated. */
export const REVALIDATE = 'no-cache';

/**
 * The built SPA: hashed assets cached for a year, index.html revalidated on each visit, every other non-API
 * GET answered with index.html. @fastify/static's own cache-control is off (cacheControl: false), else its
 * `public, max-age=0` would replace ours. The public pages are prerendered at build time and sent to visitors.
 */
async function serveSpa(app: FastifyInstance, root: string) {
  const prerendered = loadPrerenderedPages(root, publicConfigOf(app.ctx.config));
  await app.register(fastifyStatic, {
    root,
    index: false,
    // The build writes .br and .gz beside each asset (scripts/build-web-if-stale.mjs).
    preCompressed: true,
    cacheControl: false,
    // Files are sent by the catch-all below (reply.sendFile): a route of their own for each of the build's
    // ~360 files (GET and HEAD, .br and .gz included) cost ~0.2 s of CPU at every start (decision 075).
    serve: false,
    setHeaders(res, path) {
      if (path.includes('/assets/')) res.setHeader('cache-control', IMMUTABLE);
      else if (path.endsWith('.html')) res.setHeader('cache-control', REVALIDATE);
      else res.setHeader('cache-control', 'public, max-age=3600');
    },
  });
  app.get('/*', async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || path === '/ws') return reply.callNotFound();
    if (/\.[a-z0-9]+$/i.test(path) && !path.endsWith('.html')) {
      // A real file under dist/web (favicon, images); otherwise a plain 404.
      return reply.sendFile(path.slice(1));
    }
    reply.header('cache-control', REVALIDATE);
    // The public pages, prerendered at build time, for visitors (src/server/http/prerendered.ts).
    const page = prerendered.pick(path, new URLSearchParams(request.url.slice(path.length)), Boolean(request.cookies[SESSION_COOKIE]));
    if (!page) return reply.sendFile('index.html');
    const { body, encoding } = encodedPage(page, request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.header('vary', 'accept-encoding, cookie').type('text/html; charset=utf-8').send(body);
  });
}
