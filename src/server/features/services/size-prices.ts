import { SIZE_CLASSES, type SizeClass } from '../../../shared/domain';
import type { SizePrices } from '../../../shared/pricing';
import type { PricesBySize, SizePricesView } from '../../../shared/schemas/services';

/** Stored size prices (only the classes that differ) as the API shows them: every class, null = the base. */
export function sizePricesViewOf(stored: SizePrices | null | undefined): SizePricesView {
  const view = {} as SizePricesView;
  for (const size of SIZE_CLASSES) view[size] = { price: stored?.[size]?.price ?? null, duration: stored?.[size]?.duration ?? null };
  return view;
}

/** The service dialog's table as stored: a class whose price and minutes are both empty is left out. */
export function storedSizePrices(table: SizePricesView): SizePrices {
  const stored: SizePrices = {};
  for (const size of SIZE_CLASSES) {
    const { price, duration } = table[size];
    if (price !== null || duration !== null) stored[size] = { price, duration };
  }
  return stored;
}

/** An add-on's price at every class: its own where set, the base elsewhere. */
export function pricesBySizeOf(base: string, own: Partial<Record<SizeClass, string>> | null | undefined): PricesBySize {
  const prices = {} as PricesBySize;
  for (const size of SIZE_CLASSES) prices[size] = own?.[size] ?? base;
  return prices;
}

/** An add-on's own class prices as stored: only the classes that have one. */
export function storedAddOnPrices(table: Record<SizeClass, string | null>): Partial<Record<SizeClass, string>> {
  const stored: Partial<Record<SizeClass, string>> = {};
  for (const size of SIZE_CLASSES) if (table[size] !== null) stored[size] = table[size];
  return stored;
}
