/**
 * The server half of the bench table, against the app as `npm start` runs it (built web, PostgreSQL):
 * startup on a fresh and on an existing database, slots ÷ health and services ÷ health (interleaved rounds
 * in one process, autocannon, 50 connections), booking creation by 50 concurrent clients over 10 days with
 * the capacity rule re-checked in SQL afterwards, and 2,000 open tracking sockets (memory, location p99).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import pg from 'pg';
import { figure, type Figure } from './figures';
import { freePort } from '../src/server/test/free-port';
import { serverEntry, serverProcess } from '../scripts/build-server.mjs';

export interface RunningApp {
  url: string;
  /** The process answering HTTP (its RSS is the server's memory). */
  pid: number;
  /** Milliseconds from spawn to the first 200 of /api/health: the first answer. */
  startupMs: number;
  /** Milliseconds from spawn to the first 200 of /api/ready: database open, migrated, job workers running. */
  readyMs: number;
  /** The server process' highest resident memory (MB) sampled every 10 ms until ready: the start-up peak. */
  startupPeakRssMb: number;
  /**
   * CPU seconds the started processes (npm, the start script, the server) had used by then: on a shared,
   * overloaded machine the wall time mostly measures waiting for a core, this what startup itself costs.
   */
  startupCpuS: number;
  stop(): Promise<void>;
}

export const BENCH_PASSWORD = 'glint-bench-pass';

/** Where the app keeps its data: a PostgreSQL database, or the embedded database in a data folder. */
export type BenchDatabase = { databaseUrl: string } | { dataDir: string };

/**
 * Starts the app on `database`: `npm start` itself (viaNpm, for the startup figures) or the built server
 * bundle as npm start runs it (same flags; for load, so its pid is the server's; BENCH_NODE_ARGS adds node
 * flags, e.g. --cpu-prof).
 */
export async function startApp(database: BenchDatabase, options: { viaNpm?: boolean; jobs?: boolean } = {}): Promise<RunningApp> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    NODE_ENV: 'production',
    SEED_DEMO: 'true',
    DEMO_PASSWORD: BENCH_PASSWORD,
    ADMIN_PASSWORD: BENCH_PASSWORD,
    JOBS: options.jobs === false ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    // The load generator plays many clients by X-Forwarded-For, as a proxy on this machine would.
    TRUST_PROXY: 'loopback',
  };
  delete env.DATABASE_URL;
  if ('databaseUrl' in database) env.DATABASE_URL = database.databaseUrl;
  else env.DATA_DIR = database.dataDir;
  const started = performance.now();
  const server = serverProcess(env);
  const child: ChildProcess = options.viaNpm
    ? spawn('npm', ['start', '--silent'], { env, stdio: ['ignore', 'ignore', 'inherit'], detached: true })
    : spawn(process.execPath, [...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...server.args], { env: server.env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  let startupMs = -1;
  let readyMs = -1;
  let startupCpuS = -1;
  let serverPid: number | undefined;
  let peak = 0;
  // The server is npm's grandchild under viaNpm: found in the process group by its command line.
  const sampler = setInterval(() => {
    serverPid ??= groupPids(child.pid!).find((pid) => commandLine(pid).includes(serverEntry));
    if (serverPid) peak = Math.max(peak, rssMbOrZero(serverPid));
  }, 10);
  try {
    for (let i = 0; i < 6000 && readyMs < 0; i++) {
      if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode}`);
      try {
        if (startupMs < 0 && (await fetch(`${url}/api/health`)).ok) startupMs = performance.now() - started;
        if (startupMs >= 0 && (await fetch(`${url}/api/ready`)).ok) {
          readyMs = performance.now() - started;
          startupCpuS = groupCpuSeconds(child.pid!);
        }
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    clearInterval(sampler);
  }
  if (readyMs < 0 || !serverPid) throw new Error('app did not become ready');
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-child.pid!, name);
      } catch {
        // the group is gone already
      }
    };
    signal('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    if (child.exitCode === null) signal('SIGKILL');
  };
  return { url, pid: serverPid, startupMs, readyMs, startupPeakRssMb: peak, startupCpuS, stop };
}

interface Round {
  rps: number;
  p99: number;
  errors: number;
}

async function cannon(url: string, paths: string[], seconds: number): Promise<Round> {
  const result = await autocannon({ url, connections: 50, duration: seconds, requests: paths.map((path) => ({ method: 'GET', path })) });
  return { rps: result.requests.average, p99: result.latency.p99, errors: result.non2xx + result.errors + result.timeouts };
}

/** `a` and `b` in alternating rounds against one process, so both see the same machine load. */
export async function sideBySide(url: string, a: string[], b: string[], rounds: number, seconds: number) {
  const ra: Round[] = [];
  const rb: Round[] = [];
  // A short unmeasured warm-up of each (JIT, the pool's connections, the caches' first loads).
  await cannon(url, a, 1);
  await cannon(url, b, 1);
  for (let i = 0; i < rounds; i++) {
    ra.push(await cannon(url, a, seconds));
    rb.push(await cannon(url, b, seconds));
  }
  const mean = (rs: Round[]) => rs.reduce((s, r) => s + r.rps, 0) / rs.length;
  return { a: mean(ra), b: mean(rb), ratio: mean(rb) / mean(ra), p99a: Math.max(...ra.map((r) => r.p99)), p99b: Math.max(...rb.map((r) => r.p99)), errors: [...ra, ...rb].reduce((s, r) => s + r.errors, 0), rounds: { a: ra, b: rb } };
}

export function dateKeyIn(days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(Date.now() + days * 86_400_000));
  return parts;
}

export async function throughputFigures(app: RunningApp, seconds: number, rounds: number): Promise<{ figures: Figure[]; notes: Record<string, unknown> }> {
  const services = (await (await fetch(`${app.url}/api/services`)).json()) as { id: string }[];
  const days = Array.from({ length: 10 }, (_, i) => dateKeyIn(i + 2));
  const slotPaths = days.flatMap((day) => services.slice(0, 3).map((s) => `/api/services/${s.id}/available-slots?date=${day}`));
  // The baseline: one database round trip and no other work (GET /api/ready; /api/health no longer touches the database).
  const health = ['/api/ready'];
  const slots = await sideBySide(app.url, health, slotPaths, rounds, seconds);
  const catalogue = await sideBySide(app.url, health, ['/api/services'], rounds, seconds);
  return {
    figures: [
      figure('slots ÷ health (req/s ratio)', slots.ratio, 'ratio', '≥', 0.6),
      figure('slots p99', slots.p99b, 'ms', '≤', 20),
      figure('services ÷ health (req/s ratio)', catalogue.ratio, 'ratio', '≥', 0.8),
    ],
    notes: {
      // The health check's own p99 under the same 50 connections: the floor a slots p99 is read against.
      slots: { healthRps: Math.round(slots.a), slotsRps: Math.round(slots.b), healthP99Ms: slots.p99a, slotsP99Ms: slots.p99b, errors: slots.errors },
      services: { healthRps: Math.round(catalogue.a), servicesRps: Math.round(catalogue.b), errors: catalogue.errors },
    },
  };
}

/** SQL against the bench's database: a pg client, or the embedded data folder opened while the server is stopped. */
export type BenchSql = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>;

// Room for every request of the run (10 days × 24 steps × 60 ÷ 2 steps a booking = 7,200 bookings): with less,
// the days fill up within seconds and the rest of the run measures 409s, not bookings (at capacity 10 the
// run created ~1,030 bookings, about all there was room for, whatever the speed). Contention stays: 50
// clients on 10 days take the same day's lock all the time.
const CAPACITY = 60;
const bookingDays = () => Array.from({ length: 10 }, (_, i) => dateKeyIn(i + 2));

/**
 * Opens the ten booking days at CAPACITY, 08:00–20:00 (before the run). The demo's technician is taken off
 * jobs: this load measures the capacity claim under contention, which one technician would cut to a few
 * bookings a day; reachability has figures of its own (bench/reach.ts).
 */
export async function openBookingDays(sql: BenchSql): Promise<void> {
  await sql(`insert into technician_profiles (user_id, works_jobs) select id, false from users where role = 'driver' on conflict (user_id) do update set works_jobs = false`);
  const days = bookingDays();
  await sql(`delete from business_availability where date = any($1::date[])`, [days]);
  await sql(`insert into business_availability (date, start_time, end_time, max_capacity, is_active) select d, '08:00', '20:00', $2, true from unnest($1::date[]) d`, [days, CAPACITY]);
}

/**
 * The capacity rule, re-counted after the run: bookings per 30-minute step of each day against the day's
 * capacity (steps over it), and the bookings the days hold.
 */
export async function countBookingDays(sql: BenchSql): Promise<{ stepsOver: number; bookings: number }> {
  const days = bookingDays();
  const over = await sql(`
    with steps as (
      select b.business_date as day,
             generate_series(
               date_trunc('hour', b.scheduled_date at time zone 'America/Los_Angeles') + floor(extract(minute from b.scheduled_date at time zone 'America/Los_Angeles') / 30) * interval '30 minutes',
               (b.scheduled_date at time zone 'America/Los_Angeles') + (greatest(b.duration_minutes, 1) - 1) * interval '1 minute',
               interval '30 minutes') as step
      from bookings b where b.business_date = any($1::date[]) and b.status <> 'cancelled'
    )
    select day, step, count(*)::int as n from steps group by day, step having count(*) > $2`, [days, CAPACITY]);
  const total = await sql(`select count(*)::int as n from bookings where business_date = any($1::date[]) and status <> 'cancelled'`, [days]);
  return { stepsOver: over.length, bookings: Number(total[0]!.n) };
}

/** A pg client's SQL for the length of `use`. */
export async function withPostgres<T>(databaseUrl: string, use: (sql: BenchSql) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await use(async (text, values) => (await db.query(text, values)).rows as Record<string, unknown>[]);
  } finally {
    await db.end();
  }
}

/**
 * 50 clients booking as guests across the ten open days through the real hold path (POST /api/bookings),
 * each request from its own address (the per-client hold limit is per IP). Returns the answers by status.
 */
export async function bookingLoad(app: RunningApp, seconds: number): Promise<{ created: number; codes: Record<string, number>; requestsPerSecond: number; latencyP99: number; errors: number }> {
  const days = bookingDays();
  const services = (await (await fetch(`${app.url}/api/services`)).json()) as { id: string; name: string }[];
  const service = services.find((s) => s.name === 'Express Exterior Wash') ?? services[0]!;
  let n = 0;
  const result = await autocannon({
    url: app.url,
    connections: 50,
    duration: seconds,
    requests: [
      {
        method: 'POST',
        path: '/api/bookings',
        setupRequest: (request) => {
          n += 1;
          const day = days[n % days.length]!;
          const step = Math.floor(Math.random() * 22); // 08:00 … 18:30
          const time = `${String(8 + Math.floor(step / 2)).padStart(2, '0')}:${step % 2 ? '30' : '00'}`;
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              'idempotency-key': `bench-${process.pid}-${app.pid}-${n}`,
              'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
            },
            body: JSON.stringify({
              serviceId: service.id,
              serviceType: 'mobile',
              slotId: `${day}T${time}`,
              address: { street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110' },
              guestEmail: `bench${n}@example.com`,
            }),
          };
        },
      },
    ],
  });
  const codes = Object.fromEntries(Object.entries(result.statusCodeStats as Record<string, { count: number }>).map(([code, s]) => [code, s.count]));
  return { created: codes['201'] ?? 0, codes, requestsPerSecond: Math.round(result.requests.average), latencyP99: result.latency.p99, errors: result.errors };
}

/** Bookings/s on PostgreSQL with the capacity rule re-checked in SQL afterwards. */
export async function bookingFigures(app: RunningApp, databaseUrl: string, seconds: number): Promise<{ figures: Figure[]; notes: Record<string, unknown> }> {
  await withPostgres(databaseUrl, openBookingDays);
  const cpuBefore = processCpuSeconds(app.pid);
  const kernelBefore = processCpuSeconds(app.pid, 'kernel');
  const postgresBefore = postgresCpuSeconds();
  const load = await bookingLoad(app, seconds);
  // The server's own CPU per booking: what a hold costs the app, less bent by a busy machine than bookings/s.
  // The kernel's part is mostly socket writes and reads (to PostgreSQL and the clients), one per statement.
  const perBooking = (cpuSeconds: number) => (load.created ? Math.round((cpuSeconds * 1000 * 100) / load.created) / 100 : null);
  const serverCpuMsPerBooking = perBooking(processCpuSeconds(app.pid) - cpuBefore);
  const serverKernelMsPerBooking = perBooking(processCpuSeconds(app.pid, 'kernel') - kernelBefore);
  // PostgreSQL's backends on this machine (the bench's database is the only busy one): the other half of a hold's cost.
  const postgresCpuMsPerBooking = perBooking(postgresCpuSeconds() - postgresBefore);
  const counted = await withPostgres(databaseUrl, countBookingDays);
  return {
    figures: [
      figure('bookings created/s (50 clients, 10 days, PostgreSQL)', load.created / seconds, 'per s', '≥', 300),
      figure('steps over capacity after the run (PostgreSQL)', counted.stepsOver, 'steps', '≤', 0),
    ],
    notes: { bookings: { requestsPerSecond: load.requestsPerSecond, statusCodes: load.codes, bookingsInDb: counted.bookings, capacityPerStep: CAPACITY, latencyP99: load.latencyP99, errors: load.errors, serverCpuMsPerBooking, serverKernelMsPerBooking, postgresCpuMsPerBooking } },
  };
}

/** User + system CPU of every live process in a process group and of the children they reaped (Linux, 100 Hz ticks). */
function groupCpuSeconds(pgid: number): number {
  // fields[0] is state (field 3 of stat): pgrp is field 5, utime..cstime fields 14–17.
  return sumOverProcesses((_command, fields) => (Number(fields[2]) === pgid ? Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14]) : 0)) / 100;
}

/** `ticks` summed over every live process: its command name and its stat fields after the name (Linux). */
function sumOverProcesses(ticks: (command: string, fields: string[]) => number): number {
  let sum = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      sum += ticks(stat.slice(stat.indexOf('(') + 1, close), stat.slice(close + 2).split(' '));
    } catch {
      // exited meanwhile
    }
  }
  return sum;
}

/** User + system CPU seconds of one process, or only its system (kernel) part (Linux, 100 Hz ticks). */
function processCpuSeconds(pid: number, part: 'all' | 'kernel' = 'all'): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((part === 'all' ? Number(fields[11]) : 0) + Number(fields[12])) / 100;
}

/** User + system CPU seconds of every live PostgreSQL process on this machine (Linux, 100 Hz ticks). */
function postgresCpuSeconds(): number {
  return sumOverProcesses((command, fields) => (command === 'postgres' ? Number(fields[11]) + Number(fields[12]) : 0)) / 100;
}

/** The live processes of a process group (Linux). */
function groupPids(pgid: number): number[] {
  return readdirSync('/proc').filter((entry) => /^\d+$/.test(entry) && processGroup(Number(entry)) === pgid).map(Number);
}

function processGroup(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  } catch {
    return undefined;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

function rssMbOrZero(pid: number): number {
  try {
    return rssMb(pid);
  } catch {
    return 0;
  }
}

/** Resident memory of a process, in MB (Linux). */
export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
}

/**
 * The server's resident memory once settled: after a warm-up a visitor's first minutes would cause (the
 * home page, the catalogue, a week of slots, readiness) and SETTLE_MS of quiet.
 */
export async function settledRssMb(app: RunningApp, settleMs = Number(process.env.BENCH_SETTLE_MS ?? 8_000)): Promise<number> {
  const services = (await (await fetch(`${app.url}/api/services`)).json()) as { id: string }[];
  const paths = ['/', '/api/ready', ...Array.from({ length: 7 }, (_, i) => `/api/services/${services[0]!.id}/available-slots?date=${dateKeyIn(i + 1)}`)];
  for (const path of paths) await (await fetch(`${app.url}${path}`)).arrayBuffer();
  await new Promise((r) => setTimeout(r, settleMs));
  return rssMb(app.pid);
}

/**
 * Where the server's resident memory is (MB): V8's heap (used and reserved) and memory outside it that V8
 * knows of (external: buffers), from its own /metrics (readable from this machine). Read after `rssMb`: the
 * first scrape starts the default collectors.
 */
export async function heapMb(app: RunningApp): Promise<{ heapUsed: number; heapTotal: number; external: number }> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 1048576);
  return { heapUsed: mb('nodejs_heap_size_used_bytes'), heapTotal: mb('nodejs_heap_size_total_bytes'), external: mb('nodejs_external_memory_bytes') };
}
