import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { BookingStatus, ServiceType } from '../../shared/domain';
import { priceBooking, type PaymentStatus } from '../../shared/booking-lifecycle';
import { fromCents } from '../../shared/money';
import { addDaysToKey, dayOfWeek, pacificDateKey, pacificInstant } from '../../shared/time';
import { bookingPayments, bookings, paymentMethods, services, testPaymentIntents } from '../db/schema';
import type { TestApp } from './harness';

/** Test factories for the account features: bookings and saved cards inserted directly (the checkout is not under test here). */

export async function anyService(t: TestApp, slug = 'wash-and-wax') {
  const [service] = await t.handle.db.select().from(services).where(eq(services.slug, slug));
  if (!service) throw new Error(`no service ${slug}`);
  return service;
}

/** The first open business day (Monday–Saturday) at least `days` days after the app's today. */
export function openDayAfter(t: TestApp, days: number): string {
  let key = addDaysToKey(pacificDateKey(new Date(t.clock.now)), days);
  while (dayOfWeek(key) === 0) key = addDaysToKey(key, 1);
  return key;
}

export async function createBooking(
  t: TestApp,
  overrides: Partial<{
    userId: string | null;
    serviceSlug: string;
    dateKey: string;
    time: string;
    status: BookingStatus;
    serviceType: ServiceType;
    paymentStatus: PaymentStatus;
    paymentIntentId: string | null;
    paymentProvider: string | null;
    rating: number | null;
  }> = {},
) {
  const service = await anyService(t, overrides.serviceSlug);
  const dateKey = overrides.dateKey ?? openDayAfter(t, 5);
  const time = overrides.time ?? '10:00';
  const price = priceBooking(service.price, service.serviceFee);
  const [row] = await t.handle.db
    .insert(bookings)
    .values({
      userId: overrides.userId ?? null,
      serviceId: service.id,
      serviceType: overrides.serviceType ?? 'mobile',
      scheduledDate: pacificInstant(dateKey, time),
      durationMinutes: service.duration,
      businessDate: dateKey,
      status: overrides.status ?? 'confirmed',
      servicePrice: fromCents(price.serviceCents),
      totalAmount: fromCents(price.totalCents),
      serviceFee: fromCents(price.serviceFeeCents),
      tax: fromCents(price.taxCents),
      paymentStatus: overrides.paymentStatus ?? 'paid',
      paymentProvider: overrides.paymentProvider === undefined ? 'test' : overrides.paymentProvider,
      paymentIntentId: overrides.paymentIntentId === undefined ? null : overrides.paymentIntentId,
      paymentMethodBrand: 'visa',
      paymentMethodLast4: '4242',
      addressStreet: '1 Test St',
      addressCity: 'San Jose',
      addressState: 'CA',
      addressZip: '95110',
      rating: overrides.rating ?? null,
    })
    .returning();
  // A paid booking carries its payment in the ledger, as checkout leaves it (decision 049).
  const paid = row!.paymentStatus;
  if (paid === 'paid' || paid === 'store' || paid === 'package' || paid === 'refunded') {
    const method = paid === 'store' ? 'store' : paid === 'package' ? 'package_credit' : 'card';
    const card = method === 'card' && row!.paymentIntentId ? { provider: row!.paymentProvider ?? 'test', intentId: row!.paymentIntentId } : {};
    const [charge] = await t.handle.db.insert(bookingPayments).values({ bookingId: row!.id, kind: 'full', method, amountCents: price.totalCents, status: 'succeeded', ...card }).returning();
    if (paid === 'refunded') await t.handle.db.insert(bookingPayments).values({ bookingId: row!.id, kind: 'refund', method, amountCents: price.totalCents, status: 'succeeded', refundOf: charge!.id });
  }
  return { booking: row!, service };
}

/** A paid intent at the built-in test provider, as a successful checkout leaves it. */
export async function paidTestIntent(t: TestApp, amountCents: number): Promise<string> {
  const id = `pi_test_${randomBytes(8).toString('hex')}`;
  await t.handle.db.insert(testPaymentIntents).values({ id, clientSecret: `${id}_secret`, amountCents, status: 'succeeded', cardBrand: 'visa', cardLast4: '4242' });
  return id;
}

export async function refundedCents(t: TestApp, intentId: string): Promise<number> {
  const [row] = await t.handle.db.select({ refunded: testPaymentIntents.refundedCents }).from(testPaymentIntents).where(eq(testPaymentIntents.id, intentId));
  return row!.refunded;
}

export async function saveCard(t: TestApp, userId: string, overrides: Partial<{ last4: string; isDefault: boolean; provider: string; providerMethodId: string }> = {}) {
  const last4 = overrides.last4 ?? String(Math.floor(1000 + Math.random() * 9000));
  const [row] = await t.handle.db
    .insert(paymentMethods)
    .values({
      userId,
      provider: overrides.provider ?? 'test',
      providerMethodId: overrides.providerMethodId ?? `pm_test_visa_${last4}_12_2030_${randomBytes(6).toString('hex')}`,
      brand: 'visa',
      last4,
      expiryMonth: 12,
      expiryYear: 2030,
      isDefault: overrides.isDefault ?? false,
    })
    .returning();
  return row!;
}

/** The admin's phone appointment for `email` on `date` at 10:00 at the business, paid on site; answers its id. */
export async function phoneAppointment(t: TestApp, admin: string, customer: { email: string; name: string; phone: string }, date: string): Promise<string> {
  const service = await anyService(t);
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: customer.name, customerEmail: customer.email, customerPhone: customer.phone, serviceId: service.id, date, time: '10:00', serviceType: 'serviceLocation', payment: 'on_site' },
  });
  if (made.statusCode !== 201) throw new Error(`The appointment was refused: ${made.statusCode} ${made.body}`);
  return made.json().id as string;
}

