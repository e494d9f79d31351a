import { jobQueryOf, jobVehiclesOf, withOfferPrice } from '@shared/booking-job';
import { SIZE_CLASSES, VEHICLES_PER_BOOKING_MAX, type SizeClass } from '@shared/domain';
import { priceJob, type JobPrice } from '@shared/pricing';
import type { BookingVehicleInput } from '@shared/schemas/booking-lines';
import type { ServiceDetailView } from '@shared/schemas/services';

/**
 * The job the booking flow carries from the start to checkout (docs/decisions/043): the request's vehicles, in
 * the query as JSON. The browser prices it with the server's rule (shared/pricing.ts priceJob) for the running
 * total and the summary; the server's figure wins at checkout.
 */
export type JobVehicles = BookingVehicleInput[];

/** The `vehicles` query value of the booking pages. */
export const jobSearchOf = (vehicles: JobVehicles): string => JSON.stringify(vehicles);

/** The job a query carries, or one vehicle (the offer's size, else a sedan) for a link from before vehicles. */
export function jobOfSearch(text: string | undefined, offer?: SizeClass): JobVehicles {
  if (text) {
    try {
      const parsed = vehiclesOf(JSON.parse(text));
      if (parsed) return parsed;
    } catch {
      // A hand-edited link: fall back to one vehicle.
    }
  }
  return [{ sizeClass: offer ?? 'sedan', addOnIds: [] }];
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The vehicles of a parsed query, or null when it is not that shape (the server checks them again). */
function vehiclesOf(value: unknown): JobVehicles | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > VEHICLES_PER_BOOKING_MAX) return null;
  const vehicles: JobVehicles = [];
  for (const item of value as Record<string, unknown>[]) {
    const size = item?.sizeClass;
    if (!isText(size) || !(SIZE_CLASSES as readonly string[]).includes(size)) return null;
    const addOnIds = Array.isArray(item.addOnIds) ? item.addOnIds.filter(isText) : [];
    vehicles.push({ sizeClass: size as SizeClass, addOnIds, ...(isText(item.vehicleId) ? { vehicleId: item.vehicleId } : {}), ...(isText(item.description) ? { description: item.description } : {}) });
  }
  return vehicles;
}

/** The live offer a booking carries: its service, size class and price. */
export interface JobOffer {
  serviceId: string;
  sizeClass: SizeClass;
  price: string;
}

/** The job's price as the server will work it out; `travelFeeCents` is the address check's answer for a job at the customer's place. */
export function priceOfJob(service: ServiceDetailView, vehicles: JobVehicles, offer?: JobOffer | null, travelFeeCents = 0): JobPrice {
  const job = jobVehiclesOf(
    { id: service.id, name: service.name, price: service.price, duration: service.duration, sizePrices: service.sizePrices },
    service.addOns,
    vehicles.map((v) => ({ sizeClass: v.sizeClass ?? 'sedan', addOnIds: v.addOnIds ?? [], label: v.description ?? null, vehicleId: v.vehicleId ?? null })),
  );
  return priceJob({ vehicles: (offer && withOfferPrice(job, offer)) || job, serviceFee: service.serviceFee, travelFeeCents });
}

/** The slot lists' `vehicles` query for the job (sizes and add-ons only). */
export const jobSlotsQuery = (vehicles: JobVehicles): string => jobQueryOf(vehicles.map((v) => ({ sizeClass: v.sizeClass ?? 'sedan', addOnIds: v.addOnIds ?? [] })));
