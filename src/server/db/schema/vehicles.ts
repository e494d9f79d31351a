import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { SizeClass } from '../../../shared/domain';
import { createdAt, id, updatedAt } from './columns';
import { users } from './users';

/** A customer's saved vehicles (docs/decisions/038); erased with the customer. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer('year'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    colour: text('colour'),
    /** Upper case, no spaces. */
    plate: text('plate'),
    sizeClass: text('size_class').$type<SizeClass>().notNull(),
    notes: text('notes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('vehicles_user_idx').on(t.userId, t.createdAt)],
);
