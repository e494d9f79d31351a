import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { WS_CLOSE, type DriverJobEvent, type LiveMessage, type StaffEvent } from '../../shared/schemas/tracking';
import { estimateEta } from '../../shared/tracking';
import type { AppContext } from '../context';
import { subscribeInTransaction } from '../events/booking-events';
import type { LiveEvent } from '../events/bus';
import { findBookingAssignment } from '../features/drivers/drivers.repository';
import { checkTrackingToken } from '../features/tracking/tracking-token';
import { destinationOf, findTrackingFacts } from '../features/tracking/tracking.repository';
import { hasFullAccess } from '../features/tracking/tracking.service';
import { bookingLiveUpdates } from './booking-live-updates';

// Booking changes announce themselves live from inside their transaction (loaded by every app, so by every
// process that changes bookings).
subscribeInTransaction(bookingLiveUpdates);

/** Ping every 25 s: a socket that has not answered the previous ping by then is dropped. */
export const HEARTBEAT_MS = 25_000;
/** Browsers' own sends are tiny (we ignore them); anything large is refused by ws itself. */
const MAX_PAYLOAD = 4 * 1024;
/** A slow client that falls this far behind misses updates instead of growing our memory. */
const MAX_BUFFERED = 512 * 1024;

interface Client {
  socket: WebSocket;
  bookingId: string;
  /** Set for sockets opened with a tracking token: re-checked on each heartbeat (rotation, expiry). */
  token?: string;
  alive: boolean;
}

export interface LiveHub {
  /** Sockets open on this instance. */
  size(): number;
  /** One heartbeat round (the timer calls it; tests call it directly). */
  heartbeat(): Promise<void>;
  close(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveHub: LiveHub;
  }
}

const socketQuery = z.object({
  token: z.string().min(1).max(200).optional(),
  bookingId: z.uuid().optional(),
  channel: z.enum(['staff', 'driver']).optional(),
});

/** The staff channel's message for a bus event: ids and small fields, never a document. */
export function staffMessage(event: LiveEvent): StaffEvent {
  return {
    type: 'staff_event',
    event: event.type,
    bookingId: event.bookingId,
    status: 'status' in event ? (event.status ?? null) : null,
    driverId: 'driverId' in event ? event.driverId : null,
    latitude: event.type === 'driver_location_update' ? event.latitude : null,
    longitude: event.type === 'driver_location_update' ? event.longitude : null,
    at: event.at,
  };
}

/**
 * The driver channel's messages for a bus event: who had the job before an unassign hears 'unassigned', the new
 * driver 'assigned'; the assigned driver hears 'cancelled' or 'updated' for a change to their job.
 */
export async function driverJobMessages(ctx: AppContext, event: LiveEvent): Promise<Array<{ driverId: string; message: DriverJobEvent }>> {
  const base = { type: 'driver_job' as const, bookingId: event.bookingId ?? '', at: event.at };
  // A deleted job will not happen: to its driver that reads as cancelled ("Do not go").
  if (event.type === 'booking_removed') return event.driverId ? [{ driverId: event.driverId, message: { ...base, change: 'cancelled', status: null } }] : [];
  if (event.type === 'driver_assigned') {
    const out: Array<{ driverId: string; message: DriverJobEvent }> = [];
    if (event.previousDriverId && event.previousDriverId !== event.driverId) out.push({ driverId: event.previousDriverId, message: { ...base, change: 'unassigned', status: null } });
    if (event.driverId && event.driverId !== event.previousDriverId) out.push({ driverId: event.driverId, message: { ...base, change: 'assigned', status: null } });
    return out;
  }
  if (event.type !== 'booking_status_update' && event.type !== 'booking_update') return [];
  const booking = await findBookingAssignment(ctx.db, event.bookingId);
  if (!booking?.assignedDriverId) return [];
  const status = event.status ?? booking.status;
  return [{ driverId: booking.assignedDriverId, message: { ...base, change: status === 'cancelled' ? 'cancelled' : 'updated', status } }];
}

/**
 * /ws?token=<tracking token> (or ?bookingId= with the owner's or staff's session cookie): one socket follows
 * one booking. Events reach it from any app instance through PostgreSQL NOTIFY (ctx.events).
 */
export async function liveSocketRoutes(app: FastifyInstance, ctx: AppContext) {
  await app.register(websocket, { options: { maxPayload: MAX_PAYLOAD } });
  const byBooking = new Map<string, Set<Client>>();
  /** Admins' sockets on the staff channel: they hear every event. */
  const staff = new Set<Client>();
  /** Drivers' (and admins' working jobs) sockets by user id: they hear about their own jobs. */
  const drivers = new Map<string, Set<Client>>();

  const unsubscribe = ctx.events.subscribe((event) => {
    if (staff.size) {
      const text = JSON.stringify(staffMessage(event));
      for (const client of staff) send(client, text);
    }
    if (drivers.size) {
      void driverJobMessages(ctx, event).then(
        (messages) => {
          for (const { driverId, message } of messages) for (const client of drivers.get(driverId) ?? []) send(client, JSON.stringify(message));
        },
        (error: unknown) => app.log.error({ err: error }, 'driver event could not be delivered'),
      );
    }
    const bookingId = event.bookingId;
    // A deleted booking has nothing left to show on a page that follows it.
    if (bookingId === null || event.type === 'booking_removed') return;
    const clients = byBooking.get(bookingId);
    if (!clients?.size) return;
    void toMessage(ctx, { ...event, bookingId }).then(
      (message) => {
        const text = JSON.stringify(message);
        for (const client of clients) send(client, text);
      },
      (error: unknown) => app.log.error({ err: error }, 'live event could not be delivered'),
    );
  });

  const hub: LiveHub = {
    size: () => [...byBooking.values(), ...drivers.values()].reduce((n, set) => n + set.size, staff.size),
    async heartbeat() {
      const at = ctx.now().toISOString();
      for (const client of [staff, ...drivers.values()].flatMap((set) => [...set])) {
        if (!client.alive) {
          client.socket.terminate();
          continue;
        }
        client.alive = false;
        client.socket.ping();
        send(client, JSON.stringify({ type: 'ping', at } satisfies LiveMessage));
      }
      for (const clients of byBooking.values()) {
        for (const client of clients) {
          if (!client.alive) {
            client.socket.terminate();
            continue;
          }
          client.alive = false;
          client.socket.ping();
          send(client, JSON.stringify({ type: 'ping', at } satisfies LiveMessage));
          if (client.token) {
            const check = await checkTrackingToken(ctx.db, client.token, ctx.now());
            if (!check.ok || check.bookingId !== client.bookingId) {
              client.socket.close(check.ok || check.reason === 'invalid' ? WS_CLOSE.INVALID_TOKEN : WS_CLOSE.EXPIRED_TOKEN, check.ok || check.reason === 'invalid' ? 'Tracking link is no longer valid' : 'Tracking link expired');
            }
          }
        }
      }
    },
    close() {
      unsubscribe();
      clearInterval(timer);
    },
  };
  const timer = setInterval(() => void hub.heartbeat().catch((error: unknown) => app.log.error({ err: error }, 'heartbeat failed')), HEARTBEAT_MS);
  timer.unref();
  app.decorate('liveHub', hub);
  app.addHook('onClose', async () => hub.close());

  app.get('/ws', { websocket: true }, (socket, request) => {
    // Listeners first (messages arriving while we authorise must not be lost or crash the process).
    socket.on('error', () => socket.terminate());
    void authorise(ctx, request).then(
      (result) => {
        if (socket.readyState !== socket.OPEN) return;
        if ('close' in result) {
          socket.close(result.close, result.reason);
          return;
        }
        if ('staff' in result) {
          const client: Client = { socket, bookingId: '', alive: true };
          staff.add(client);
          keepAlive(client, () => staff.delete(client));
          send(client, JSON.stringify({ type: 'staff_connected' } satisfies LiveMessage));
          return;
        }
        if ('driverId' in result) {
          const client: Client = { socket, bookingId: '', alive: true };
          join(drivers, result.driverId, client);
          send(client, JSON.stringify({ type: 'driver_connected' } satisfies LiveMessage));
          return;
        }
        const client: Client = { socket, bookingId: result.bookingId, token: result.token, alive: true };
        join(byBooking, client.bookingId, client);
        send(client, JSON.stringify({ type: 'connected', bookingId: client.bookingId } satisfies LiveMessage));
      },
      (error: unknown) => {
        app.log.error({ err: error }, 'socket authorisation failed');
        socket.close(1011, 'Server error');
      },
    );
  });
}

type AuthResult = { bookingId: string; token?: string } | { staff: true } | { driverId: string } | { close: number; reason: string };

/** The session's user, only for sockets opened from our own pages (a cross-site page cannot borrow the cookie). */
function sessionUser(ctx: AppContext, request: FastifyRequest) {
  const origin = request.headers.origin;
  return origin && origin !== new URL(ctx.config.publicUrl).origin ? undefined : request.session?.user;
}

async function authorise(ctx: AppContext, request: FastifyRequest): Promise<AuthResult> {
  const parsed = socketQuery.safeParse(request.query ?? {});
  if (!parsed.success) return { close: WS_CLOSE.BAD_REQUEST, reason: 'Bad token or booking id' };
  const { token, bookingId, channel } = parsed.data;
  if (channel === 'staff') {
    // Admins only, with their session cookie from our own pages.
    const user = sessionUser(ctx, request);
    if (!user) return { close: WS_CLOSE.INVALID_TOKEN, reason: 'Sign in to follow the business' };
    if (user.role !== 'admin') return { close: WS_CLOSE.FORBIDDEN, reason: 'Staff channel is for the business' };
    return { staff: true };
  }
  if (channel === 'driver') {
    // The signed-in driver (or an admin working jobs from /driver), with the session cookie from our own pages.
    const user = sessionUser(ctx, request);
    if (!user) return { close: WS_CLOSE.INVALID_TOKEN, reason: 'Sign in to see your jobs' };
    if (user.role !== 'driver' && user.role !== 'admin') return { close: WS_CLOSE.FORBIDDEN, reason: 'The driver channel is for drivers' };
    return { driverId: user.id };
  }
  if (token) {
    const check = await checkTrackingToken(ctx.db, token, ctx.now());
    if (!check.ok) return check.reason === 'expired' ? { close: WS_CLOSE.EXPIRED_TOKEN, reason: 'Tracking link expired' } : { close: WS_CLOSE.INVALID_TOKEN, reason: 'Invalid tracking token' };
    if (bookingId && bookingId !== check.bookingId) return { close: WS_CLOSE.FORBIDDEN, reason: 'This token is for another booking' };
    return { bookingId: check.bookingId, token };
  }
  if (!bookingId) return { close: WS_CLOSE.BAD_REQUEST, reason: 'A token or bookingId is required' };
  const user = sessionUser(ctx, request);
  if (!user) return { close: WS_CLOSE.INVALID_TOKEN, reason: 'Sign in or use a tracking link' };
  const facts = await findTrackingFacts(ctx.db, bookingId);
  if (!facts) return { close: WS_CLOSE.NOT_FOUND, reason: 'Booking not found' };
  if (!(await hasFullAccess(ctx, facts, { user }))) return { close: WS_CLOSE.FORBIDDEN, reason: 'You may not follow this booking' };
  return { bookingId };
}

/** Bus events carry ids and small fields; a location update gains the server-side ETA here. */
async function toMessage(ctx: AppContext, event: Exclude<LiveEvent, { type: 'driver_status' | 'booking_removed' }> & { bookingId: string }): Promise<LiveMessage> {
  switch (event.type) {
    case 'booking_status_update':
      return {
        type: 'booking_status_update',
        bookingId: event.bookingId,
        status: event.status,
        message: event.message ?? null,
        kind: event.kind ?? null,
        params: event.params ?? null,
        at: event.at,
      };
    case 'booking_update':
      return { type: 'booking_update', bookingId: event.bookingId, status: event.status ?? null, message: event.message ?? null, at: event.at };
    case 'driver_assigned':
      return { type: 'driver_assigned', bookingId: event.bookingId, driverId: event.driverId, at: event.at };
    case 'driver_location_update': {
      const facts = await findTrackingFacts(ctx.db, event.bookingId);
      const eta = facts
        ? estimateEta({
            status: facts.status,
            scheduledDate: facts.scheduledDate,
            durationMinutes: facts.durationMinutes,
            destination: destinationOf(facts),
            driverPosition: { latitude: event.latitude, longitude: event.longitude },
            now: ctx.now(),
          })
        : null;
      return {
        type: 'driver_location_update',
        bookingId: event.bookingId,
        latitude: event.latitude,
        longitude: event.longitude,
        speed: event.speed,
        heading: event.heading,
        at: event.at,
        eta,
      };
    }
  }
}

/** A client counts as alive while it answers pings or speaks; `leave` runs when its socket closes. */
function keepAlive(client: Client, leave: () => void): void {
  client.socket.on('pong', () => (client.alive = true));
  client.socket.on('message', () => (client.alive = true));
  client.socket.on('close', leave);
}

/** A client in its room (a booking's, a driver's); the room goes with its last client. */
function join(rooms: Map<string, Set<Client>>, key: string, client: Client): void {
  let room = rooms.get(key);
  if (!room) rooms.set(key, (room = new Set()));
  room.add(client);
  keepAlive(client, () => {
    room.delete(client);
    if (!room.size) rooms.delete(key);
  });
}

function send(client: Client, text: string): void {
  if (client.socket.readyState !== client.socket.OPEN || client.socket.bufferedAmount > MAX_BUFFERED) return;
  client.socket.send(text);
}
