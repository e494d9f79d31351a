import { mkdirSync } from 'node:fs';
import { fromRoot } from '../paths';
import { startFromTemplate } from './pglite-template';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** One Drizzle type for both drivers: they share the PgDatabase query API. */
export type Database = NodePgDatabase<Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
export type DbOrTx = Database | Transaction;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

/** The raw connection beneath Drizzle: used by pg-boss and the live-update bus. */
export interface DatabaseHandle {
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the URL it was opened with (pg_dump and copies open connections of their own). */
  url?: string;
  db: Database;
  /** Parameterised SQL when values are given; multi-statement SQL otherwise. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /** Calls back on each NOTIFY on the channel; resolves to an unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Told false when the LISTEN connection is lost (notifications may have been missed) and true once it
   * listens again (PostgreSQL only: PGlite's notifications cannot be lost).
   */
  onListening?(handler: (listening: boolean) => void): void;
  migrate(): Promise<void>;
  /** PGlite only: the data directory as a tarball, which `loadDataDir` opens again. */
  dumpDataDir?(compression?: 'none' | 'gzip'): Promise<Blob>;
  /** PostgreSQL only: the pool's connections and the requests waiting for one (for /metrics). */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export const migrationsFolder = fromRoot('src/server/db/migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; 'memory://' (or undefined) keeps it in memory. */
  dataDir?: string;
  /** PGlite only: starts from this data directory tarball (PGlite's dumpDataDir), e.g. the tests' template. */
  loadDataDir?: Blob;
  poolSize?: number;
}

/**
 * PostgreSQL's defaults inside PGlite are sized for a database server, not for one process on a small VPS:
 * 128 MB of shared buffers made up most of the embedded server's resident memory. A detailing business'
 * database is tens of MB and the kernel's page cache still holds its files (decision 045).
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=8MB'];

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options.poolSize ?? 10) : openPglite(options.dataDir, options.loadDataDir);
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<DatabaseHandle> {
  // Loaded only when used: a PostgreSQL deployment never pays for the embedded database at startup.
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const inMemory = !dataDir || dataDir.startsWith('memory://');
  if (!inMemory && !(loadDataDir === undefined && startFromTemplate(dataDir))) mkdirSync(dataDir, { recursive: true });
  const client = new PGlite({ dataDir: inMemory ? undefined : dataDir, loadDataDir, startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS] });
  await client.waitReady;
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    kind: 'pglite',
    db,
    async executeSql(text, values) {
      if (values && values.length) return { rows: (await client.query(text, values)).rows as Record<string, unknown>[] };
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    dumpDataDir: (compression = 'none') => client.dumpDataDir(compression),
    close: () => client.close(),
  };
}

async function openPostgres(databaseUrl: string, poolSize: number): Promise<DatabaseHandle> {
  // A request waits at most 5 s for a connection, then fails with a 503 instead of hanging while the database is away.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize, connectionTimeoutMillis: 5_000 });
  // pg-pool listens for 'error' only on idle clients: a client that is checked out (a transaction between
  // statements, a query under way) emits 'error' with no listener when its backend is terminated, and
  // Node ends the process. Every client gets its own listener; the query under way fails on its own, and
  // the pool drops the broken client when it is released (decision 028).
  pool.on('connect', (client) => client.on('error', (error) => logConnectionLoss('PostgreSQL connection lost', error)));
  pool.on('error', (error) => logConnectionLoss('PostgreSQL idle connection lost', error));
  const db = drizzlePg(pool, { schema });
  /** The LISTEN connection once it is up; `listening` is the one connect under way or done, shared by every caller. */
  let listener: pg.Client | undefined;
  let listening: Promise<pg.Client> | undefined;
  /** The statements sent on the LISTEN connection, one at a time (node-postgres deprecates overlapping queries on a client). */
  let statements: Promise<unknown> = Promise.resolve();
  const handlers = new Map<string, Set<(payload: string) => void>>();

  const listeningHandlers = new Set<(listening: boolean) => void>();
  let closed = false;
  let reconnecting = false;

  /**
   * The one LISTEN connection. Callers that arrive while it connects wait for the same connect: two at once
   * (the app subscribes to several channels as it starts) must not open two, or the one left behind would
   * never be re-listened after a loss nor closed.
   */
  function listenerClient(): Promise<pg.Client> {
    listening ??= connectListener().catch((error: unknown) => {
      listening = undefined;
      throw error;
    });
    return listening;
  }

  async function connectListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 5_000, keepAlive: true });
    // Until connect resolves the error reaches connect's promise; a listener still keeps a late one harmless.
    client.on('error', () => undefined);
    await client.connect();
    client.on('notification', (message) => {
      for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => logConnectionLoss('PostgreSQL LISTEN connection lost', error));
    client.on('end', () => {
      if (listener !== client) return;
      listener = undefined;
      listening = undefined;
      if (closed) return;
      for (const handler of listeningHandlers) handler(false);
      if (!reconnecting) void relisten();
    });
    listener = client;
    return client;
  }

  /** `LISTEN channel` on the connection, after whatever was sent on it before. */
  function listenOn(client: pg.Client, channel: string): Promise<unknown> {
    const sent = statements.then(() => client.query(`LISTEN ${pg.escapeIdentifier(channel)}`));
    statements = sent.catch(() => undefined);
    return sent;
  }

  /**
   * A new LISTEN connection for every channel after the old one was lost, retried with backoff (capped at
   * 2 s, so live updates resume within seconds of the database coming back). One loop at a time: two would
   * open two connections and deliver every notification twice.
   */
  async function relisten(): Promise<void> {
    reconnecting = true;
    try {
      for (let attempt = 0; !closed; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, Math.min(250 * 2 ** attempt, 2_000)));
        if (closed) return;
        try {
          const client = await listenerClient();
          for (const channel of handlers.keys()) await listenOn(client, channel);
          // Lost again while re-listening: the next attempt opens another connection.
          if (listener !== client) continue;
          for (const handler of listeningHandlers) handler(true);
          return;
        } catch (error) {
          logConnectionLoss('PostgreSQL LISTEN reconnect failed, retrying', error);
        }
      }
    } finally {
      reconnecting = false;
    }
  }

  return {
    kind: 'postgres',
    url: databaseUrl,
    db,
    async executeSql(text, values) {
      const result = await pool.query(text, values as unknown[] | undefined);
      // A multi-statement query answers with one result per statement; the caller wants the last.
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: (last?.rows ?? []) as Record<string, unknown>[] };
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(channel);
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        await listenOn(client, channel);
      }
      set.add(onPayload);
      return async () => {
        set!.delete(onPayload);
      };
    },
    onListening(handler) {
      listeningHandlers.add(handler);
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    migrate: () => migrateOnce(databaseUrl),
    async close() {
      closed = true;
      // A connect still under way is waited for, so its connection is ended too.
      const client = await listening?.catch(() => undefined);
      await client?.end().catch(() => undefined);
      await pool.end();
    },
  };
}

/**
 * Migrations on PostgreSQL run under a session advisory lock on their own connection: when several instances
 * start at once (a rolling upgrade), one applies the new migrations and the others wait on the lock, then find
 * nothing left to apply. The lock ends with the connection, so a crashed migrator never leaves it held.
 */
async function migrateOnce(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', (error) => logConnectionLoss('PostgreSQL migration connection lost', error));
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('glint-migrations'))`);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** One line per lost connection (code and message), not the client object pg attaches to the error. */
function logConnectionLoss(what: string, error: unknown): void {
  const e = error as { code?: string; message?: string };
  console.error(`${what}: ${e?.code ? `${e.code} ` : ''}${e?.message ?? String(error)}`);
}
