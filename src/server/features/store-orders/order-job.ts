import { fromCents, toCents } from '../../../shared/money';
import { durationAtSize, priceJob, type JobPrice, type JobVehicle } from '../../../shared/pricing';
import type { ServiceView } from '../../../shared/schemas/services';
import type { OrderCoverageItem } from '../../../shared/schemas/store-orders';
import type { DbOrTx } from '../../db/client';
import * as repo from './store-orders.repository';

/**
 * A store order as a booking's job (docs/decisions/044). Each unit of a line mapped to a service is one vehicle
 * with that service, at the size its variant (or product) names; each unit of an add-on line attaches to the
 * vehicles in turn. The store is the till: every line costs what the order paid for it, the minutes come from our
 * catalogue at the vehicle's size, and the booking carries the store's discount and tax, no service fee.
 */

/** The service ids the order's lines map to, in the order's order. */
export function coveredServiceIds(covers: OrderCoverageItem[]): string[] {
  return [...new Set(covers.flatMap((c) => (c.kind === 'service' && c.itemId ? [c.itemId] : [])))];
}

const units = (covers: OrderCoverageItem[], kind: 'service' | 'add_on') => covers.filter((c) => c.kind === kind).flatMap((c) => Array.from({ length: Math.max(1, c.quantity) }, () => c));

/**
 * The job of an order: its services as vehicles and its add-ons on them. `fallback` is the service the customer
 * or the admin chose for an order that maps none: it is one vehicle, costing what the order's other lines cost
 * (so a booking of an unmapped order still carries what was paid).
 */
export async function priceOrderJob(
  db: DbOrTx,
  order: Pick<repo.OrderRow, 'totalTax' | 'totalDiscounts'>,
  covers: OrderCoverageItem[],
  services: Map<string, ServiceView>,
  fallback: ServiceView | null,
): Promise<JobPrice> {
  const vehicles: JobVehicle[] = units(covers, 'service').map((unit) => {
    const service = services.get(unit.itemId!);
    const sizeClass = unit.sizeClass ?? 'sedan';
    return { sizeClass, service: { id: unit.itemId!, name: service?.name ?? unit.itemName ?? unit.name, price: unit.price, duration: service ? durationAtSize(service, sizeClass) : 0 }, addOns: [] };
  });
  if (vehicles.length === 0 && fallback) {
    const unmappedCents = covers.filter((c) => c.kind === null).reduce((sum, c) => sum + toCents(c.price) * c.quantity, 0);
    vehicles.push({ sizeClass: 'sedan', service: { id: fallback.id, name: fallback.name, price: fromCents(unmappedCents), duration: fallback.duration }, addOns: [] });
  }
  const addOnUnits = units(covers, 'add_on');
  const minutes = await repo.addOnMinutes(db, addOnUnits.map((unit) => unit.itemId!));
  addOnUnits.forEach((unit, i) => {
    const vehicle = vehicles[i % Math.max(vehicles.length, 1)];
    vehicle?.addOns!.push({ id: unit.itemId!, name: unit.itemName ?? unit.name, price: unit.price, minutes: minutes.get(unit.itemId!) ?? 0 });
  });
  const discountCents = toCents(order.totalDiscounts ?? '0');
  const price = priceJob({ vehicles, serviceFee: '0.00', discount: discountCents > 0 ? { cents: discountCents, label: 'Store discount' } : null });
  // The store charged the tax (if any): the booking shows that, not ours.
  const taxCents = toCents(order.totalTax ?? '0');
  return { ...price, taxCents, totalCents: price.subtotalCents - price.discountCents + taxCents };
}
