import { boolean, index, integer, numeric, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { SizeClass } from '../../../shared/domain';
import type { SizePrices } from '../../../shared/pricing';
import type { Translations } from '../../../shared/localized';
import type { DepositRule } from '../../../shared/deposits';
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
    /**
     * Price and minutes per size class, only the classes that differ from the base: { suv: { price: '239.00',
     * duration: 210 } }. In the row, so the catalogue's NOTIFY trigger keeps the caches exact (decision 038).
     */
    sizePrices: jsonb('size_prices').$type<SizePrices>().notNull().default({}),
    /** Spanish and French name and description, English being the fallback (decision 053). */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    /** What checkout takes up front (decision 057): none, a fixed amount in cents or a percentage of the total. */
    deposit: jsonb('deposit').$type<DepositRule>().notNull().default({ kind: 'none', value: 0 }),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('services_active_idx').on(t.isActive)],
);

/** Extras a customer adds to a service (pet hair, clay bar…): a base price, optional prices per size class, minutes. */
export const addOns = pgTable(
  'add_ons',
  {
    id: id(),
    /** Stable key of a standard add-on, so seeding twice changes nothing; null for the admin's own. */
    slug: text('slug').unique(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    price: money('price').notNull(),
    /** Only the classes priced apart from the base: { oversize: '60.00' }. */
    sizePrices: jsonb('size_prices').$type<Partial<Record<SizeClass, string>>>().notNull().default({}),
    minutes: integer('minutes').notNull().default(0),
    /** Spanish and French name and description (decision 053). */
    translations: jsonb('translations').$type<Translations>().notNull().default({}),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('add_ons_sort_idx').on(t.sortOrder, t.createdAt)],
);

/** Which services an add-on applies to. */
export const serviceAddOns = pgTable(
  'service_add_ons',
  {
    serviceId: uuid('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    addOnId: uuid('add_on_id')
      .notNull()
      .references(() => addOns.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.serviceId, t.addOnId] }), index('service_add_ons_add_on_idx').on(t.addOnId)],
);
