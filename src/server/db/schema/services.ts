import { boolean, index, integer, numeric, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
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
