import type { AddOnValues as AddOnInput, AdminAddOn } from '../../../shared/schemas/admin-services';
import type { Page } from '../../../shared/schemas/common';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import * as repo from './add-ons.repository';
import { storedAddOnPrices } from './size-prices';

const NOT_FOUND = 'Add-on not found';

/** The back office's add-ons (docs/decisions/038). Routes are admin-only; each write is one transaction. */
export function listAddOns(ctx: AppContext, query: { page: number; pageSize: number }): Promise<Page<AdminAddOn>> {
  return repo.listAddOns(ctx.db, query);
}

function toValues(input: AddOnInput): repo.AddOnValues {
  return { name: input.name, description: input.description, price: input.price, sizePrices: storedAddOnPrices(input.sizePrices), minutes: input.minutes, translations: input.translations, isActive: input.isActive };
}

async function checkServices(tx: Parameters<typeof repo.countServices>[0], serviceIds: string[]): Promise<string[]> {
  const unique = [...new Set(serviceIds)];
  if ((await repo.countServices(tx, unique)) !== unique.length) throw new AppError('INVALID_INPUT', 'One of the chosen services does not exist', { field: 'serviceIds' });
  return unique;
}

export async function createAddOn(ctx: AppContext, input: AddOnInput): Promise<AdminAddOn> {
  return ctx.db.transaction(async (tx) => {
    const serviceIds = await checkServices(tx, input.serviceIds);
    const id = await repo.insertAddOn(tx, toValues(input));
    await repo.setAddOnServices(tx, id, serviceIds);
    return (await repo.findAddOn(tx, id))!;
  });
}

export async function updateAddOn(ctx: AppContext, id: string, input: AddOnInput): Promise<AdminAddOn> {
  return ctx.db.transaction(async (tx) => {
    const serviceIds = await checkServices(tx, input.serviceIds);
    if (!(await repo.updateAddOn(tx, id, { ...toValues(input), updatedAt: ctx.now() }))) throw new AppError('ADD_ON_NOT_FOUND', NOT_FOUND);
    await repo.setAddOnServices(tx, id, serviceIds);
    return (await repo.findAddOn(tx, id))!;
  });
}

/**
 * Deleting removes the add-on from every service's list. A booking keeps its own copy of what it was sold
 * (name, price, minutes), so no booking changes; to stop selling one but keep it, deactivate it instead.
 */
export async function deleteAddOn(ctx: AppContext, id: string): Promise<{ message: string }> {
  if (!(await repo.deleteAddOn(ctx.db, id))) throw new AppError('ADD_ON_NOT_FOUND', NOT_FOUND);
  return { message: 'Add-on deleted' };
}
