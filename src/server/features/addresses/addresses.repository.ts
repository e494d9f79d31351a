import { and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { SavedAddress } from '../../../shared/schemas/account';
import type { DbOrTx } from '../../db/client';
import { addresses } from '../../db/schema';

const columns = {
  id: addresses.id,
  street: addresses.street,
  city: addresses.city,
  state: addresses.state,
  zipCode: addresses.zipCode,
  isDefault: addresses.isDefault,
  createdAt: addresses.createdAt,
};

type Row = { [K in keyof typeof columns]: (typeof columns)[K]['_']['data'] };
const toView = (row: Row): SavedAddress => ({ ...row, createdAt: row.createdAt.toISOString() });

/** Serialises address changes of one customer, so "exactly one default" holds under concurrent requests. */
export async function lockCustomerAddresses(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-addresses:${userId}`}))`);
}

export async function listAddresses(db: DbOrTx, userId: string, limit: number): Promise<SavedAddress[]> {
  const rows = await db
    .select(columns)
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt), desc(addresses.id))
    .limit(limit);
  return rows.map(toView);
}

export async function countAddresses(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(addresses).where(eq(addresses.userId, userId));
  return row?.value ?? 0;
}

/** The customer's own address, or undefined (someone else's id looks exactly like an unknown one). */
export async function findOwnAddress(db: DbOrTx, userId: string, id: string): Promise<SavedAddress | undefined> {
  const [row] = await db.select(columns).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row && toView(row);
}

/** The customer's own address's stored coordinates (null when it has none), or undefined when it is not theirs. */
export async function findOwnAddressCoordinates(db: DbOrTx, userId: string, id: string): Promise<Coordinates | undefined> {
  const [row] = await db.select({ latitude: addresses.latitude, longitude: addresses.longitude }).from(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

type Coordinates = { latitude: string | null; longitude: string | null };

/** The customer's own saved address with its stored coordinates (a booking or a standing visit there), or undefined when it is not theirs. */
export async function findOwnPlace(db: DbOrTx, userId: string, id: string) {
  const [row] = await db
    .select({ id: addresses.id, street: addresses.street, city: addresses.city, state: addresses.state, zipCode: addresses.zipCode, latitude: addresses.latitude, longitude: addresses.longitude })
    .from(addresses)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
  return row;
}

export async function insertAddress(db: DbOrTx, userId: string, values: { street: string; city: string; state: string; zipCode: string; isDefault: boolean } & Coordinates): Promise<SavedAddress> {
  const [row] = await db
    .insert(addresses)
    .values({ userId, ...values })
    .returning(columns);
  return toView(row!);
}

export async function updateAddress(db: DbOrTx, userId: string, id: string, values: { street: string; city: string; state: string; zipCode: string } & Coordinates): Promise<void> {
  // The caller gives the coordinates of the new text (the old ones belonged to the old text).
  await db
    .update(addresses)
    .set(values)
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

export async function clearDefault(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), eq(addresses.isDefault, true)));
}

export async function setDefault(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

export async function deleteAddress(db: DbOrTx, userId: string, id: string): Promise<void> {
  await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
}

/** The address to promote when the default goes: the oldest remaining one. */
export async function oldestOtherAddress(db: DbOrTx, userId: string, exceptId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), ne(addresses.id, exceptId)))
    .orderBy(asc(addresses.createdAt), asc(addresses.id))
    .limit(1);
  return row?.id;
}

/** Every saved address of a person (account deletion and the back office's erasure). */
export async function deleteAddressesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(addresses).where(eq(addresses.userId, userId));
}
