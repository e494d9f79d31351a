import type { OfferView, UpdateOfferValues, VehicleType } from '../../../shared/schemas/offers';
import { pacificInstant } from '../../../shared/time';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './offers.repository';

/** The wash-and-wax service the offer books when the admin has not named another. */
export const OFFER_SERVICE_SLUG = 'wash-and-wax';

type OfferRow = NonNullable<Awaited<ReturnType<typeof repo.findOffer>>>;

function isOn(offer: OfferRow, now: Date): boolean {
  return offer.isLive && offer.endsAt > now;
}

function viewOf(offer: OfferRow, now: Date): OfferView {
  return {
    id: offer.id,
    title: offer.title,
    subtitle: offer.subtitle,
    imageUrl: offer.imageUrl,
    faq: offer.faq,
    serviceId: offer.serviceId,
    endsAt: offer.endsAt.toISOString(),
    prices: offer.prices,
    // No store integration exists yet: no variant is known, so Book Now always uses the app's own booking.
    storeCartUrls: {},
    isLive: offer.isLive,
    ended: !isOn(offer, now),
    translations: offer.translations,
  };
}

/** GET /api/offers/current: the promotion, live or ended (the page says when it has ended). */
export async function currentOffer(ctx: AppContext): Promise<OfferView> {
  const offer = await repo.findOffer(ctx.db);
  if (!offer) throw new AppError('OFFER_NOT_FOUND', 'There is no offer running right now');
  return viewOf(offer, ctx.now());
}

/** PUT /api/admin/offers/current: the admin edits the one promotion (end time in Pacific wall time). */
export async function updateCurrentOffer(ctx: AppContext, input: UpdateOfferValues): Promise<OfferView> {
  const [date, time] = input.endsAt.split('T') as [string, string];
  const endsAt = pacificInstant(date, time);
  if (Number.isNaN(endsAt.getTime())) throw new AppError('INVALID_INPUT', 'End time must be a real date and time', { field: 'endsAt' });
  let serviceId = input.serviceId ?? (await repo.findOffer(ctx.db))?.serviceId ?? (await repo.serviceIdBySlug(ctx.db, OFFER_SERVICE_SLUG));
  if (input.serviceId && !(await repo.serviceExists(ctx.db, input.serviceId))) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  serviceId ??= null;
  const row = await repo.upsertOffer(ctx.db, { title: input.title, subtitle: input.subtitle, imageUrl: input.imageUrl, faq: input.faq, endsAt, prices: input.prices, isLive: input.isLive, serviceId, translations: input.translations }, ctx.now());
  return viewOf(row, ctx.now());
}

/**
 * The offer price for a booking of `serviceId` for this vehicle type, checked on the server: the offer
 * must be live, not over, and for this service. The booking is priced from it (never from the client).
 */
export async function offerPriceFor(ctx: AppContext, db: DbOrTx, serviceId: string, vehicleType: VehicleType): Promise<string> {
  const offer = await repo.findOffer(db);
  if (!offer || !isOn(offer, ctx.now())) throw new AppError('OFFER_ENDED', 'This offer has ended. You can still book at the regular price.');
  if (offer.serviceId !== serviceId) throw new AppError('OFFER_NOT_APPLICABLE', 'This offer does not apply to that service', {});
  const price = offer.prices[vehicleType];
  if (!price) throw new AppError('OFFER_NOT_APPLICABLE', 'This offer does not cover that vehicle type', { vehicleType });
  return price.offer;
}

/** Seeds the offer once: the original fall promotion (ended 2025-10-05), or with demo data a live one two weeks out. */
export async function seedOffer(db: DbOrTx, live: boolean, now: Date): Promise<void> {
  if (await repo.findOffer(db)) return;
  const serviceId = await repo.serviceIdBySlug(db, OFFER_SERVICE_SLUG);
  const endsAt = live ? new Date(now.getTime() + 14 * 86_400_000) : pacificInstant('2025-10-05', '23:59');
  await repo.upsertOffer(
    db,
    {
      title: 'Fall Wash & Wax Special',
      subtitle: null,
      imageUrl: null,
      faq: null,
      translations: {},
      endsAt,
      isLive: live,
      serviceId,
      prices: { sedan: { regular: '119.00', offer: '79.00' }, suv: { regular: '149.00', offer: '99.00' }, oversize: { regular: '179.00', offer: '119.00' } },
    },
    now,
  );
}
