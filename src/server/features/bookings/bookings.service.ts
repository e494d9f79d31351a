import { z } from 'zod';
import { parseUsAddress } from '../../../shared/address';
import { HOLD_MINUTES } from '../../../shared/constants';
import type { ServiceType } from '../../../shared/domain';
import { fromCents, priceBooking, toCents } from '../../../shared/money';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { CreateBookingRequest, CreateBookingResponse } from '../../../shared/schemas/checkout';
import { needsAddress, offeredServiceTypes } from '../../../shared/service-types';
import { pacificDateKey, pacificTimeOfDay } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { PaymentIntent, PaymentProvider } from '../../integrations/payments/provider';
import { claimCapacity } from '../slots/slots.service';
import type { KnownAddress } from '../geo/geo.repository';
import { assertServiceArea } from '../geo/geo.service';
import { issueTrackingToken } from '../tracking/tracking-token';
import { recordBookingUpdate } from './booking-updates';
import { findBookingView } from './bookings.repository';
import * as repo from './checkout.repository';
import { sendConfirmationMail } from './confirmation-mail';

const SERVICE_TYPE_NAMES: Record<ServiceType, string> = { mobile: 'a mobile service', pickup: 'a pickup service', serviceLocation: 'an on-site service' };
const guestEmail = z.email();

export interface CreateBookingOptions {
  input: CreateBookingRequest;
  /** The signed-in customer, or undefined for a guest. */
  user: PublicUser | undefined;
  idempotencyKey: string | undefined;
  /** web (default) or test. */
  source?: string;
}

/** The slot id of a stored booking: its Pacific day and wall-clock start. */
export function slotIdOf(booking: { businessDate: string; scheduledDate: Date }): string {
  return `${booking.businessDate}T${pacificTimeOfDay(booking.scheduledDate)}`;
}

function responseOf(booking: repo.BookingRow, trackingToken?: string): CreateBookingResponse {
  return {
    id: booking.id,
    status: booking.status,
    totalAmount: booking.totalAmount,
    serviceFee: booking.serviceFee,
    tax: booking.tax,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    ...(trackingToken ? { trackingToken } : {}),
  };
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * POST /api/bookings: a pending booking that holds its capacity for HOLD_MINUTES. The server prices it
 * (client totals are ignored); capacity is claimed in the same transaction as the insert, so concurrent
 * requests can never overfill a step. The same Idempotency-Key from the same customer returns the same booking.
 */
export async function createBooking(ctx: AppContext, options: CreateBookingOptions): Promise<{ booking: CreateBookingResponse; created: boolean }> {
  const { input, user } = options;
  const now = ctx.now();

  const slotId = input.slotId ?? (input.scheduledDate ? `${pacificDateKey(new Date(input.scheduledDate))}T${pacificTimeOfDay(new Date(input.scheduledDate))}` : undefined);
  if (!slotId) throw new AppError('BAD_REQUEST', 'Please select a time');

  let guest: { email: string; name: string | null; phone: string | null } | undefined;
  if (!user) {
    const email = input.guestEmail?.trim().toLowerCase();
    if (!email) throw new AppError('BAD_REQUEST', 'Email is required to book as a guest');
    if (!guestEmail.safeParse(email).success) throw new AppError('BAD_REQUEST', 'Please enter a valid email address');
    guest = { email, name: input.guestName?.trim() || null, phone: input.guestPhone?.trim() || null };
  }

  // Keys are scoped to who is asking, so one customer's key can never return another's booking.
  const scopedKey = options.idempotencyKey ? `${user ? `user:${user.id}` : `guest:${guest!.email}`}:${options.idempotencyKey}` : undefined;
  if (scopedKey) {
    const existing = await repo.findBookingByIdempotencyKey(ctx.db, scopedKey);
    if (existing) return { booking: await replay(ctx, existing, input, slotId), created: false };
  }

  const service = await repo.findServiceForBooking(ctx.db, input.serviceId);
  if (!service) throw new AppError('NOT_FOUND', 'Service not found');
  if (!service.isActive) throw new AppError('NOT_FOUND', 'This service is not available for booking');
  if (!offeredServiceTypes(service.locationOptions).includes(input.serviceType)) {
    throw new AppError('BAD_REQUEST', `${service.name} is not offered as ${SERVICE_TYPE_NAMES[input.serviceType]}. Please choose another service type.`);
  }

  const address = needsAddress(input.serviceType) ? await resolveAddress(ctx, input, user) : undefined;
  if (address) assertServiceArea(ctx, address.zipCode);

  const price = priceBooking(service.price, service.serviceFee);
  const insert = () =>
    ctx.db.transaction(async (tx) => {
      const { scheduledDate, businessDate } = await claimCapacity(tx, now, { slotId, durationMinutes: service.duration });
      const booking = await repo.insertBooking(tx, {
        userId: user?.id ?? null,
        serviceId: service.id,
        addressId: address?.addressId ?? null,
        serviceType: input.serviceType,
        scheduledDate,
        durationMinutes: service.duration,
        businessDate,
        status: 'pending',
        totalAmount: fromCents(price.totalCents),
        serviceFee: fromCents(price.serviceFeeCents),
        tax: fromCents(price.taxCents),
        paymentStatus: 'unpaid',
        notes: input.notes?.trim() || null,
        addressStreet: address?.street ?? null,
        addressCity: address?.city ?? null,
        addressState: address?.state ?? null,
        addressZip: address?.zipCode ?? null,
        latitude: address?.latitude ?? null,
        longitude: address?.longitude ?? null,
        guestEmail: guest?.email ?? null,
        guestName: guest?.name ?? null,
        guestPhone: guest?.phone ?? null,
        holdExpiresAt: new Date(now.getTime() + HOLD_MINUTES * 60_000),
        idempotencyKey: scopedKey ?? null,
        source: options.source ?? 'web',
      });
      let trackingToken: string | undefined;
      if (guest) {
        trackingToken = await issueTrackingToken(tx, booking.id);
        await repo.saveGuestLinkToken(tx, booking.id, trackingToken);
      }
      return responseOf(booking, trackingToken);
    });
  try {
    return { booking: await insert(), created: true };
  } catch (error) {
    // Two requests with one key at the same moment: the second insert loses on the unique index.
    if (scopedKey && isUniqueViolation(error)) {
      const existing = await repo.findBookingByIdempotencyKey(ctx.db, scopedKey);
      if (existing) return { booking: await replay(ctx, existing, input, slotId), created: false };
    }
    throw error;
  }
}

async function replay(ctx: AppContext, existing: repo.BookingRow, input: CreateBookingRequest, slotId: string): Promise<CreateBookingResponse> {
  if (existing.serviceId !== input.serviceId || existing.serviceType !== input.serviceType || slotIdOf(existing) !== slotId) {
    throw new AppError('UNPROCESSABLE', 'This Idempotency-Key was already used for a different booking');
  }
  const token = existing.guestEmail ? await repo.peekGuestLinkToken(ctx.db, existing.id) : undefined;
  return responseOf(existing, token);
}

async function resolveAddress(ctx: AppContext, input: CreateBookingRequest, user: PublicUser | undefined): Promise<KnownAddress> {
  if (input.addressId) {
    if (!user) throw new AppError('BAD_REQUEST', 'Sign in to use a saved address');
    const saved = await repo.findOwnAddress(ctx.db, user.id, input.addressId);
    if (!saved) throw new AppError('NOT_FOUND', 'Address not found');
    return { addressId: saved.id, street: saved.street, city: saved.city, state: saved.state, zipCode: saved.zipCode, latitude: saved.latitude, longitude: saved.longitude };
  }
  const given = input.address;
  if (!given || (typeof given === 'string' && !given.trim())) {
    throw new AppError('BAD_REQUEST', input.serviceType === 'pickup' ? 'Please enter your pickup address' : 'Please enter your service location');
  }
  if (typeof given === 'string') {
    const parsed = parseUsAddress(given);
    if (!parsed) throw new AppError('BAD_REQUEST', 'Please enter a full address: street, city, state and ZIP code');
    return { addressId: null, street: parsed.street, city: parsed.city, state: parsed.state, zipCode: parsed.zipCode, latitude: null, longitude: null };
  }
  return {
    addressId: null,
    street: given.street,
    city: given.city,
    state: given.state.toUpperCase(),
    zipCode: given.zipCode,
    latitude: given.latitude != null ? String(given.latitude) : null,
    longitude: given.longitude != null ? String(given.longitude) : null,
  };
}

export type PaymentOutcome = 'confirmed' | 'already_paid' | 'refunded';

/**
 * A payment the provider reports as succeeded: marks the booking paid and confirmed, records the update,
 * keeps the card when asked, and e-mails the confirmation. Safe to call twice (webhook and browser):
 * the row lock and the paid check make the second a no-op. A payment that arrives after its hold was
 * released takes the time again if it is still free, and is refunded if it is not.
 */
export async function applySucceededPayment(ctx: AppContext, provider: PaymentProvider, intent: PaymentIntent, bookingId: string): Promise<PaymentOutcome> {
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', 'Payment has not been completed yet');
  const now = ctx.now();
  const result = await ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, bookingId);
    if (!booking) throw new AppError('NOT_FOUND', 'Booking not found');
    if (booking.paymentStatus === 'paid') return { outcome: 'already_paid' as const };
    if (intent.bookingId !== booking.id || intent.currency !== 'usd' || intent.amountCents !== toCents(booking.totalAmount)) {
      throw new AppError('BAD_REQUEST', 'This payment does not match the booking');
    }
    const holdLive = booking.status === 'pending' && (!booking.holdExpiresAt || booking.holdExpiresAt > now);
    if (!holdLive) {
      try {
        await claimCapacity(tx, now, { slotId: slotIdOf(booking), durationMinutes: booking.durationMinutes, excludeBookingId: booking.id, staff: true });
      } catch (error) {
        if (error instanceof AppError && (error.code === 'SLOT_FULL' || error.code === 'BAD_REQUEST')) return { outcome: 'refund' as const, booking };
        throw error;
      }
    }
    await repo.updateBooking(tx, booking.id, {
      paymentStatus: 'paid',
      paymentIntentId: intent.id,
      paymentProvider: provider.name,
      paymentMethodBrand: intent.card?.brand ?? null,
      paymentMethodLast4: intent.card?.last4 ?? null,
      holdExpiresAt: null,
      cancelledAt: null,
      updatedAt: now,
    });
    await recordBookingUpdate(ctx, tx, { bookingId: booking.id, status: 'confirmed', message: 'Payment received. Your booking is confirmed.' });
    if (intent.saveCard && booking.userId && intent.card) await keepCard(tx, booking.userId, provider.name, intent.card);
    const guestToken = booking.guestEmail && !booking.userId ? await repo.takeGuestLinkToken(tx, booking.id) : undefined;
    return { outcome: 'confirmed' as const, guestToken };
  });

  if (result.outcome === 'refund') {
    await provider.refund(intent.id);
    await ctx.db.transaction(async (tx) => {
      await repo.updateBooking(tx, bookingId, { paymentStatus: 'refunded', paymentIntentId: intent.id, paymentProvider: provider.name, updatedAt: now });
      await recordBookingUpdate(ctx, tx, {
        bookingId,
        status: 'cancelled',
        message: 'Payment arrived after the hold on this time ended and the time was taken. The payment was refunded.',
      });
    });
    return 'refunded';
  }
  if (result.outcome === 'confirmed') {
    const view = await findBookingView(ctx.db, bookingId);
    if (view) {
      // The booking stands even if mail is down; the failure is logged for staff to follow up.
      await sendConfirmationMail(ctx, view, result.guestToken).catch((error) => console.error('confirmation mail failed', error));
    }
  }
  return result.outcome;
}

async function keepCard(tx: DbOrTx, userId: string, provider: string, card: NonNullable<PaymentIntent['card']>): Promise<void> {
  await repo.lockCustomerCards(tx, userId);
  const cards = await repo.listAllCards(tx, userId);
  const same = cards.some(
    (c) => c.providerMethodId === card.providerMethodId || (c.provider === provider && c.brand === card.brand && c.last4 === card.last4 && c.expiryMonth === card.expiryMonth && c.expiryYear === card.expiryYear),
  );
  if (same || cards.length >= 20) return;
  await repo.insertCard(tx, {
    userId,
    provider,
    providerMethodId: card.providerMethodId,
    brand: card.brand,
    last4: card.last4,
    expiryMonth: card.expiryMonth,
    expiryYear: card.expiryYear,
    isDefault: !cards.some((c) => c.isDefault),
  });
}

/**
 * Ends a pending booking's hold: status cancelled (the row and its history stay), capacity free again.
 * `declined` marks the payment failed. Does nothing to a booking that is paid or no longer pending.
 */
export async function releaseHold(ctx: AppContext, bookingId: string, reason: 'expired' | 'declined'): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const booking = await repo.lockBooking(tx, bookingId);
    if (!booking || booking.status !== 'pending' || booking.paymentStatus === 'paid') return false;
    await repo.updateBooking(tx, booking.id, { cancelledAt: ctx.now(), paymentStatus: reason === 'declined' ? 'failed' : booking.paymentStatus, updatedAt: ctx.now() });
    await recordBookingUpdate(ctx, tx, {
      bookingId: booking.id,
      status: 'cancelled',
      message: reason === 'declined' ? 'The card payment was declined, so the time was released.' : 'The booking was not paid within 15 minutes, so the time was released.',
    });
    await repo.takeGuestLinkToken(tx, booking.id);
    return true;
  });
}

export const RELEASE_HOLDS_JOB = 'release-expired-holds';

/** The pg-boss job (every minute): releases every unpaid hold past its expiry. Returns how many. */
export async function releaseExpiredHolds(ctx: AppContext): Promise<number> {
  let released = 0;
  for (const id of await repo.expiredHoldIds(ctx.db, ctx.now())) {
    if (await releaseHold(ctx, id, 'expired')) released += 1;
  }
  return released;
}
