import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { Config } from '../config';
import type { AppContext } from '../context';
import { openDatabase, type DatabaseHandle } from '../db/client';
import { seed } from '../db/seed';
import { CACHE_CHANNEL } from '../events/bus';
import { hashPassword } from '../features/auth/passwords';
import { insertUser } from '../features/auth/auth.repository';
import type { PublicUser } from '../../shared/schemas/auth';
import type { Role } from '../../shared/domain';
import { freshPostgresDatabase, testPostgresUrl } from './postgres';
import { givePgliteBack, takePgliteCopy } from './pglite-pool';
import { pgliteTemplate, postgresTemplate, templateKey, testConfig, TEST_PASSWORD } from './template';

import { memoryFileStore } from '../integrations/files/memory';
export { TEST_PASSWORD, TEST_PUBLIC_URL } from './template';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  handle: DatabaseHandle;
  /** The PostgreSQL URL under test:pg; undefined on PGlite. */
  databaseUrl: string | undefined;
  config: Config;
  /** Moves the app's clock (ms). */
  clock: { now: number; advance(ms: number): void };
  close(): Promise<void>;
  /** An HTTP call with an optional session cookie; JSON bodies by default. */
  call(method: InjectOptions['method'], url: string, options?: { cookie?: string; body?: unknown; headers?: Record<string, string>; ip?: string }): Promise<LightMyRequestResponse>;
  /** Signs in through the API and returns the session cookie. */
  login(email: string, password?: string): Promise<string>;
  /** Creates an account with a role (factories, not fixtures) and returns it with a signed-in cookie. */
  createUser(overrides?: Partial<{ fullName: string; email: string; phone: string; role: Role; password: string; emailVerified: boolean }>): Promise<{ user: PublicUser; cookie: string }>;
  /**
   * Resolves once every cache NOTIFY committed so far has reached this instance (a fence notification sent
   * after them arrives last): a test that writes rows directly calls it before reading through the caches, so
   * no late invalidation drops what the read then caches, and no read answers from before the write.
   */
  cachesSettled(): Promise<void>;
}

let counter = 0;

/**
 * A fresh app on a fresh in-memory PGlite copied from the migrated, seeded template (test/template.ts). Under
 * `npm run test:pg` (TEST_DATABASE_URL set) the same suites run on a fresh copy of the template database on
 * the real PostgreSQL server instead. An explicit `databaseUrl` is migrated and seeded from scratch.
 */
export interface TestAppOptions {
  env?: Record<string, string>;
  databaseUrl?: string;
  seedDemo?: boolean;
  now?: number;
  logStream?: { write(line: string): void };
}

/** A test app on real PostgreSQL (`npm run test:pg`); refuses to run on the embedded database. */
export async function createPostgresTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  if (!testPostgresUrl) throw new Error('Run with npm run test:pg (TEST_DATABASE_URL)');
  const app = await createTestApp(options);
  if (app.handle.kind !== 'postgres') throw new Error(`Expected PostgreSQL, got ${app.handle.kind}`);
  return app;
}

/**
 * A password's argon2id hash made once per test process: createUser makes hundreds of users, each of whose
 * hash would otherwise cost ~14 ms of CPU. Only the salt is shared; logins still verify it as in production.
 */
const testHashes = new Map<string, Promise<string>>();
function testPasswordHash(password: string): Promise<string> {
  let hashed = testHashes.get(password);
  if (!hashed) {
    hashed = hashPassword(password);
    testHashes.set(password, hashed);
  }
  return hashed;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const config = testConfig(options.env, options.seedDemo);
  const fresh = !options.databaseUrl && testPostgresUrl ? await freshPostgresDatabase(testPostgresUrl, { template: await postgresTemplate(config, testPostgresUrl) }) : undefined;
  const databaseUrl = options.databaseUrl ?? fresh?.url;
  const fromTemplate = !options.databaseUrl;
  // An embedded copy of the template comes from this process's pool and goes back to it on close (decision 080).
  const pooledKey = fromTemplate && !databaseUrl ? templateKey(config) : undefined;
  const opened = pooledKey ? await takePgliteCopy(pooledKey, () => pgliteTemplate(config)) : await openDatabase({ databaseUrl, dataDir: 'memory://', poolSize: 20 });
  // A test that closes the database itself keeps it out of the pool.
  let closedByTest = false;
  const handle: DatabaseHandle = {
    ...opened,
    close: async () => {
      closedByTest = true;
      await opened.close();
    },
  };
  if (!fromTemplate) await handle.migrate();
  const clock = {
    now: options.now ?? Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  // The template holds the date-independent seed; this adds the demo data (dated from the test's clock) when asked.
  await seed(handle.db, config, new Date(clock.now));
  // A wait the app would sit out (the store's export polls) passes on the test's clock, not in real time.
  const wait = async (ms: number) => {
    clock.advance(ms);
    await new Promise((resolve) => setImmediate(resolve));
  };
  const { app, ctx } = await buildApp({ config, handle, serveWeb: false, files: memoryFileStore(), now: () => new Date(clock.now), wait, ...(options.logStream ? { logger: true, logStream: options.logStream } : {}) });
  await app.ready();

  const call: TestApp['call'] = (method, url, opts = {}) =>
    app.inject({
      method,
      url,
      // Each call looks like its own client unless a test names the IP, so per-IP limits stay out of the way;
      // the development routes answer this machine only, so tests read them as the developer would.
      remoteAddress: opts.ip ?? (isDevelopmentPath(url) ? '127.0.0.1' : `198.51.100.${Math.floor(Math.random() * 250) + 1}`),
      headers: { ...(opts.cookie ? { cookie: opts.cookie } : {}), ...(opts.headers ?? {}) },
      ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
    });

  const login: TestApp['login'] = async (email, password = TEST_PASSWORD) => {
    const response = await call('POST', '/api/auth/login', { body: { email, password } });
    if (response.statusCode !== 200) throw new Error(`login failed for ${email}: ${response.statusCode} ${response.body}`);
    return cookieFrom(response);
  };

  return {
    app,
    ctx,
    handle,
    databaseUrl,
    config,
    clock,
    call,
    login,
    async createUser(overrides = {}) {
      counter += 1;
      const email = overrides.email ?? `user${counter}-${Math.random().toString(36).slice(2, 8)}@example.com`;
      const password = overrides.password ?? TEST_PASSWORD;
      const user = await insertUser(handle.db, {
        fullName: overrides.fullName ?? `Test User ${counter}`,
        email,
        phone: overrides.phone ?? '4085550100',
        passwordHash: await testPasswordHash(password),
        role: overrides.role ?? 'customer',
        emailVerified: overrides.emailVerified ?? true,
      });
      return { user, cookie: await login(email, password) };
    },
    async cachesSettled() {
      const fence = `fence-${Math.random().toString(36).slice(2)}`;
      const heard = new Promise<void>((resolve) => {
        const stop = ctx.events.subscribeCache((event) => {
          if (event.type === 'slots' && event.dates?.includes(fence)) {
            stop();
            resolve();
          }
        });
      });
      await handle.db.execute(sql`select pg_notify(${CACHE_CHANNEL}, ${JSON.stringify({ type: 'slots', dates: [fence] })})`);
      await heard;
    },
    async close() {
      await app.close();
      if (pooledKey && !closedByTest) await givePgliteBack(pooledKey, opened);
      else await handle.close();
      await fresh?.drop();
    },
  };
}

function isDevelopmentPath(url: string): boolean {
  return url.startsWith('/api/dev/') || url.startsWith('/dev/') || url.startsWith('/api/create-test-booking-redirect');
}

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const first = (Array.isArray(header) ? header : [header]).find((c) => c?.startsWith('glint_session='));
  if (!first) throw new Error('no session cookie in response');
  return first.split(';')[0]!;
}

/** The latest e-mail to an address in the outbox, with its links. */
export async function latestMailTo(test: TestApp, to: string) {
  const response = await test.call('GET', '/api/dev/outbox');
  const messages = response.json() as Array<{ to: string; subject: string; text: string; links: string[] }>;
  return messages.find((m) => m.to === to);
}
