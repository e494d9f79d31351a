import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config';
import { priceBooking } from '../../shared/booking-lifecycle';
import { fromCents } from '../../shared/money';
import { addDaysToKey, dayOfWeek, pacificDateKey, pacificInstant } from '../../shared/time';
import type { BookingStatus, ServiceType } from '../../shared/domain';
import { hashPassword, verifyPassword } from '../features/auth/passwords';
import { sanitizeHtml } from '../http/sanitize';
import { seedOffer } from '../features/offers/offers.service';
import { STANDARD_ADD_ONS, STANDARD_CATALOGUE } from './catalogue';
import type { Database, DbOrTx } from './client';
import { addOns, addresses, bookingPayments, bookings, bookingUpdates, businessHours, clients, driverStatus, serviceAddOns, services, technicianHours, technicianProfiles, users } from './schema';

export interface SeedResult {
  /** Set only when the admin was created now without ADMIN_PASSWORD: printed once. */
  generatedAdminPassword?: string;
  createdAdmin: boolean;
  /** ADMIN_PASSWORD is set but the existing admin's password is another one (it only applies on creation). */
  adminPasswordIgnored?: boolean;
  createdDemo: boolean;
}

/** Seeds an empty database; running it again changes nothing. */
export async function seed(db: Database, config: Config, now = new Date()): Promise<SeedResult> {
  await seedCatalogue(db);
  await seedBusinessHours(db);
  const admin = await seedAdmin(db, config);
  const createdDemo = config.seedDemo ? await seedDemo(db, config, now) : false;
  await seedOffer(db, config.seedDemo, now);
  return { ...admin, createdDemo };
}

/** Adds the standard services that are not there yet (by slug); returns how many were added. */
export async function seedCatalogue(db: DbOrTx): Promise<number> {
  const rows = STANDARD_CATALOGUE.map((service, index) => ({ ...service, description: sanitizeHtml(service.description), sortOrder: index }));
  const inserted = await db.insert(services).values(rows).onConflictDoNothing({ target: services.slug }).returning({ id: services.id });
  await seedAddOns(db);
  return inserted.length;
}

/** The standard add-ons that are not there yet (by slug), each linked to the standard services it goes with. */
async function seedAddOns(db: DbOrTx): Promise<void> {
  const added = await db
    .insert(addOns)
    .values(STANDARD_ADD_ONS.map(({ services: _services, sizePrices, ...addOn }, index) => ({ ...addOn, sizePrices: sizePrices ?? {}, sortOrder: index })))
    .onConflictDoNothing({ target: addOns.slug })
    .returning({ id: addOns.id, slug: addOns.slug });
  if (!added.length) return;
  const serviceIds = new Map((await db.select({ id: services.id, slug: services.slug }).from(services)).map((row) => [row.slug, row.id]));
  const links = added.flatMap((addOn) =>
    (STANDARD_ADD_ONS.find((standard) => standard.slug === addOn.slug)?.services ?? []).flatMap((slug) => {
      const serviceId = serviceIds.get(slug);
      return serviceId ? [{ serviceId, addOnId: addOn.id }] : [];
    }),
  );
  if (links.length) await db.insert(serviceAddOns).values(links).onConflictDoNothing();
}

async function seedBusinessHours(db: Database): Promise<void> {
  // Monday to Saturday 09:00–17:00 with 3 detailers; closed on Sunday.
  const week = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ dayOfWeek: day, startTime: '09:00', endTime: '17:00', capacity: 3, isOpen: day !== 0 }));
  await db.insert(businessHours).values(week).onConflictDoNothing({ target: businessHours.dayOfWeek });
}

async function seedAdmin(db: Database, config: Config): Promise<Omit<SeedResult, 'createdDemo'>> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, config.adminEmail));
  if (existing) {
    if (!config.adminPassword) return { createdAdmin: false };
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, existing.id));
    const matches = row?.passwordHash ? await verifyPassword(row.passwordHash, config.adminPassword).catch(() => false) : false;
    return { createdAdmin: false, adminPasswordIgnored: !matches };
  }
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  await db
    .insert(users)
    .values({
      fullName: 'Admin User',
      username: 'admin',
      email: config.adminEmail,
      passwordHash: await hashPassword(password),
      role: 'admin',
      emailVerified: true,
    })
    .onConflictDoNothing();
  return { createdAdmin: true, generatedAdminPassword: config.adminPassword ? undefined : password };
}

export const DEMO_DRIVER_EMAIL = 'driver@glint.local';
export const DEMO_CUSTOMER_EMAIL = 'customer@glint.local';

/** Customers of the demo business who booked without an account, across the county. */
const DEMO_GUESTS = [
  { name: 'Alex Kim', email: 'alex.kim@example.com', phone: '+16505550101', street: '420 Emerson St', city: 'Palo Alto', zipCode: '94301', latitude: '37.4445', longitude: '-122.1611' },
  { name: 'Sam Ortiz', email: 'sam.ortiz@example.com', phone: '+14085550102', street: '150 S Murphy Ave', city: 'Sunnyvale', zipCode: '94086', latitude: '37.3772', longitude: '-122.0300' },
  { name: 'Jamie Chen', email: 'jamie.chen@example.com', phone: '+14085550103', street: '7390 Monterey St', city: 'Gilroy', zipCode: '95020', latitude: '37.0058', longitude: '-121.5683' },
  { name: 'Riley Park', email: 'riley.park@example.com', phone: '+14085550104', street: '17400 Monterey Rd', city: 'Morgan Hill', zipCode: '95037', latitude: '37.1283', longitude: '-121.6522' },
] as const;

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

async function seedDemo(db: Database, config: Config, now: Date): Promise<boolean> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_CUSTOMER_EMAIL));
  if (existing) return false;
  const passwordHash = await hashPassword(config.demoPassword);
  return db.transaction(async (tx) => {
    const [driver] = await tx
      .insert(users)
      .values({ fullName: 'Diego Ramirez', username: 'driver', email: DEMO_DRIVER_EMAIL, phone: '+14085550175', passwordHash, role: 'driver', emailVerified: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    const [customer] = await tx
      .insert(users)
      .values({ fullName: 'Casey Morgan', username: 'customer', email: DEMO_CUSTOMER_EMAIL, phone: '+14085550199', passwordHash, role: 'customer', emailVerified: true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!driver || !customer) return false;
    await tx.insert(driverStatus).values({ driverId: driver.id, status: 'offline' });
    // Three technicians spread over the county (decision 051): Diego from the business, Priya from Palo Alto,
    // Marcus from Morgan Hill, each with their own week.
    const crew: Record<'diego' | 'priya' | 'marcus', string> = { diego: driver.id, priya: '', marcus: '' };
    for (const [key, person] of [
      ['priya', { fullName: 'Priya Shah', username: 'priya', email: 'priya@glint.local', phone: '+14085550176' }],
      ['marcus', { fullName: 'Marcus Lee', username: 'marcus', email: 'marcus@glint.local', phone: '+14085550177' }],
    ] as const) {
      const [row] = await tx.insert(users).values({ ...person, passwordHash, role: 'driver', emailVerified: true }).onConflictDoNothing().returning({ id: users.id });
      if (!row) return false;
      crew[key] = row.id;
      await tx.insert(driverStatus).values({ driverId: row.id, status: 'offline' });
    }
    await tx.insert(technicianProfiles).values([
      { userId: crew.diego },
      { userId: crew.priya, startLabel: '250 University Ave, Palo Alto, CA 94301', startLatitude: 37.4457, startLongitude: -122.1619 },
      { userId: crew.marcus, startLabel: '17090 Monterey Rd, Morgan Hill, CA 95037', startLatitude: 37.1305, startLongitude: -121.6544 },
    ]);
    const week = (userId: string, days: number[]) => days.map((dayOfWeek) => ({ userId, dayOfWeek, startTime: '08:00', endTime: '18:00' }));
    await tx.insert(technicianHours).values([...week(crew.diego, [1, 2, 3, 4, 5, 6]), ...week(crew.priya, [1, 2, 3, 4, 5]), ...week(crew.marcus, [2, 3, 4, 5, 6])]);
    // The demo customer's client record (docs/decisions/039-clients.md), which their bookings point at.
    const [client] = await tx.insert(clients).values({ name: 'Casey Morgan', email: DEMO_CUSTOMER_EMAIL, phone: '+14085550199', phoneDigits: '4085550199', userId: customer.id }).returning({ id: clients.id });
    const [home] = await tx
      .insert(addresses)
      .values({ userId: customer.id, street: '425 Park Ave', city: 'San Jose', state: 'CA', zipCode: '95110', isDefault: true, latitude: '37.3318', longitude: '-121.8963' })
      .returning();
    const catalogue = await tx.select().from(services).where(sql`${services.slug} is not null`);
    const bySlug = new Map(catalogue.map((s) => [s.slug, s]));
    const today = pacificDateKey(now);
    const demo: Array<{ slug: string; days: number; time: string; status: BookingStatus; type: ServiceType; assigned: boolean; rating?: number; by?: keyof typeof crew; guest?: (typeof DEMO_GUESTS)[number] }> = [
      { slug: 'full-detail', days: -14, time: '10:00', status: 'completed', type: 'pickup', assigned: true, rating: 5 },
      { slug: 'interior-refresh', days: -3, time: '13:00', status: 'completed', type: 'mobile', assigned: true },
      { slug: 'wash-and-wax', days: 1, time: '10:00', status: 'confirmed', type: 'mobile', assigned: true },
      { slug: 'full-detail', days: 2, time: '09:00', status: 'confirmed', type: 'pickup', assigned: true },
      { slug: 'headlight-restoration', days: 4, time: '14:00', status: 'confirmed', type: 'mobile', assigned: false },
      // Other customers' jobs across the county, so the dispatch board and the slot engine have drives to weigh.
      { slug: 'interior-refresh', days: 1, time: '13:00', status: 'confirmed', type: 'mobile', assigned: true, by: 'priya', guest: DEMO_GUESTS[0] },
      { slug: 'wash-and-wax', days: 1, time: '15:30', status: 'confirmed', type: 'mobile', assigned: true, by: 'priya', guest: DEMO_GUESTS[1] },
      { slug: 'wash-and-wax', days: 2, time: '11:00', status: 'confirmed', type: 'mobile', assigned: true, by: 'marcus', guest: DEMO_GUESTS[2] },
      { slug: 'interior-refresh', days: 2, time: '14:30', status: 'confirmed', type: 'mobile', assigned: true, by: 'marcus', guest: DEMO_GUESTS[3] },
    ];
    for (const item of demo) {
      const service = bySlug.get(item.slug)!;
      // Demo bookings fall on open days: Sunday's moves to Monday.
      const day = addDaysToKey(today, item.days);
      const businessDate = dayOfWeek(day) === 0 ? addDaysToKey(day, 1) : day;
      const price = priceBooking(service.price, service.serviceFee);
      const scheduledDate = pacificInstant(businessDate, item.time);
      // Booked (and paid) a few days before the service, never in the future; finished when the service ends.
      const bookedAt = new Date(Math.min(now.getTime() - HOUR_MS, scheduledDate.getTime() - 3 * DAY_MS));
      const intentId = `pi_test_demo_${randomBytes(6).toString('hex')}`;
      const finishedAt = new Date(scheduledDate.getTime() + service.duration * 60_000);
      const technician = crew[item.by ?? 'diego'];
      const guest = item.guest;
      const guestClient = guest
        ? (await tx.insert(clients).values({ name: guest.name, email: guest.email, phone: guest.phone, phoneDigits: guest.phone.slice(2) }).returning({ id: clients.id }))[0]!
        : null;
      const place = guest ?? { street: home!.street, city: home!.city, zipCode: home!.zipCode, latitude: home!.latitude!, longitude: home!.longitude! };
      const [booking] = await tx
        .insert(bookings)
        .values({
          userId: guest ? null : customer.id,
          clientId: guestClient?.id ?? client!.id,
          serviceId: service.id,
          addressId: guest ? null : home!.id,
          assignedDriverId: item.assigned ? technician : null,
          guestName: guest?.name ?? null,
          guestEmail: guest?.email ?? null,
          guestPhone: guest?.phone ?? null,
          serviceType: item.type,
          scheduledDate,
          durationMinutes: service.duration,
          businessDate,
          status: item.status,
          servicePrice: fromCents(price.serviceCents),
          totalAmount: fromCents(price.totalCents),
          serviceFee: fromCents(price.serviceFeeCents),
          tax: fromCents(price.taxCents),
          paymentProvider: 'test',
          paymentStatus: 'paid',
          paymentIntentId: intentId,
          paymentMethodBrand: 'visa',
          paymentMethodLast4: '4242',
          addressStreet: place.street,
          addressCity: place.city,
          addressState: 'CA',
          addressZip: place.zipCode,
          latitude: place.latitude,
          longitude: place.longitude,
          rating: item.rating ?? null,
          review: item.rating ? 'Spotless, and the car was back before dinner.' : null,
          reviewedAt: item.rating ? new Date(Math.min(now.getTime(), finishedAt.getTime() + DAY_MS)) : null,
          source: 'web',
          createdAt: bookedAt,
          updatedAt: item.status === 'completed' ? finishedAt : bookedAt,
        })
        .returning({ id: bookings.id });
      // Its card payment in the ledger, where the receipt and revenue read it (decision 049).
      await tx.insert(bookingPayments).values({ bookingId: booking!.id, kind: 'full', method: 'card', provider: 'test', intentId, amountCents: price.totalCents, status: 'succeeded', createdAt: bookedAt });
      await tx.insert(bookingUpdates).values({ bookingId: booking!.id, status: 'confirmed', kind: 'payment_received', createdAt: bookedAt });
      if (item.status === 'completed') {
        await tx.insert(bookingUpdates).values({ bookingId: booking!.id, driverId: technician, status: 'completed', kind: 'note', message: 'All done. Thanks for choosing us!', createdAt: finishedAt });
      }
    }
    return true;
  });
}
