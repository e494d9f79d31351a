import { MAX_SAVED_ADDRESSES, type AddressRequest, type SavedAddress } from '../../../shared/schemas/account';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { withCoordinates } from '../geo';
import * as repo from './addresses.repository';

type ParsedAddress = Required<AddressRequest>;

const NOT_FOUND = 'Address not found';

/**
 * Saved addresses: every call acts on the signed-in customer's own rows only, under a per-customer lock,
 * so there is always exactly one default while the customer has any address.
 */
export async function listAddresses(ctx: AppContext, actor: PublicUser): Promise<SavedAddress[]> {
  return repo.listAddresses(ctx.db, actor.id, MAX_SAVED_ADDRESSES);
}

export async function addAddress(ctx: AppContext, actor: PublicUser, input: ParsedAddress): Promise<SavedAddress> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomerAddresses(tx, actor.id);
    const existing = await repo.countAddresses(tx, actor.id);
    if (existing >= MAX_SAVED_ADDRESSES) throw new AppError('ADDRESS_LIMIT_REACHED', `You can save up to ${MAX_SAVED_ADDRESSES} addresses. Please delete one first.`, { max: MAX_SAVED_ADDRESSES });
    // The first address is the default whatever the checkbox says.
    const isDefault = existing === 0 || input.isDefault;
    if (isDefault) await repo.clearDefault(tx, actor.id);
    const { street, city, state, zipCode } = input;
    // Coordinates from the ZIP code's centroid (the ETA and dispatch map need them).
    return repo.insertAddress(tx, actor.id, withCoordinates({ street, city, state, zipCode, isDefault, latitude: null, longitude: null }));
  });
}

/** PUT /api/addresses/:id: new text; isDefault true also makes it the default (false never leaves none). */
export async function updateAddress(ctx: AppContext, actor: PublicUser, id: string, input: ParsedAddress): Promise<SavedAddress> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomerAddresses(tx, actor.id);
    const found = await repo.findOwnAddress(tx, actor.id, id);
    if (!found) throw new AppError('ADDRESS_NOT_FOUND', NOT_FOUND);
    const { street, city, state, zipCode } = input;
    await repo.updateAddress(tx, actor.id, id, withCoordinates({ street, city, state, zipCode, latitude: null, longitude: null }));
    if (input.isDefault && !found.isDefault) {
      await repo.clearDefault(tx, actor.id);
      await repo.setDefault(tx, actor.id, id);
    }
    return (await repo.findOwnAddress(tx, actor.id, id))!;
  });
}

export async function makeDefaultAddress(ctx: AppContext, actor: PublicUser, id: string): Promise<SavedAddress> {
  return ctx.db.transaction(async (tx) => {
    await repo.lockCustomerAddresses(tx, actor.id);
    const found = await repo.findOwnAddress(tx, actor.id, id);
    if (!found) throw new AppError('ADDRESS_NOT_FOUND', NOT_FOUND);
    if (!found.isDefault) {
      await repo.clearDefault(tx, actor.id);
      await repo.setDefault(tx, actor.id, id);
    }
    return { ...found, isDefault: true };
  });
}

/** Deleting the default promotes the oldest remaining address. Bookings keep their own copy of the address. */
export async function deleteAddress(ctx: AppContext, actor: PublicUser, id: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockCustomerAddresses(tx, actor.id);
    const found = await repo.findOwnAddress(tx, actor.id, id);
    if (!found) throw new AppError('ADDRESS_NOT_FOUND', NOT_FOUND);
    await repo.deleteAddress(tx, actor.id, id);
    if (found.isDefault) {
      const next = await repo.oldestOtherAddress(tx, actor.id, id);
      if (next) await repo.setDefault(tx, actor.id, next);
    }
  });
  return { message: 'Address deleted successfully' };
}
