import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DamageZone, InspectionImageType, InspectionPhase, InspectionPhotoSlot } from '../../../shared/inspections';
import type { DamageNote } from '../../../shared/schemas/inspections';
import { bookings } from './bookings';
import { createdAt, id } from './columns';
import { users } from './users';

/**
 * A vehicle inspection at pickup or return (docs/decisions/048). Written once, finalised when written, and
 * never updated: a correction is a new row naming the one it corrects (`corrects_id`, at most one each).
 */
export const inspections = pgTable(
  'inspections',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    phase: text('phase').$type<InspectionPhase>().notNull(),
    odometer: integer('odometer').notNull(),
    fuelEighths: integer('fuel_eighths').notNull(),
    damage: jsonb('damage').$type<DamageNote[]>().notNull().default([]),
    customerNotPresent: boolean('customer_not_present').notNull().default(false),
    inspectedBy: uuid('inspected_by').references(() => users.id, { onDelete: 'set null' }),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    finalisedAt: timestamp('finalised_at', { withTimezone: true }).notNull(),
    correctsId: uuid('corrects_id').references((): AnyPgColumn => inspections.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('inspections_booking_idx').on(t.bookingId, t.createdAt),
    // One original per booking and phase (a retry cannot make two), and one correction per record (a chain).
    uniqueIndex('inspections_original_uq').on(t.bookingId, t.phase).where(sql`${t.correctsId} is null`),
    uniqueIndex('inspections_corrects_uq').on(t.correctsId),
  ],
);

/** The images of an inspection: bytes in the file store, their SHA-256 here. */
export const inspectionPhotos = pgTable(
  'inspection_photos',
  {
    id: id(),
    inspectionId: uuid('inspection_id')
      .notNull()
      .references(() => inspections.id, { onDelete: 'cascade' }),
    slot: text('slot').$type<InspectionPhotoSlot>().notNull(),
    zone: text('zone').$type<DamageZone>(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    contentType: text('content_type').$type<InspectionImageType>().notNull(),
    size: integer('size').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_photos_inspection_idx').on(t.inspectionId)],
);

/** A customer's concern about the car, flagged within 24 hours of its return. */
export const inspectionConcerns = pgTable(
  'inspection_concerns',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('inspection_concerns_booking_idx').on(t.bookingId, t.createdAt)],
);
