import { vehicleLabelOf } from '@shared/booking-job';
import type { SizeClass } from '@shared/domain';
import type { SavedVehicle } from '@shared/schemas/vehicles';
import type { JobVehicles } from './job';

/** One vehicle as the booking start edits it: a saved one (by id) or one typed here. */
export interface VehicleDraft {
  key: number;
  vehicleId: string | null;
  make: string;
  model: string;
  sizeClass: SizeClass;
  addOnIds: string[];
  /** A typed vehicle of a signed-in customer goes to the account on Continue. */
  save: boolean;
}

let nextKey = 1;
export const newVehicleDraft = (sizeClass: SizeClass = 'sedan', saved?: SavedVehicle): VehicleDraft => ({
  key: nextKey++,
  vehicleId: saved?.id ?? null,
  make: '',
  model: '',
  sizeClass: saved?.sizeClass ?? sizeClass,
  addOnIds: [],
  save: true,
});

/** The request's vehicles for these drafts (a saved vehicle is named by its id and label). */
export function jobOfDrafts(drafts: readonly VehicleDraft[], saved: readonly SavedVehicle[]): JobVehicles {
  return drafts.map((d) => {
    const own = d.vehicleId ? saved.find((v) => v.id === d.vehicleId) : undefined;
    const description = own ? vehicleLabelOf(own) : [d.make.trim(), d.model.trim()].filter(Boolean).join(' ');
    return { ...(own ? { vehicleId: own.id } : {}), sizeClass: own?.sizeClass ?? d.sizeClass, ...(description ? { description } : {}), addOnIds: d.addOnIds };
  });
}
