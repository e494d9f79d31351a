import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { BookingLineKind, SizeClass } from '../../../shared/domain';
import { bookings } from './bookings';
import { createdAt, id } from './columns';
import { vehicles } from './vehicles';

/**
 * What a booking was sold as, line by line (docs/decisions/043): per vehicle its service and add-ons at the
 * vehicle's size class, then the booking's discount, fee and tax lines. Written once by the bookings feature
 * when the booking is priced (hold, phone appointment, store order) and replaced only when it is re-priced.
 */
export const bookingLines = pgTable(
  'booking_lines',
  {
    id: id(),
    bookingId: uuid('booking_id')
      .notNull()
      .references(() => bookings.id, { onDelete: 'cascade' }),
    /** 0, 1, 2… in the order the vehicles were given; null for booking-wide lines (discount, fee, tax). */
    vehicleIndex: integer('vehicle_index'),
    /** The customer's saved vehicle, when one was picked. */
    vehicleId: uuid('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    /** How the vehicle reads on the lines ('2019 Honda CR-V, blue'); kept even when the saved vehicle is gone. */
    vehicleLabel: text('vehicle_label'),
    sizeClass: text('size_class').$type<SizeClass>(),
    kind: text('kind').$type<BookingLineKind>().notNull(),
    /** The service or add-on the line sells; null for discount, fee and tax. */
    itemId: uuid('item_id'),
    label: text('label').notNull(),
    /** Integer cents; negative for a discount. */
    amountCents: integer('amount_cents').notNull(),
    minutes: integer('minutes').notNull().default(0),
    position: integer('position').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('booking_lines_booking_idx').on(t.bookingId, t.position)],
);
