import { services } from '../../db/schema';
import type { AppContext } from '../../context';
import type { ServiceView } from '../../../shared/schemas/services';
import { listActiveServices } from './services.repository';

/** What a slots request or a new booking needs of a service, for every service (active or not), by id. */
export interface ServiceFact {
  id: string;
  name: string;
  price: string;
  serviceFee: string;
  duration: number;
  isActive: boolean;
  locationOptions: typeof services.$inferSelect.locationOptions;
  /** Price and minutes by size class, only the classes that differ from the base (shared/pricing.ts). */
  sizePrices: typeof services.$inferSelect.sizePrices;
  /** What checkout takes up front (decision 057). */
  deposit: typeof services.$inferSelect.deposit;
}
export type ServiceFacts = Map<string, ServiceFact>;

/** The public catalogue, cached per instance; the services trigger's NOTIFY drops it (decision 018). */
export function cachedActiveServices(ctx: AppContext): Promise<ServiceView[]> {
  return ctx.caches.services.get('active', () => listActiveServices(ctx.db));
}

/** Price, duration, places and availability of every service, cached like the catalogue. */
export function serviceFacts(ctx: AppContext): Promise<ServiceFacts> {
  return ctx.caches.serviceFacts.get('all', async () => {
    const rows = await ctx.db
      .select({ id: services.id, name: services.name, price: services.price, serviceFee: services.serviceFee, duration: services.duration, isActive: services.isActive, locationOptions: services.locationOptions, sizePrices: services.sizePrices, deposit: services.deposit })
      .from(services);
    return new Map(rows.map((row) => [row.id, row]));
  });
}
