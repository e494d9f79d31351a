import { boolean, date, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import type { ClosureType } from '../../../shared/domain';
import { createdAt, id } from './columns';

/** Weekly opening hours (0 = Sunday); a business_availability row for a date wins over these. */
export const businessHours = pgTable('business_hours', {
  id: id(),
  dayOfWeek: integer('day_of_week').notNull().unique(),
  startTime: text('start_time').notNull(),
  endTime: text('end_time').notNull(),
  capacity: integer('capacity').notNull().default(3),
  isOpen: boolean('is_open').notNull().default(true),
});

export const businessAvailability = pgTable(
  'business_availability',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    maxCapacity: integer('max_capacity').notNull().default(3),
    isActive: boolean('is_active').notNull().default(true),
    notes: text('notes'),
    createdAt: createdAt(),
  },
  (t) => [index('business_availability_date_idx').on(t.date)],
);

export const businessClosures = pgTable(
  'business_closures',
  {
    id: id(),
    date: date('date', { mode: 'string' }).notNull(),
    name: text('name').notNull(),
    reason: text('reason'),
    type: text('type').$type<ClosureType>().notNull().default('holiday'),
    isRecurring: boolean('is_recurring').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('business_closures_date_idx').on(t.date)],
);
