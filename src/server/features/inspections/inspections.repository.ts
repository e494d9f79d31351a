import { and, asc, count, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { DamageZone, InspectionImageType, InspectionPhase, InspectionPhotoSlot } from '../../../shared/inspections';
import type { DamageNote } from '../../../shared/schemas/inspections';
import type { DbOrTx } from '../../db/client';
import { bookings, inspectionConcerns, inspectionPhotos, inspections, users } from '../../db/schema';

/** What the access and timing rules need of a booking (no personal data). */
export async function findInspectionFacts(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      id: bookings.id,
      userId: bookings.userId,
      assignedDriverId: bookings.assignedDriverId,
      serviceType: bookings.serviceType,
      status: bookings.status,
      isBlocked: bookings.isBlocked,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId))
    .limit(1);
  return row;
}
export type InspectionFacts = NonNullable<Awaited<ReturnType<typeof findInspectionFacts>>>;

export interface NewPhoto {
  slot: InspectionPhotoSlot;
  zone: DamageZone | null;
  sha256: string;
  storageKey: string;
  contentType: InspectionImageType;
  size: number;
}

export interface NewInspection {
  bookingId: string;
  phase: InspectionPhase;
  odometer: number;
  fuelEighths: number;
  damage: DamageNote[];
  customerNotPresent: boolean;
  inspectedBy: string;
  latitude: number | null;
  longitude: number | null;
  finalisedAt: Date;
  correctsId: string | null;
}

/** The record and its photos in one transaction; the unique indexes refuse a second original or a second correction. */
export async function insertInspection(db: DbOrTx, record: NewInspection, photos: NewPhoto[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(inspections).values(record).returning({ id: inspections.id });
    if (photos.length) await tx.insert(inspectionPhotos).values(photos.map((photo) => ({ ...photo, inspectionId: row!.id })));
    return row!.id;
  });
}

/** One record of the booking (to check what a correction names). */
export async function findInspection(db: DbOrTx, bookingId: string, inspectionId: string) {
  const [row] = await db
    .select({ id: inspections.id, phase: inspections.phase })
    .from(inspections)
    .where(and(eq(inspections.id, inspectionId), eq(inspections.bookingId, bookingId)))
    .limit(1);
  return row;
}

export async function hasOriginal(db: DbOrTx, bookingId: string, phase: InspectionPhase): Promise<boolean> {
  const [row] = await db
    .select({ id: inspections.id })
    .from(inspections)
    .where(and(eq(inspections.bookingId, bookingId), eq(inspections.phase, phase), isNull(inspections.correctsId)))
    .limit(1);
  return Boolean(row);
}

export async function isCorrected(db: DbOrTx, inspectionId: string): Promise<boolean> {
  const [row] = await db.select({ id: inspections.id }).from(inspections).where(eq(inspections.correctsId, inspectionId)).limit(1);
  return Boolean(row);
}

/** A booking has at most two chains of records (pickup and return), each short: read whole. */
export async function listInspections(db: DbOrTx, bookingId: string) {
  const records = await db
    .select({
      id: inspections.id,
      bookingId: inspections.bookingId,
      phase: inspections.phase,
      odometer: inspections.odometer,
      fuelEighths: inspections.fuelEighths,
      damage: inspections.damage,
      customerNotPresent: inspections.customerNotPresent,
      inspectedById: inspections.inspectedBy,
      inspectedByName: users.fullName,
      latitude: inspections.latitude,
      longitude: inspections.longitude,
      finalisedAt: inspections.finalisedAt,
      correctsId: inspections.correctsId,
      createdAt: inspections.createdAt,
    })
    .from(inspections)
    .leftJoin(users, eq(users.id, inspections.inspectedBy))
    .where(eq(inspections.bookingId, bookingId))
    .orderBy(asc(inspections.createdAt), asc(inspections.id));
  const photos = records.length
    ? await db
        .select({
          id: inspectionPhotos.id,
          inspectionId: inspectionPhotos.inspectionId,
          slot: inspectionPhotos.slot,
          zone: inspectionPhotos.zone,
          sha256: inspectionPhotos.sha256,
          contentType: inspectionPhotos.contentType,
          size: inspectionPhotos.size,
        })
        .from(inspectionPhotos)
        .where(
          inArray(
            inspectionPhotos.inspectionId,
            records.map((record) => record.id),
          ),
        )
        .orderBy(asc(inspectionPhotos.createdAt), asc(inspectionPhotos.id))
    : [];
  return { records, photos };
}

/** A photo of one of the booking's inspections (the booking is part of the key, so an id from another booking is not found). */
export async function findPhoto(db: DbOrTx, bookingId: string, photoId: string) {
  const [row] = await db
    .select({ storageKey: inspectionPhotos.storageKey, contentType: inspectionPhotos.contentType, sha256: inspectionPhotos.sha256 })
    .from(inspectionPhotos)
    .innerJoin(inspections, eq(inspections.id, inspectionPhotos.inspectionId))
    .where(and(eq(inspectionPhotos.id, photoId), eq(inspections.bookingId, bookingId)))
    .limit(1);
  return row;
}

export async function listConcerns(db: DbOrTx, bookingId: string) {
  return db
    .select({ id: inspectionConcerns.id, text: inspectionConcerns.text, createdAt: inspectionConcerns.createdAt })
    .from(inspectionConcerns)
    .where(eq(inspectionConcerns.bookingId, bookingId))
    .orderBy(asc(inspectionConcerns.createdAt), asc(inspectionConcerns.id));
}

/** Adds a concern unless the booking already has `max`; counted under a per-booking lock, so two at once cannot pass it. */
export async function insertConcernWithinLimit(db: DbOrTx, bookingId: string, text: string, at: Date, max: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`inspection-concerns:${bookingId}`}))`);
    const [counted] = await tx.select({ n: count() }).from(inspectionConcerns).where(eq(inspectionConcerns.bookingId, bookingId));
    if ((counted?.n ?? 0) >= max) return undefined;
    const [row] = await tx.insert(inspectionConcerns).values({ bookingId, text, createdAt: at }).returning({ id: inspectionConcerns.id, text: inspectionConcerns.text, createdAt: inspectionConcerns.createdAt });
    return row!;
  });
}

/**
 * Bookings on `fromDay` (a Pacific date key) or later, not cancelled, on which a customer flagged a concern:
 * how many, and the first `limit` by job time, for the owner's "needs attention".
 */
export async function bookingsWithConcerns(db: DbOrTx, fromDay: string, limit: number): Promise<{ count: number; bookings: Array<{ id: string; scheduledDate: Date }> }> {
  const flagged = and(
    gte(bookings.businessDate, fromDay),
    ne(bookings.status, 'cancelled'),
    eq(bookings.isBlocked, false),
    sql`exists (select 1 from ${inspectionConcerns} where ${inspectionConcerns.bookingId} = ${bookings.id})`,
  );
  const [[counted], rows] = await Promise.all([
    db.select({ n: count() }).from(bookings).where(flagged),
    db.select({ id: bookings.id, scheduledDate: bookings.scheduledDate }).from(bookings).where(flagged).orderBy(asc(bookings.scheduledDate), asc(bookings.id)).limit(limit),
  ]);
  return { count: counted?.n ?? 0, bookings: rows };
}
