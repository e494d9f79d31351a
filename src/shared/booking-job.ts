/**
 * A booking's job as the customer builds it (docs/decisions/043): vehicles, each with its size class and the
 * service's add-ons it takes. Both sides turn it into priceJob's input with the same functions, so the booking
 * start's running total and the server's price are one rule; the server's figure wins at checkout.
 */
import type { SizeClass } from './domain';
import { SIZE_CLASSES, VEHICLES_PER_BOOKING_MAX } from './domain';
import { durationAtSize, type JobAddOn, type JobService, type JobVehicle } from './pricing';

/** An add-on as the catalogue lists it: its price at every size class already resolved. */
export interface CatalogueAddOn {
  id: string;
  name: string;
  prices: Record<SizeClass, string>;
  minutes: number;
}

/** An add-on at one size class, as priceJob takes it. */
export function addOnAtSize(addOn: CatalogueAddOn, sizeClass: SizeClass): JobAddOn {
  return { id: addOn.id, name: addOn.name, price: addOn.prices[sizeClass], minutes: addOn.minutes };
}

/** How a saved vehicle reads on a booking's lines: '2019 Honda CR-V, blue'. */
export function vehicleLabelOf(v: { year?: number | null; make: string; model: string; colour?: string | null }): string {
  const name = [v.year, v.make, v.model].filter((part) => part !== null && part !== undefined && String(part).trim() !== '').join(' ');
  return v.colour ? `${name}, ${v.colour}` : name;
}

/** One vehicle of the job: size, add-ons (ids of the service's add-ons), and how it is named. */
export interface JobChoice {
  sizeClass: SizeClass;
  addOnIds: readonly string[];
  label?: string | null;
  vehicleId?: string | null;
}

/**
 * priceJob's vehicles for a job of one service: unknown add-on ids are the caller's to refuse (the server
 * answers ADD_ON_NOT_AVAILABLE; the browser never offers one), so they are left out here.
 */
export function jobVehiclesOf(service: JobService, addOns: readonly CatalogueAddOn[], choices: readonly JobChoice[]): JobVehicle[] {
  const byId = new Map(addOns.map((a) => [a.id, a]));
  return choices.map((choice) => ({
    sizeClass: choice.sizeClass,
    service,
    addOns: [...new Set(choice.addOnIds)].flatMap((id) => {
      const addOn = byId.get(id);
      return addOn ? [addOnAtSize(addOn, choice.sizeClass)] : [];
    }),
    ...(choice.label ? { label: choice.label } : {}),
    ...(choice.vehicleId ? { vehicleId: choice.vehicleId } : {}),
  }));
}

/**
 * The `vehicles` query of available-slots and available-days: each vehicle as its size class followed by its
 * add-on ids, joined with '.', vehicles joined with ','. `suv.<addOnId>.<addOnId>,sedan` is an SUV with two
 * add-ons and a sedan, all of the path's service. Sizes and ids only: the server looks up the minutes.
 */
export function jobQueryOf(choices: readonly Pick<JobChoice, 'sizeClass' | 'addOnIds'>[]): string {
  return choices.map((c) => [c.sizeClass, ...c.addOnIds].join('.')).join(',');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The `vehicles` query read back, or the reason it cannot be. */
export function parseJobQuery(text: string): { ok: true; choices: Pick<JobChoice, 'sizeClass' | 'addOnIds'>[] } | { ok: false; message: string } {
  const parts = text.split(',');
  if (parts.length > VEHICLES_PER_BOOKING_MAX) return { ok: false, message: `At most ${VEHICLES_PER_BOOKING_MAX} vehicles in one visit` };
  const choices: Pick<JobChoice, 'sizeClass' | 'addOnIds'>[] = [];
  for (const part of parts) {
    const [size, ...addOnIds] = part.split('.');
    if (!(SIZE_CLASSES as readonly string[]).includes(size ?? '')) return { ok: false, message: 'Each vehicle starts with its size: sedan, suv or oversize' };
    if (addOnIds.length > 10) return { ok: false, message: 'At most 10 add-ons per vehicle' };
    if (addOnIds.some((id) => !UUID.test(id))) return { ok: false, message: 'Not a valid add-on id' };
    choices.push({ sizeClass: size as SizeClass, addOnIds });
  }
  return { ok: true, choices };
}

/**
 * The promotional offer (/sww-offer) sells the offer's service at its price for one size class: the first
 * vehicle of that service and size is priced at it (its line shows the offer price) and takes the size's
 * minutes as usual. Answers the vehicles with that one repriced, or null when none qualifies.
 */
export function withOfferPrice(vehicles: readonly JobVehicle[], offer: { serviceId: string; sizeClass: SizeClass; price: string }): JobVehicle[] | null {
  const index = vehicles.findIndex((v) => v.service.id === offer.serviceId && v.sizeClass === offer.sizeClass);
  if (index < 0) return null;
  const vehicle = vehicles[index]!;
  const minutes = durationAtSize(vehicle.service, offer.sizeClass);
  const repriced: JobVehicle = { ...vehicle, service: { ...vehicle.service, price: offer.price, sizePrices: { [offer.sizeClass]: { price: null, duration: minutes } } } };
  return vehicles.map((v, i) => (i === index ? repriced : v));
}
