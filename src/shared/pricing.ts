/** A booking's price, on the server and on every page that shows one. */
import { TAX_RATE_PERCENT } from './constants';
import type { SizeClass } from './domain';
import { fromCents, toCents } from './money';

export interface PriceLine {
  label: string;
  cents: number;
}

export interface BookingPrice {
  /** The service's own price. */
  serviceCents: number;
  /** Add-ons; each adds to the taxed amount. */
  addOns: PriceLine[];
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
}

/**
 * What a service or an add-on costs and takes for one size class; a class left out (or null) costs the base
 * price and takes the base time (docs/decisions/038).
 */
export type SizePrices = Partial<Record<SizeClass, { price?: string | null; duration?: number | null } | undefined>>;

export interface JobService {
  /** The service's id, carried onto its line. */
  id?: string;
  name?: string;
  /** The base price (a sedan's, unless the sedan row says otherwise). */
  price: string;
  /** Base minutes. */
  duration?: number;
  sizePrices?: SizePrices | null;
}

export interface JobAddOn {
  id?: string;
  name: string;
  price: string;
  minutes?: number;
  sizePrices?: SizePrices | null;
}

export interface JobVehicle {
  sizeClass: SizeClass;
  service: JobService;
  addOns?: JobAddOn[];
  /** How the vehicle is named on its lines ('2019 Honda CR-V'); optional. */
  label?: string;
  /** The customer's saved vehicle, when one was picked. */
  vehicleId?: string;
}

export interface JobLine {
  kind: 'service' | 'add_on';
  /** The service or add-on sold, when the caller named it. */
  itemId?: string;
  label: string;
  sizeClass: SizeClass;
  cents: number;
  minutes: number;
}

export interface JobVehiclePrice {
  sizeClass: SizeClass;
  label?: string;
  vehicleId?: string;
  lines: JobLine[];
  /** Service and add-ons of this vehicle. */
  cents: number;
  minutes: number;
}

export interface JobPrice {
  vehicles: JobVehiclePrice[];
  /** Every vehicle's service and add-ons, before the discount. */
  subtotalCents: number;
  /** What the offer, promo or package credit takes off (never more than the subtotal). */
  discountCents: number;
  discountLabel?: string;
  serviceFeeCents: number;
  /** The service area's fee for a mobile or pickup job beyond the free drive (decision 054); 0 otherwise. Like the service fee, never taxed. */
  travelFeeCents: number;
  /** TAX_RATE_PERCENT of (subtotal − discount), rounded half up to the cent; the fees are never taxed. */
  taxCents: number;
  totalCents: number;
  /** The time the whole job takes: every vehicle's service and add-ons, one after another. */
  minutes: number;
}

/** The price of a service or add-on at a size class: its row's figure when set, else the base. */
export function priceAtSize(item: { price: string; sizePrices?: SizePrices | null }, sizeClass: SizeClass): string {
  const own = item.sizePrices?.[sizeClass]?.price;
  return own === null || own === undefined || own === '' ? item.price : own;
}

/** The minutes of a service at a size class: its row's figure when set, else the base duration. */
export function durationAtSize(item: { duration?: number; sizePrices?: SizePrices | null }, sizeClass: SizeClass): number {
  const own = item.sizePrices?.[sizeClass]?.duration;
  return own === null || own === undefined ? (item.duration ?? 0) : own;
}

/**
 * The one pricing rule of a job: per vehicle, the service at its size class plus its add-ons at that size;
 * then the discount (offer, promo or package credit); then the service fee (once per booking) and the travel fee
 * (the service area's band, for a job at the customer's place); then tax on what is left of service and
 * add-ons. Every amount is in integer cents.
 */
export function priceJob(input: { vehicles: JobVehicle[]; serviceFee: string; travelFeeCents?: number; discount?: { cents: number; label?: string } | null }): JobPrice {
  const vehicles = input.vehicles.map((vehicle): JobVehiclePrice => {
    const { sizeClass } = vehicle;
    const lines: JobLine[] = [
      { kind: 'service', ...(vehicle.service.id ? { itemId: vehicle.service.id } : {}), label: vehicle.service.name ?? 'Service', sizeClass, cents: toCents(priceAtSize(vehicle.service, sizeClass)), minutes: durationAtSize(vehicle.service, sizeClass) },
      ...(vehicle.addOns ?? []).map((addOn): JobLine => ({ kind: 'add_on', ...(addOn.id ? { itemId: addOn.id } : {}), label: addOn.name, sizeClass, cents: toCents(priceAtSize(addOn, sizeClass)), minutes: addOn.minutes ?? 0 })),
    ];
    return {
      sizeClass,
      ...(vehicle.label ? { label: vehicle.label } : {}),
      ...(vehicle.vehicleId ? { vehicleId: vehicle.vehicleId } : {}),
      lines,
      cents: lines.reduce((sum, line) => sum + line.cents, 0),
      minutes: lines.reduce((sum, line) => sum + line.minutes, 0),
    };
  });
  return jobTotals(vehicles, toCents(input.serviceFee), input.travelFeeCents ?? 0, input.discount);
}

/** The totals of priced vehicles: the discount (never more than the subtotal), the fee, tax on what is left. */
function jobTotals(vehicles: JobVehiclePrice[], serviceFeeCents: number, travelFeeCents: number, discount: { cents: number; label?: string } | null | undefined): JobPrice {
  const subtotalCents = vehicles.reduce((sum, vehicle) => sum + vehicle.cents, 0);
  const discountCents = Math.min(Math.max(0, Math.round(discount?.cents ?? 0)), subtotalCents);
  const taxed = subtotalCents - discountCents;
  const taxCents = Math.round((taxed * TAX_RATE_PERCENT) / 100);
  return {
    vehicles,
    subtotalCents,
    discountCents,
    ...(discount?.label ? { discountLabel: discount.label } : {}),
    serviceFeeCents,
    travelFeeCents,
    taxCents,
    totalCents: taxed + serviceFeeCents + travelFeeCents + taxCents,
    minutes: vehicles.reduce((sum, vehicle) => sum + vehicle.minutes, 0),
  };
}

/** A priced job with a discount taken off (a promo code, decided after the job was priced), by the same rule. */
export function withDiscount(price: JobPrice, discount: { cents: number; label?: string }): JobPrice {
  return jobTotals(price.vehicles, price.serviceFeeCents, price.travelFeeCents, discount);
}

/**
 * One vehicle at its base price with fixed add-on lines: total = service + add-ons + service fee + tax, where
 * tax is 10% of service and add-ons, rounded half up to the cent. The same rule as priceJob.
 */
export function priceBooking(servicePrice: string, serviceFee: string, addOns: PriceLine[] = []): BookingPrice {
  const job = priceJob({
    vehicles: [{ sizeClass: 'sedan', service: { price: servicePrice }, addOns: addOns.map((line) => ({ name: line.label, price: fromCents(line.cents) })) }],
    serviceFee,
  });
  return { serviceCents: job.vehicles[0]!.lines[0]!.cents, addOns, serviceFeeCents: job.serviceFeeCents, taxCents: job.taxCents, totalCents: job.totalCents };
}

/** The breakdown of a stored booking, from the amounts it was priced with. */
export function storedPrice(booking: { servicePrice: string; serviceFee: string; tax: string; totalAmount: string }): BookingPrice {
  return { serviceCents: toCents(booking.servicePrice), addOns: [], serviceFeeCents: toCents(booking.serviceFee), taxCents: toCents(booking.tax), totalCents: toCents(booking.totalAmount) };
}
