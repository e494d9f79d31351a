/** A booking's price, on the server and on every page that shows one. */
import { TAX_RATE_PERCENT } from './constants';
import { toCents } from './money';

export interface PriceLine {
  label: string;
  cents: number;
}

export interface BookingPrice {
  /** The service's own price. */
  serviceCents: number;
  /** Add-ons (none yet); each adds to the taxed amount. */
  addOns: PriceLine[];
  serviceFeeCents: number;
  taxCents: number;
  totalCents: number;
}

/** Total = service + add-ons + service fee + tax, where tax is 10% of service and add-ons, rounded half up to the cent. */
export function priceBooking(servicePrice: string, serviceFee: string, addOns: PriceLine[] = []): BookingPrice {
  const serviceCents = toCents(servicePrice);
  const serviceFeeCents = toCents(serviceFee);
  const taxed = serviceCents + addOns.reduce((sum, line) => sum + line.cents, 0);
  const taxCents = Math.round((taxed * TAX_RATE_PERCENT) / 100);
  return { serviceCents, addOns, serviceFeeCents, taxCents, totalCents: taxed + serviceFeeCents + taxCents };
}

/** The breakdown of a stored booking, from the amounts it was priced with. */
export function storedPrice(booking: { servicePrice: string; serviceFee: string; tax: string; totalAmount: string }): BookingPrice {
  return { serviceCents: toCents(booking.servicePrice), addOns: [], serviceFeeCents: toCents(booking.serviceFee), taxCents: toCents(booking.tax), totalCents: toCents(booking.totalAmount) };
}
