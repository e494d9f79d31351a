import { boolean, index, integer, numeric, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from './columns';

export interface LocationOptions {
  mobile: boolean;
  pickup: boolean;
  serviceLocation: boolean;
}

export const services = pgTable(
  'services',
  {
    id: id(),
    /** Stable key of a catalogue service, so seeding twice changes nothing. */
    slug: text('slug').unique(),
    name: text('name').notNull(),
    /** Plain text or sanitised HTML. */
    description: text('description').notNull(),
    price: money('price').notNull(),
    originalPrice: money('original_price'),
    serviceFee: money('service_fee').notNull().default('5.00'),
    duration: integer('duration').notNull(),
    imageUrl: text('image_url'),
    rating: numeric('rating', { precision: 3, scale: 2 }).notNull().default('5.0'),
    reviewCount: integer('review_count').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    isPopular: boolean('is_popular').notNull().default(false),
    isPremium: boolean('is_premium').notNull().default(false),
    locationOptions: jsonb('location_options')
      .$type<LocationOptions>()
      .notNull()
      .default({ mobile: true, pickup: true, serviceLocation: false }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('services_active_idx').on(t.isActive)],
);

export const serviceAvailability = pgTable(
  'service_availability',
  {
    id: id(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    dayOfWeek: integer('day_of_week').notNull(),
    startTime: text('start_time').notNull(),
    endTime: text('end_time').notNull(),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [index('service_availability_service_idx').on(t.serviceId, t.dayOfWeek)],
);
