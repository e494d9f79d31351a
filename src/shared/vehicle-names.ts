import type { SizeClass } from './domain';

/**
 * How make and model names are matched, without the catalogue itself: the web looks names up in the list it
 * fetched (GET /api/vehicle-catalogue), the server in the list it ships (vehicle-catalogue.ts).
 */
export interface CatalogueModel {
  model: string;
  sizeClass: SizeClass;
}
export interface CatalogueMake {
  make: string;
  models: CatalogueModel[];
}

/** Names compare the way people type them: case, spaces, hyphens and dots do not matter ("cr v" is "CR-V"). */
export const nameKey = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

// A few names people use for the same make.
const MAKE_ALIASES: Record<string, string> = { chevy: 'chevrolet', vw: 'volkswagen', mercedes: 'mercedesbenz', benz: 'mercedesbenz', rangerover: 'landrover' };

/** The key of a make as typed, aliases resolved. */
export function makeKey(make: string): string {
  const key = nameKey(make);
  return MAKE_ALIASES[key] ?? key;
}

/** A make's entry in a list, or undefined. */
export function findMakeIn(makes: readonly CatalogueMake[], make: string): CatalogueMake | undefined {
  const wanted = makeKey(make);
  return wanted ? makes.find((entry) => nameKey(entry.make) === wanted) : undefined;
}

/** The usual size class of a model of that make; null when unknown. */
export function modelSizeClass(entry: CatalogueMake | undefined, model: string): SizeClass | null {
  const wanted = nameKey(model);
  if (!entry || !wanted) return null;
  return entry.models.find((m) => nameKey(m.model) === wanted)?.sizeClass ?? null;
}
