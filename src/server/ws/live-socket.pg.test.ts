import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../shared/schemas/common';
import type { BookingView } from '../../shared/schemas/bookings';
import { freshPostgresDatabase } from '../test/postgres';
import { openSocket } from '../test/test-socket';
import { freePort } from '../test/free-port';

/**
 * Two real app processes on one fresh PostgreSQL database: what the driver posts to instance A reaches a
 * customer's socket on instance B, through LISTEN/NOTIFY.
 */
const PASSWORD = 'multi-instance-pass';
let database: Awaited<ReturnType<typeof freshPostgresDatabase>>;
const processes: ChildProcess[] = [];

async function startInstance(): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      SEED_DEMO: 'true',
      DEMO_PASSWORD: PASSWORD,
      ADMIN_PASSWORD: PASSWORD,
      JOBS: 'false',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: 'dist/none',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  processes.push(child);
  for (let i = 0; i < 120; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return url;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`instance on ${port} did not start`);
}

async function login(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) });
  expect(response.status).toBe(200);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function call<T>(base: string, method: string, path: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { cookie, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBe(200);
  return (await response.json()) as T;
}

let a: string;
let b: string;

beforeAll(async () => {
  database = await freshPostgresDatabase();
  // One after the other: the first migrates and seeds, the second finds both done.
  a = await startInstance();
  b = await startInstance();
}, 120_000);

afterAll(async () => {
  await Promise.all(
    processes.map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null) return resolve();
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        }),
    ),
  );
  await database?.drop();
}, 60_000);

describe('live updates across two app instances', () => {
  it('delivers a status change and a location posted to instance A to a socket on instance B', async () => {
    const driver = await login(a, 'driver@glint.local');
    const customer = await login(b, 'customer@glint.local');
    const active = await call<Page<BookingView>>(a, 'GET', '/api/driver/bookings', driver);
    const booking = active.items.find((item) => item.serviceType === 'pickup')!;
    const { token } = await call<{ token: string }>(b, 'POST', `/api/bookings/${booking.id}/generate-tracking-token`, customer);

    const client = openSocket(`${b.replace('http', 'ws')}/ws?token=${token}`);
    expect(await client.next('connected')).toEqual({ type: 'connected', bookingId: booking.id });

    await call(a, 'PUT', `/api/driver/bookings/${booking.id}/status`, driver, { status: 'en_route_pickup', message: 'Heading your way' });
    expect(await client.next('booking_status_update', 10_000)).toMatchObject({ bookingId: booking.id, status: 'en_route_pickup', message: 'Heading your way' });

    await call(a, 'PUT', '/api/driver/location', driver, { latitude: 37.35, longitude: -121.9, bookingId: booking.id, speed: 9, heading: 45, accuracy: 10 });
    const moved = await client.next('driver_location_update', 10_000);
    expect(moved).toMatchObject({ bookingId: booking.id, latitude: 37.35, longitude: -121.9, speed: 9 });
    expect(moved.type === 'driver_location_update' && moved.eta?.kind).toBe('arrival');
    client.socket.close();
  }, 60_000);
});
