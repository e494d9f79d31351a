import { boolean, doublePrecision, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import type { DriverAvailability } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id } from './columns';
import { users } from './users';

/** The live table: one row per driver and booking, the latest point only. */
export const driverLocations = pgTable(
  'driver_locations',
  {
    id: id(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    heading: doublePrecision('heading'),
    speed: doublePrecision('speed'),
    accuracy: doublePrecision('accuracy'),
    isActive: boolean('is_active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [unique('driver_locations_driver_booking_uq').on(t.driverId, t.bookingId).nullsNotDistinct(), index('driver_locations_booking_idx').on(t.bookingId)],
);

/** Every reported point, pruned after 30 days by a job. */
export const driverLocationHistory = pgTable(
  'driver_location_history',
  {
    id: id(),
    driverId: uuid('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookingId: uuid('booking_id').references(() => bookings.id, { onDelete: 'cascade' }),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    heading: doublePrecision('heading'),
    speed: doublePrecision('speed'),
    accuracy: doublePrecision('accuracy'),
    createdAt: createdAt(),
  },
  (t) => [index('driver_location_history_created_idx').on(t.createdAt), index('driver_location_history_driver_idx').on(t.driverId, t.createdAt)],
);

export const driverStatus = pgTable('driver_status', {
  id: id(),
  driverId: uuid('driver_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').$type<DriverAvailability>().notNull().default('offline'),
  currentBookingId: uuid('current_booking_id').references(() => bookings.id, { onDelete: 'set null' }),
  shiftStartTime: timestamp('shift_start_time', { withTimezone: true }),
  shiftEndTime: timestamp('shift_end_time', { withTimezone: true }),
  lastSeen: timestamp('last_seen', { withTimezone: true }),
  isLocationSharing: boolean('is_location_sharing').notNull().default(false),
});
