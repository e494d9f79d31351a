/**
 * 2,000 open tracking sockets: the server's resident memory with them open, and how long a driver's
 * location takes to reach a customer's socket (PUT /api/driver/location → the socket's message) while they
 * are open. The sockets follow the bench's bookings (tokens issued here in SQL); one more follows the demo
 * driver's pickup job, whose customer asked for a link the normal way.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import WebSocket from 'ws';
import { figure, type Figure } from './figures';
import { BENCH_PASSWORD, rssMb, type RunningApp } from './server';

const SOCKETS = 2_000;
const POINTS = 200;

async function login(url: string, email: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: BENCH_PASSWORD }) });
  if (!response.ok) throw new Error(`login ${email}: ${response.status}`);
  return response.headers.get('set-cookie')!.split(';')[0]!;
}

async function json<T>(url: string, method: string, cookie: string, body?: unknown): Promise<T> {
  const response = await fetch(url, { method, headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('message', () => resolve(socket)); // { type: 'connected' }
    socket.once('error', reject);
    socket.once('close', (code) => reject(new Error(`socket closed ${code}`)));
  });
}

export async function socketFigures(app: RunningApp, databaseUrl: string): Promise<{ figures: Figure[]; notes: Record<string, unknown> }> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const sockets: WebSocket[] = [];
  try {
    const driver = await login(app.url, 'driver@glint.local');
    const customer = await login(app.url, 'customer@glint.local');
    const active = await json<{ items: { id: string; serviceType: string }[] }>(`${app.url}/api/driver/bookings`, 'GET', driver);
    const job = active.items.find((item) => item.serviceType === 'pickup') ?? active.items[0]!;
    const { token } = await json<{ token: string }>(`${app.url}/api/bookings/${job.id}/generate-tracking-token`, 'POST', customer);
    await json(`${app.url}/api/driver/bookings/${job.id}/status`, 'PUT', driver, { status: 'en_route_pickup' });

    // Tracking links for the other bookings, issued the way the app stores them (a SHA-256 of the token).
    const others = (await db.query(`select id from bookings where id <> $1 and status <> 'cancelled' and scheduled_date > now() order by created_at limit $2`, [job.id, SOCKETS])).rows as { id: string }[];
    const tokens = others.map(() => randomBytes(32).toString('base64url'));
    await db.query(`update bookings b set tracking_token_hash = t.hash from unnest($1::uuid[], $2::text[]) as t(id, hash) where b.id = t.id`, [
      others.map((o) => o.id),
      tokens.map((t) => createHash('sha256').update(t).digest('hex')),
    ]);

    const ws = app.url.replace('http', 'ws');
    const before = rssMb(app.pid);
    for (let i = 0; i < SOCKETS - 1; i += 100) {
      const batch = Array.from({ length: Math.min(100, SOCKETS - 1 - i) }, (_, k) => open(`${ws}/ws?token=${tokens.length ? tokens[(i + k) % tokens.length] : token}`));
      sockets.push(...(await Promise.all(batch)));
    }
    const observer = await open(`${ws}/ws?token=${token}`);
    sockets.push(observer);
    await new Promise((r) => setTimeout(r, 1_000));
    const withSockets = rssMb(app.pid);

    const latencies: number[] = [];
    for (let i = 0; i < POINTS; i++) {
      const heard = new Promise<number>((resolve) => {
        const onMessage = (data: WebSocket.RawData) => {
          if (!String(data).includes('driver_location_update')) return;
          observer.off('message', onMessage);
          resolve(performance.now());
        };
        observer.on('message', onMessage);
      });
      const sent = performance.now();
      await json(`${app.url}/api/driver/location`, 'PUT', driver, { latitude: 37.3 + i / 10_000, longitude: -121.9, bookingId: job.id, speed: 9, heading: 45, accuracy: 10 });
      latencies.push((await heard) - sent);
    }
    latencies.sort((a, b) => a - b);
    const p99 = latencies[Math.floor(latencies.length * 0.99) - 1]!;
    return {
      figures: [
        figure(`server memory with ${SOCKETS} tracking sockets open`, withSockets, 'MB', '≤', 300),
        figure(`location → socket p99 with ${SOCKETS} sockets open`, p99, 'ms', '≤', 42),
      ],
      notes: { sockets: { open: sockets.length, distinctBookings: Math.max(1, others.length) + 1, rssBeforeMb: Math.round(before), rssWithMb: Math.round(withSockets), locationMedianMs: Math.round(latencies[latencies.length >> 1]! * 10) / 10, points: POINTS } },
    };
  } finally {
    for (const socket of sockets) socket.terminate();
    await db.end();
  }
}
