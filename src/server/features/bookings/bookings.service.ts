import { z } from 'zod';
import { parseUsAddress } from '../../../shared/address';
import type { ServiceType } from '../../../shared/domain';
import { slotIdAt, slotIdOf } from '../../../shared/booking-lifecycle';
import { MAX_LIVE_HOLDS } from '../../../shared/constants';
import type { PublicUser } from '../../../shared/schemas/auth';
import type { CreateBookingRequest, CreateBookingResponse } from '../../../shared/schemas/checkout';
import { needsAddress, offeredServiceTypes } from '../../../shared/service-types';
import type { AppContext } from '../../context';
import { deliverAfterCommit, queuedDeliveries } from '../../events/booking-events';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { fromCents, toCents } from '../../../shared/money';
import { depositCentsFor } from '../../../shared/deposits';
import { findOwnPlace } from '../addresses';
import { resolveClient } from '../clients';
import { redeemForBooking } from '../packages';
import { serviceFacts } from '../services';
import type { KnownAddress } from '../geo';
import { assertServed, withCoordinates } from '../geo';
import * as repo from './checkout.repository';
import { pricedColumns } from './booking-lines.repository';
import { priceRequestedJob } from './job-pricing';
import { bookingVerbs, SYSTEM, type HeldBooking } from './lifecycle';
import type { HoldVisitor } from './holder';
import { claimPromoCode, recordPromoUse } from '../promos';

const SERVICE_TYPE_NAMES: Record<ServiceType, string> = { mobile: 'a mobile service', pickup: 'a pickup service', serviceLocation: 'an on-site service' };
const guestEmail = z.email();

export interface CreateBookingOptions {
  input: CreateBookingRequest;
  /** The signed-in customer, or undefined for a guest. */
  user: PublicUser | undefined;
  idempotencyKey: string | undefined;
  /** web (default) or test. */
  source?: string;
  /** Who is checking out, for the live-hold limit (holder.ts). */
  visitor: HoldVisitor;
}

export { slotIdOf };

function responseOf(booking: HeldBooking, trackingToken?: string, travelFeeCents = 0): CreateBookingResponse {
  return {
    id: booking.id,
    status: booking.status,
    totalAmount: booking.totalAmount,
    serviceFee: booking.serviceFee,
    ...(travelFeeCents > 0 ? { travelFee: fromCents(travelFeeCents) } : {}),
    tax: booking.tax,
    holdExpiresAt: booking.holdExpiresAt?.toISOString() ?? null,
    ...(booking.depositCents !== null ? { deposit: fromCents(booking.depositCents) } : {}),
    ...(booking.paymentStatus === 'package' ? { paymentStatus: 'package' } : {}),
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

  const slotId = input.slotId ?? (input.scheduledDate ? slotIdAt(input.scheduledDate) : undefined);
  if (!slotId) throw new AppError('SLOT_REQUIRED', 'Please select a time');

  let guest: { email: string; name: string | null; phone: string | null } | undefined;
  if (!user) {
    const email = input.guestEmail?.trim().toLowerCase();
    if (!email) throw new AppError('GUEST_EMAIL_REQUIRED', 'Email is required to book as a guest');
    if (!guestEmail.safeParse(email).success) throw new AppError('GUEST_EMAIL_INVALID', 'Please enter a valid email address');
    guest = { email, name: input.guestName?.trim() || null, phone: input.guestPhone?.trim() || null };
  }
  if (input.packagePurchaseId && !user) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to use a prepaid package');

  // Keys are scoped to who is asking, so one customer's key can never return another's booking.
  const scopedKey = options.idempotencyKey ? `${user ? `user:${user.id}` : `guest:${guest!.email}`}:${options.idempotencyKey}` : undefined;
  // A retried key is found after the attempt fails (the unique index, or a slot its own first try filled):
  // the first try of a key, by far the common case, makes no look-up of its own.
  const attempt = async (): Promise<{ booking: CreateBookingResponse; delivers: boolean }> => {
    const service = (await serviceFacts(ctx)).get(input.serviceId);
    if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
    if (!service.isActive) throw new AppError('SERVICE_UNAVAILABLE', 'This service is not available for booking');
    if (!offeredServiceTypes(service.locationOptions).includes(input.serviceType)) {
      throw new AppError('SERVICE_TYPE_NOT_OFFERED', `${service.name} is not offered as ${SERVICE_TYPE_NAMES[input.serviceType]}. Please choose another service type.`, {
        service: service.name,
        serviceType: input.serviceType,
      });
    }

    const address = needsAddress(input.serviceType) ? withCoordinates(await resolveAddress(ctx, input, user)) : undefined;
    // Refused beyond the service area; beyond the free drive, the band's travel fee is a line of the price
    // (not of a prepaid package's booking, which is confirmed without a payment to carry it).
    const travelFeeCents = address ? await assertServed(ctx, address) : 0;

    // The job is priced here from the server's own facts (never a client's amount); the offer prices its vehicle.
    if (input.offerVehicle && input.packagePurchaseId) throw new AppError('OFFER_NOT_APPLICABLE', 'The offer cannot be combined with a prepaid package', {});
    const { price, vehicleText } = await priceRequestedJob(ctx, ctx.db, { service, vehicles: input.vehicles, vehicle: input.vehicle, offerVehicle: input.offerVehicle, userId: user?.id ?? null, travelFeeCents: input.packagePurchaseId ? 0 : travelFeeCents });
    // A credit pays for one service: a second vehicle or an add-on would be given away unpaid.
    if (input.packagePurchaseId && (price.vehicles.length > 1 || price.vehicles[0]!.lines.length > 1)) {
      throw new AppError('PACKAGE_ONE_VEHICLE', 'A package credit covers one vehicle’s service, without add-ons');
    }
    if (input.promoCode && (input.packagePurchaseId || input.offerVehicle)) {
      throw new AppError('PROMO_CODE_NOT_COMBINABLE', 'A promo code cannot be combined with a prepaid package or the offer.');
    }
    // The deposit is fixed when booked (decision 057); it binds the customer to the policy, so it needs consent.
    const takesDeposit = !input.packagePurchaseId && depositCentsFor(service.deposit, toCents(pricedColumns(price).totalAmount)) !== null;
    if (takesDeposit && !input.policyConsent) throw new AppError('POLICY_CONSENT_REQUIRED', 'Please agree to the cancellation policy to book.');
    const insert = () =>
      ctx.db.transaction(async (tx) => {
        // A prepaid booking is confirmed at once: it holds nothing, so it is not counted.
        if (!input.packagePurchaseId) await makeRoomForHold(ctx, tx, options.visitor, service.id, now);
        // A promo code is claimed under its row's lock, in the hold's transaction: its cap holds in parallel checkouts.
        const promo = input.promoCode ? await claimPromoCode(tx, { code: input.promoCode, price, customer: { userId: user?.id ?? null, email: guest?.email ?? null }, now }) : null;
        const job = promo?.price ?? price;
        const columns = pricedColumns(job);
        // Of the price the customer pays, after any promo code.
        const depositCents = takesDeposit ? depositCentsFor(service.deposit, toCents(columns.totalAmount)) : null;
        const clientId = await resolveClient(tx, user ? { userId: user.id, name: user.fullName, email: user.email, phone: user.phone } : guest!, now);
        const { booking, trackingToken } = await bookingVerbs(ctx).hold(tx, user ? { role: 'customer', userId: user.id } : { role: 'customer' }, {
          guest: Boolean(guest),
          userId: user?.id ?? null,
          clientId,
          serviceId: service.id,
          addressId: address?.addressId ?? null,
          serviceType: input.serviceType,
          slotId,
          ...columns,
          notes: input.notes?.trim() || null,
          vehicle: vehicleText,
          accessNotes: input.accessNotes?.trim() || null,
          addressStreet: address?.street ?? null,
          addressCity: address?.city ?? null,
          addressState: address?.state ?? null,
          addressZip: address?.zipCode ?? null,
          latitude: address?.latitude ?? null,
          longitude: address?.longitude ?? null,
          guestEmail: guest?.email ?? null,
          guestName: guest?.name ?? null,
          guestPhone: guest?.phone ?? null,
          language: input.language ?? null,
          // Only a mobile job stands outside at the customer's address.
          coveredParking: input.serviceType === 'mobile' ? (input.coveredParking ?? null) : null,
          idempotencyKey: scopedKey ?? null,
          source: options.source ?? 'web',
          holder: options.visitor.holder,
          holderNetwork: options.visitor.network,
          depositCents,
          policyConsentAt: input.policyConsent ? now : null,
        }, { prepaid: Boolean(input.packagePurchaseId), job });
        if (promo) await recordPromoUse(tx, promo, booking.id);
        // The credit goes in the same transaction as the slot: no credit, no booking; no slot, no credit spent.
        if (input.packagePurchaseId) await redeemForBooking(ctx, tx, { purchaseId: input.packagePurchaseId, userId: user!.id, serviceId: service.id, bookingId: booking.id });
        return { booking: responseOf(booking, trackingToken, job.travelFeeCents), delivers: queuedDeliveries(tx) };
      });
    return insert();
  };
  try {
    const { booking, delivers } = await attempt();
    if (delivers) await deliverAfterCommit(ctx, booking.id);
    return { booking, created: true };
  } catch (error) {
    // A retry of a key already used: its insert loses on the unique index, or its slot is full of its own
    // first booking. Either way the first booking answers (or IDEMPOTENCY_KEY_REUSED for another body).
    if (scopedKey && (isUniqueViolation(error) || error instanceof AppError)) {
      const existing = await repo.findBookingByIdempotencyKey(ctx.db, scopedKey);
      if (existing) return { booking: await replay(ctx, existing, input, slotId), created: false };
    }
    throw error;
  }
}

/**
 * At most MAX_LIVE_HOLDS live checkouts per visitor, and GUEST_HOLDS_PER_IP per guest network, counted under
 * the visitor's locks in the booking's transaction (decision 031). A new checkout of a service the visitor
 * already holds replaces that hold (released here, so its time is free for this claim) instead of stacking.
 * Refused, the transaction rolls back and the old hold stays.
 */
async function makeRoomForHold(ctx: AppContext, tx: DbOrTx, visitor: HoldVisitor, serviceId: string, now: Date): Promise<void> {
  const live = await repo.lockedLiveHoldsOf(tx, visitor, now);
  const replaced = new Set<string>();
  for (const hold of live) {
    if (hold.holder !== visitor.holder || hold.serviceId !== serviceId) continue;
    if (await bookingVerbs(ctx).release(tx, hold.id, SYSTEM, 'replaced')) replaced.add(hold.id);
  }
  const kept = live.filter((hold) => !replaced.has(hold.id));
  if (kept.filter((hold) => hold.holder === visitor.holder).length >= MAX_LIVE_HOLDS) {
    throw new AppError('HOLD_LIMIT_REACHED', HOLD_LIMIT_MESSAGE, { max: MAX_LIVE_HOLDS });
  }
  if (visitor.network && kept.filter((hold) => hold.holderNetwork === visitor.network).length >= ctx.config.guestHoldsPerIp) {
    throw new AppError('RATE_LIMITED', 'Too many checkouts are in progress from your network. Please wait a few minutes and try again.');
  }
}

const HOLD_LIMIT_MESSAGE = `You already have ${MAX_LIVE_HOLDS} checkouts in progress. Finish paying for one, or wait until its time runs out, then try again.`;

async function replay(ctx: AppContext, existing: repo.BookingRow, input: CreateBookingRequest, slotId: string): Promise<CreateBookingResponse> {
  if (existing.serviceId !== input.serviceId || existing.serviceType !== input.serviceType || slotIdOf(existing) !== slotId) {
    throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was already used for a different booking');
  }
  const token = existing.guestEmail ? await bookingVerbs(ctx).peekGuestLink(ctx.db, existing.id) : undefined;
  return responseOf(existing, token);
}

async function resolveAddress(ctx: AppContext, input: CreateBookingRequest, user: PublicUser | undefined): Promise<KnownAddress> {
  if (input.addressId) {
    if (!user) throw new AppError('SIGN_IN_REQUIRED', 'Sign in to use a saved address');
    const saved = await findOwnPlace(ctx.db, user.id, input.addressId);
    if (!saved) throw new AppError('ADDRESS_NOT_FOUND', 'Address not found');
    return { addressId: saved.id, street: saved.street, city: saved.city, state: saved.state, zipCode: saved.zipCode, latitude: saved.latitude, longitude: saved.longitude };
  }
  const given = input.address;
  if (!given || (typeof given === 'string' && !given.trim())) {
    throw new AppError('ADDRESS_REQUIRED', input.serviceType === 'pickup' ? 'Please enter your pickup address' : 'Please enter your service location', { serviceType: input.serviceType });
  }
  if (typeof given === 'string') {
    const parsed = parseUsAddress(given);
    if (!parsed) throw new AppError('ADDRESS_INCOMPLETE', 'Please enter a full address: street, city, state and ZIP code');
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

export const RELEASE_HOLDS_JOB = 'release-expired-holds';

/** The pg-boss job (every minute): releases every unpaid hold past its expiry. Returns how many. */
export async function releaseExpiredHolds(ctx: AppContext): Promise<number> {
  let released = 0;
  for (const id of await repo.expiredHoldIds(ctx.db, ctx.now())) {
    if (await ctx.db.transaction((tx) => bookingVerbs(ctx).release(tx, id, SYSTEM, 'expired'))) released += 1;
    await deliverAfterCommit(ctx, id);
  }
  return released;
}
