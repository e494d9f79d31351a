import type { BusinessSettings } from '../shared/schemas/business-settings';
import type { ServiceView } from '../shared/schemas/services';
import type { DatabaseHandle } from './db/client';
import type { EventBus } from './events/bus';
import { NotifiedCache } from './events/notified-cache';
import type { ReachDay } from './features/bookings/reach-day';
import type { DayView } from './features/bookings/slot-day.repository';
import type { ServiceFacts } from './features/services/services.cache';
import type { EnabledEndpoint } from './features/webhooks/webhooks.repository';

/** The read caches of one app instance (docs/decisions/018), kept exact by the cache channel's NOTIFY. */
export interface AppCaches {
  /** Per business day: closure, windows and occupants. */
  slotDays: NotifiedCache<DayView>;
  /**
   * Per business day: the technicians' days and the jobs without one (decision 055). Dropped with `slotDays`
   * (the same NOTIFY per date on booking writes, assignments included; every day on technician or settings writes).
   */
  reachDays: NotifiedCache<ReachDay>;
  /** The public catalogue. */
  services: NotifiedCache<ServiceView[]>;
  serviceFacts: NotifiedCache<ServiceFacts>;
  /**
   * The enabled webhook endpoints (one key): read by every booking change in its transaction, under the day's
   * lock for a hold (decision 069), so from here. Dropped on any write of their ids, events or state.
   */
  webhookEndpoints: NotifiedCache<EnabledEndpoint[]>;
  /**
   * The business's settings, every section (one key): read by every hold for its travel fee, and by the public
   * policy. business_settings' trigger sends the all-days NOTIFY (migration 0028), so it is dropped and touched
   * with `slotDays` whenever every day is (decision 077).
   */
  businessSettings: NotifiedCache<BusinessSettings>;
}

/** A year and a half of days is far more than customers browse; older entries go first. */
const MAX_DAYS = 550;

export function createCaches(events: EventBus, handle: DatabaseHandle): { caches: AppCaches; stop: () => void } {
  const caches: AppCaches = {
    slotDays: new NotifiedCache<DayView>(MAX_DAYS),
    reachDays: new NotifiedCache<ReachDay>(MAX_DAYS),
    services: new NotifiedCache<ServiceView[]>(4),
    serviceFacts: new NotifiedCache<ServiceFacts>(4),
    webhookEndpoints: new NotifiedCache<EnabledEndpoint[]>(1),
    businessSettings: new NotifiedCache<BusinessSettings>(1),
  };
  caches.slotDays.alsoDrops(caches.reachDays as NotifiedCache<unknown>);
  // Dropped by the all-days invalidation (null) only: a date's invalidation names keys it does not hold.
  caches.slotDays.alsoDrops(caches.businessSettings as NotifiedCache<unknown>);
  // Invalidations missed while the LISTEN connection is down would leave a cache stale: off (every read
  // from the database) until it listens again, then on, empty.
  handle.onListening?.((listening) => {
    for (const cache of Object.values(caches)) cache.setEnabled(listening);
  });
  const stop = events.subscribeCache((event) => {
    if (event.type === 'slots') caches.slotDays.invalidate(event.dates);
    else if (event.type === 'webhooks') caches.webhookEndpoints.invalidate(null);
    else {
      caches.services.invalidate(null);
      caches.serviceFacts.invalidate(null);
    }
  });
  return { caches, stop };
}

/**
 * For the writers of technicians' hours, exceptions, profiles and services and of the business settings
 * (decision 055): their tables' triggers NOTIFY every instance on commit that every day's slots may have
 * changed; this makes the writing instance read every day uncached until that NOTIFY has arrived.
 */
export function notifyTechniciansChanged(ctx: { caches: AppCaches }): void {
  ctx.caches.slotDays.touch(null);
}
