import { sql, type SQL } from 'drizzle-orm';
import type { UpdateKind, UpdateParams } from '../../shared/booking-lifecycle';
import type { DatabaseHandle, DbOrTx } from '../db/client';

/**
 * Live events travel through PostgreSQL NOTIFY on one channel, so every app instance hears every event.
 * Payloads carry ids and small fields only (NOTIFY caps them near 8 KB); listeners load the rest.
 */
export type LiveEvent =
  | { type: 'booking_status_update'; bookingId: string; status: string; message?: string | null; kind?: UpdateKind; params?: UpdateParams; at: string }
  | { type: 'booking_update'; bookingId: string; status?: string; message?: string | null; at: string }
  /** previousDriverId: who had the job before (their page hears that it was taken away). */
  | { type: 'driver_assigned'; bookingId: string; driverId: string | null; previousDriverId?: string | null; at: string }
  /** bookingId null: a driver on shift between jobs (only the staff channel hears it). */
  | { type: 'driver_location_update'; bookingId: string | null; driverId: string; latitude: number; longitude: number; speed: number | null; heading: number | null; at: string }
  /** A booking or blocked time was deleted (the staff channel; its driver hears the job is off their list). */
  | { type: 'booking_removed'; bookingId: string; driverId: string | null; at: string }
  /** A driver went available, on break, busy or offline (the staff channel only; no booking). */
  | { type: 'driver_status'; bookingId: null; driverId: string; status: string; at: string };

export const EVENTS_CHANNEL = 'glint_events';

/**
 * What changed for the read caches (docs/decisions/018): sent by database triggers on commit, so every
 * writer (any verb, the admin, a migration, plain SQL) is covered. `dates` null means every day.
 */
export type CacheEvent = { type: 'slots'; dates: string[] | null } | { type: 'services' } | { type: 'webhooks' };
export const CACHE_CHANNEL = 'glint_cache';

export interface EventBus {
  /** Sends the event; inside a transaction it is delivered when (and only if) the transaction commits. */
  publish(db: DbOrTx, event: LiveEvent): Promise<void>;
  /** The same NOTIFY as an expression, for a write that sends its event in its own statement. */
  notifySql(event: LiveEvent): SQL;
  subscribe(handler: (event: LiveEvent) => void): () => void;
  /** Cache invalidations from every instance (including this one), after their transactions commit. */
  subscribeCache(handler: (event: CacheEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** A NOTIFY payload parsed as JSON and handed to each handler; anything unparsable is ignored. */
function dispatchJson<T>(handlers: Set<(event: T) => void>): (payload: string) => void {
  return (payload) => {
    let event: T;
    try {
      event = JSON.parse(payload) as T;
    } catch {
      return;
    }
    for (const handler of handlers) handler(event);
  };
}

function notifySql(event: LiveEvent): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`;
}

export function createEventBus(handle: DatabaseHandle): EventBus {
  const handlers = new Set<(event: LiveEvent) => void>();
  const cacheHandlers = new Set<(event: CacheEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  let unlistenCache: (() => Promise<void>) | undefined;
  return {
    async publish(db, event) {
      await db.execute(sql`select ${notifySql(event)}`);
    },
    notifySql,
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    subscribeCache(handler) {
      cacheHandlers.add(handler);
      return () => cacheHandlers.delete(handler);
    },
    async start() {
      unlisten ??= await handle.listen(EVENTS_CHANNEL, dispatchJson(handlers));
      unlistenCache ??= await handle.listen(CACHE_CHANNEL, dispatchJson(cacheHandlers));
    },
    async stop() {
      await unlisten?.();
      await unlistenCache?.();
      unlisten = undefined;
      unlistenCache = undefined;
    },
  };
}
