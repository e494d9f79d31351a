import type { ServiceView } from '../shared/schemas/services';
import type { DatabaseHandle } from './db/client';
import type { EventBus } from './events/bus';
import { NotifiedCache } from './events/notified-cache';
import type { DayView } from './features/bookings/slot-day.repository';
import type { ServiceFacts } from './features/services/services.cache';

/** The read caches of one app instance (docs/decisions/018), kept exact by the cache channel's NOTIFY. */
export interface AppCaches {
  /** Per business day: closure, windows and occupants. */
  slotDays: NotifiedCache<DayView>;
  /** The public catalogue. */
  services: NotifiedCache<ServiceView[]>;
  serviceFacts: NotifiedCache<ServiceFacts>;
}

/** A year and a half of days is far more than customers browse; older entries go first. */
const MAX_DAYS = 550;

export function createCaches(events: EventBus, handle: DatabaseHandle): { caches: AppCaches; stop: () => void } {
  const caches: AppCaches = {
    slotDays: new NotifiedCache<DayView>(MAX_DAYS),
    services: new NotifiedCache<ServiceView[]>(4),
    serviceFacts: new NotifiedCache<ServiceFacts>(4),
  };
  // Invalidations missed while the LISTEN connection is down would leave a cache stale: off (every read
  // from the database) until it listens again, then on, empty.
  handle.onListening?.((listening) => {
    for (const cache of Object.values(caches)) cache.setEnabled(listening);
  });
  const stop = events.subscribeCache((event) => {
    if (event.type === 'slots') caches.slotDays.invalidate(event.dates);
    else {
      caches.services.invalidate(null);
      caches.serviceFacts.invalidate(null);
    }
  });
  return { caches, stop };
}
