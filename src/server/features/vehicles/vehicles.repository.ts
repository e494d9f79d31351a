import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { SavedVehicle, VehicleValues } from '../../../shared/schemas/vehicles';
import type { DbOrTx } from '../../db/client';
import { vehicles } from '../../db/schema';

const columns = {
  id: vehicles.id,
  year: vehicles.year,
  make: vehicles.make,
  model: vehicles.model,
  colour: vehicles.colour,
  plate: vehicles.plate,
  sizeClass: vehicles.sizeClass,
  notes: vehicles.notes,
  createdAt: vehicles.createdAt,
  updatedAt: vehicles.updatedAt,
};

type Row = Pick<typeof vehicles.$inferSelect, keyof typeof columns>;
const toView = (row: Row): SavedVehicle => ({ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() });

/** Serialises one customer's vehicle changes, so the limit holds under concurrent requests. */
export async function lockCustomerVehicles(tx: DbOrTx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`glint-vehicles:${userId}`}))`);
}

/** One page of the customer's vehicles, oldest first (the first one saved is usually the everyday car). */
export async function listVehicles(db: DbOrTx, userId: string, options: { page: number; pageSize: number }): Promise<{ items: SavedVehicle[]; total: number }> {
  const rows = await db
    .select(columns)
    .from(vehicles)
    .where(eq(vehicles.userId, userId))
    .orderBy(asc(vehicles.createdAt), asc(vehicles.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize);
  return { items: rows.map(toView), total: await countVehicles(db, userId) };
}

export async function countVehicles(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(vehicles).where(eq(vehicles.userId, userId));
  return row?.value ?? 0;
}

/** The customer's own vehicle, or undefined (someone else's id looks exactly like an unknown one). */
export async function findOwnVehicle(db: DbOrTx, userId: string, id: string): Promise<SavedVehicle | undefined> {
  const [row] = await db.select(columns).from(vehicles).where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)));
  return row && toView(row);
}

export async function insertVehicle(db: DbOrTx, userId: string, values: VehicleValues): Promise<SavedVehicle> {
  const [row] = await db
    .insert(vehicles)
    .values({ userId, ...values })
    .returning(columns);
  return toView(row!);
}

export async function updateVehicle(db: DbOrTx, userId: string, id: string, values: VehicleValues & { updatedAt: Date }): Promise<SavedVehicle | undefined> {
  const [row] = await db
    .update(vehicles)
    .set(values)
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
    .returning(columns);
  return row && toView(row);
}

export async function deleteVehicle(db: DbOrTx, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(vehicles)
    .where(and(eq(vehicles.id, id), eq(vehicles.userId, userId)))
    .returning({ id: vehicles.id });
  return rows.length > 0;
}

/** Every saved vehicle of a person (account deletion and the back office's erasure). */
export async function deleteVehiclesOf(db: DbOrTx, userId: string): Promise<void> {
  await db.delete(vehicles).where(eq(vehicles.userId, userId));
}
