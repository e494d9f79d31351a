import type { PublicUser } from '../../../shared/schemas/auth';
import type { Page } from '../../../shared/schemas/common';
import { MAX_SAVED_VEHICLES, type SavedVehicle, type VehicleCatalogueResponse, type VehicleValues } from '../../../shared/schemas/vehicles';
import { VEHICLE_CATALOGUE } from '../../../shared/vehicle-catalogue';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repo from './vehicles.repository';

const NOT_FOUND = 'Vehicle not found';

/** Saved vehicles: every call acts on the signed-in customer's own rows only (docs/decisions/038). */
export async function listVehicles(ctx: AppContext, actor: PublicUser, query: { page: number; pageSize: number }): Promise<Page<SavedVehicle>> {
  const { items, total } = await repo.listVehicles(ctx.db, actor.id, query);
  return { items, page: query.page, pageSize: query.pageSize, total };
}

export async function addVehicle(ctx: AppContext, actor: PublicUser, input: VehicleValues): Promise<SavedVehicle> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomerVehicles(tx, actor.id);
    if ((await repo.countVehicles(tx, actor.id)) >= MAX_SAVED_VEHICLES) {
      throw new AppError('VEHICLE_LIMIT_REACHED', `You can save up to ${MAX_SAVED_VEHICLES} vehicles. Please delete one first.`, { max: MAX_SAVED_VEHICLES });
    }
    return repo.insertVehicle(tx, actor.id, input);
  });
}

export async function updateVehicle(ctx: AppContext, actor: PublicUser, id: string, input: VehicleValues): Promise<SavedVehicle> {
  const updated = await repo.updateVehicle(ctx.db, actor.id, id, { ...input, updatedAt: ctx.now() });
  if (!updated) throw new AppError('VEHICLE_NOT_FOUND', NOT_FOUND);
  return updated;
}

/** Bookings keep their own copy of the vehicle, so deleting one changes no booking. */
export async function deleteVehicle(ctx: AppContext, actor: PublicUser, id: string): Promise<{ message: string }> {
  if (!(await repo.deleteVehicle(ctx.db, actor.id, id))) throw new AppError('VEHICLE_NOT_FOUND', NOT_FOUND);
  return { message: 'Vehicle deleted' };
}

/** The make/model list shipped with the code; the same for everyone. */
export function vehicleCatalogue(): VehicleCatalogueResponse {
  return { makes: VEHICLE_CATALOGUE };
}
