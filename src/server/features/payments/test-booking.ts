import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { inServiceArea, parseUsAddress } from '../../../shared/address';
import { toCents } from '../../../shared/money';
import { offeredServiceTypes } from '../../../shared/service-types';
import { addDaysToKey, pacificDateKey } from '../../../shared/time';
import type { AppContext } from '../../context';
import { services } from '../../db/schema';
import { AppError } from '../../errors';
import { TestPaymentProvider } from '../../integrations/payments/test-provider';
import { createBooking, slotsForDay } from '../bookings';
import { settlePayment } from './payments.service';

/**
 * /api/create-test-booking-redirect (never in production): books the first free time from tomorrow on as a
 * guest, pays with the test provider's 4242 card through the real checkout path, and returns the tracking URL.
 */
export async function createTestBooking(ctx: AppContext): Promise<{ bookingId: string; url: string }> {
  const [service] = await ctx.db.select({ id: services.id, duration: services.duration, locationOptions: services.locationOptions }).from(services).where(and(eq(services.isActive, true))).orderBy(asc(services.sortOrder)).limit(1);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'There is no active service to book');
  const today = pacificDateKey(ctx.now());
  const serviceType = offeredServiceTypes(service.locationOptions)[0]!;
  const parsed = parseUsAddress(ctx.config.business.address) ?? parseUsAddress('1180 Industrial Ave, San Jose, CA 95112')!;
  const zips = ctx.config.business.serviceZipCodes;
  const address = { street: parsed.street, city: parsed.city, state: parsed.state, zipCode: inServiceArea(parsed.zipCode, zips) ? parsed.zipCode : zips[0]! };

  // The first start with room that a technician can also reach (the hold's claim decides, decision 055).
  let booking: Awaited<ReturnType<typeof createBooking>>['booking'] | undefined;
  for (let day = 1; day <= 21 && !booking; day++) {
    const slots = await slotsForDay(ctx.db, { dateKey: addDaysToKey(today, day), durationMinutes: service.duration, now: ctx.now() });
    for (const slot of slots.filter((s) => s.availableCapacity > 0)) {
      try {
        ({ booking } = await createBooking(ctx, {
          input: { serviceId: service.id, serviceType, slotId: slot.id, address, guestEmail: 'test.customer@example.com', guestName: 'Test Customer', guestPhone: '(408) 555-0100', notes: 'Test booking', policyConsent: true },
          user: undefined,
          idempotencyKey: undefined,
          source: 'test',
          // Paid at once below: its own holder, so it never counts against anybody's checkouts.
          visitor: { holder: `test-booking:${randomUUID()}`, network: null },
        }));
        break;
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'SLOT_FULL')) throw error;
      }
    }
  }
  if (!booking) throw new AppError('SLOT_FULL', 'No free time in the next three weeks for a test booking');
  const provider = new TestPaymentProvider(ctx.db, ctx.now);
  const intent = await provider.createIntent({ bookingId: booking.id, amountCents: toCents(booking.totalAmount), currency: 'usd', idempotencyKey: `test-booking-${booking.id}` });
  const paid = await provider.confirmCard(intent.id, intent.clientSecret, { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', saveCard: false });
  if (paid.kind !== 'done') throw new AppError('PAYMENT_DECLINED', paid.message, { reason: paid.message });
  await settlePayment(ctx, paid.intent);
  const url = `/tracking?bookingId=${encodeURIComponent(booking.id)}${booking.trackingToken ? `&token=${encodeURIComponent(booking.trackingToken)}` : ''}`;
  return { bookingId: booking.id, url };
}
