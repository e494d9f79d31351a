import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { addresses, bookings } from '../../db/schema';

export interface KnownAddress {
  addressId: string | null;
  street: string;
  city: string;
  state: string;
  zipCode: string;
  latitude: string | null;
  longitude: string | null;
}

/** The customer's saved addresses, default first. */
export async function savedAddresses(db: DbOrTx, userId: string): Promise<KnownAddress[]> {
  return db
    .select({
      addressId: addresses.id,
      street: addresses.street,
      city: addresses.city,
      state: addresses.state,
      zipCode: addresses.zipCode,
      latitude: addresses.latitude,
      longitude: addresses.longitude,
    })
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.createdAt))
    .limit(50);
}

/** Where the customer's recent bookings took place (the address snapshots), newest first. */
export async function recentBookingAddresses(db: DbOrTx, userId: string): Promise<KnownAddress[]> {
  const rows = await db
    .select({
      street: bookings.addressStreet,
      city: bookings.addressCity,
      state: bookings.addressState,
      zipCode: bookings.addressZip,
      latitude: bookings.latitude,
      longitude: bookings.longitude,
    })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), isNotNull(bookings.addressStreet)))
    .orderBy(desc(bookings.createdAt))
    .limit(20);
  return rows.map((r) => ({ addressId: null, street: r.street!, city: r.city ?? '', state: r.state ?? '', zipCode: r.zipCode ?? '', latitude: r.latitude, longitude: r.longitude }));
}
