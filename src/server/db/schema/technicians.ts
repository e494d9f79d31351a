import { boolean, date, doublePrecision, index, integer, jsonb, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { services } from './services';
import { users } from './users';

/**
 * Technicians (decision 051): the people who do jobs — every driver, and an admin who chooses to. One row
 * per technician; without a row a driver works the business hours from the business's address and does
 * every service (the migration's meaning for existing data).
 */
export const technicianProfiles = pgTable('technician_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** False: not offered jobs (an admin who does not work them, a driver on leave). */
  worksJobs: boolean('works_jobs').notNull().default(true),
  /** Where the day starts; null: the business's address. */
  startLabel: text('start_label'),
  startLatitude: doublePrecision('start_latitude'),
  startLongitude: doublePrecision('start_longitude'),
  /** Where the day ends; null: the same as the start. */
  endLabel: text('end_label'),
  endLatitude: doublePrecision('end_latitude'),
  endLongitude: doublePrecision('end_longitude'),
  /** True: does only the services listed in technician_services; false: every service. */
  limitedServices: boolean('limited_services').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Weekly working hours (0 = Sunday, wall-clock Pacific `HH:mm`). A technician with no rows at all works the
 * business hours; one with some rows does not work a weekday without one.
 */
export const technicianHours = pgTable(
  'technician_hours',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.dayOfWeek] })],
);

/** A date that differs from the week: a day off (times null) or other hours (a late start). */
export const technicianExceptions = pgTable(
  'technician_exceptions',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time'),
    endTime: text('end_time'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.date] })],
);

/** The services a technician with `limited_services` does. */
export const technicianServices = pgTable(
  'technician_services',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.serviceId] }), index('technician_services_service_idx').on(t.serviceId)],
);

/**
 * Drive times between two points, cached per pair and time-of-day band (decision 051): the key is each
 * point rounded to ~100 m, so one lookup serves every job at the same address. Shared by every instance.
 */
export const travelTimes = pgTable(
  'travel_times',
  {
    fromKey: text('from_key').notNull(),
    toKey: text('to_key').notNull(),
    /** The departure band the speed depends on (e.g. `peak`, `day`, `night`). */
    band: text('band').notNull(),
    minutes: integer('minutes').notNull(),
    /** offline, osrm or google. */
    provider: text('provider').notNull(),
    createdAt: createdAt(),
  },
  (t) => [unique('travel_times_pair_uq').on(t.fromKey, t.toKey, t.band, t.provider), index('travel_times_created_idx').on(t.createdAt)],
);

/** The business's own settings that are not a table of their own: one row per section, validated by shared/schemas/business-settings.ts. */
export const businessSettings = pgTable('business_settings', {
  section: text('section').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
