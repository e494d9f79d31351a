import { numeric, timestamp, uuid } from 'drizzle-orm/pg-core';

export const id = () => uuid('id').primaryKey().defaultRandom();
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Money is numeric(10,2); Drizzle hands it over as a decimal string, computed in cents (shared/money.ts). */
export const money = (name: string) => numeric(name, { precision: 10, scale: 2 });
