import { sql } from 'drizzle-orm';
import type { DatabaseHandle, DbOrTx } from '../db/client';

/**
 * Live events travel through PostgreSQL NOTIFY on one channel, so every app instance hears every event.
 * Payloads carry ids and small fields only (NOTIFY caps them near 8 KB); listeners load the rest.
 */
export type LiveEvent =
  | { type: 'booking_status_update'; bookingId: string; status: string; message?: string | null; at: string }
  | { type: 'booking_update'; bookingId: string; status?: string; message?: string | null; at: string }
  | { type: 'driver_assigned'; bookingId: string; driverId: string | null; at: string }
  | { type: 'driver_location_update'; bookingId: string; driverId: string; latitude: number; longitude: number; speed: number | null; heading: number | null; at: string };

export const EVENTS_CHANNEL = 'glint_events';

export interface EventBus {
  /** Sends the event; inside a transaction it is delivered when (and only if) the transaction commits. */
  publish(db: DbOrTx, event: LiveEvent): Promise<void>;
  subscribe(handler: (event: LiveEvent) => void): () => void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export function createEventBus(handle: DatabaseHandle): EventBus {
  const handlers = new Set<(event: LiveEvent) => void>();
  let unlisten: (() => Promise<void>) | undefined;
  return {
    async publish(db, event) {
      await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async start() {
      unlisten ??= await handle.listen(EVENTS_CHANNEL, (payload) => {
        let event: LiveEvent;
        try {
          event = JSON.parse(payload) as LiveEvent;
        } catch {
          return;
        }
        for (const handler of handlers) handler(event);
      });
    },
    async stop() {
      await unlisten?.();
      unlisten = undefined;
    },
  };
}
