import { MESSAGE_CHANNELS, type WeatherOfferView } from '../../../shared/schemas/messages';
import { slotIdOf } from '../../../shared/booking-lifecycle';
import { selfServiceBlock } from '../../../shared/self-service';
import { addDaysToKey, minutesOfDay, pacificInstant, pacificTimeOfDay } from '../../../shared/time';
import {
  rainDuringJob,
  WEATHER_CHECK_HOURS_BEFORE,
  WEATHER_CHECK_LAST_HOURS_BEFORE,
  WEATHER_OFFER_SEARCH_DAYS,
  WEATHER_OFFER_SLOTS,
  weatherCheckDue,
  type ForecastHour,
} from '../../../shared/weather-rules';
import type { AppContext } from '../../context';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { AppError } from '../../errors';
import { deliverAfterCommit } from '../../events/booking-events';
import { assertChangeable, bookingVerbs, countMoves, mailSelfServiceMove } from '../bookings';
import { openStarts } from '../slots';
import { currentFacts, customerOf, openLink, viewOf } from './links.service';
import { scheduleMessages } from './messages.repository';
import { sendDueMessages } from './send';
import {
  decideWeatherOffer,
  expireLapsedOffers,
  insertWeatherOffer,
  latestWeatherOffer,
  lockWeatherOffer,
  replaceOfferedSlots,
  weatherCandidates,
  type WeatherOfferRow,
} from './weather.repository';

/**
 * Rain offers for outdoor mobile jobs (issue 26, decision 060's rules): 36–48 h before the start the hourly
 * job reads the forecast at the job's place; when rain is likely in its hours it writes one offer with three
 * free starts the booking's technicians can reach, and the `weather_offer` message carries a signed `weather`
 * link. The customer keeps the time or moves in one tap, through the same change verb as the Manage link
 * (the same booking moves: its deposit and lines stay with it).
 */

const HOUR = 3_600_000;
export const WEATHER_CHECK_JOB = 'weather.check';

type Job = { id: string; serviceId: string; durationMinutes: number; businessDate: string; scheduledDate: Date; latitude: string | null; longitude: string | null; serviceType: string };

const pointOf = (job: Pick<Job, 'latitude' | 'longitude'>) =>
  job.latitude === null || job.longitude === null || !Number.isFinite(Number(job.latitude)) || !Number.isFinite(Number(job.longitude)) ? null : { latitude: Number(job.latitude), longitude: Number(job.longitude) };

/**
 * Up to three free starts, one a day, on the days after the job's (no further than 14), each the start nearest
 * the job's own time of day that a technician can reach at its place, skipping starts the forecast (where it
 * reaches) also calls rainy, and `exclude`.
 */
async function offeredStarts(ctx: AppContext, job: Job, forecast: readonly ForecastHour[], exclude: readonly string[] = []): Promise<string[]> {
  const point = pointOf(job);
  const wanted = minutesOfDay(pacificTimeOfDay(job.scheduledDate));
  const chosen: string[] = [];
  for (let offset = 1; offset <= WEATHER_OFFER_SEARCH_DAYS && chosen.length < WEATHER_OFFER_SLOTS; offset++) {
    const date = addDaysToKey(job.businessDate, offset);
    const starts = (await openStarts(ctx, date, job.durationMinutes, { serviceId: job.serviceId, point }))
      .filter((slot) => !exclude.includes(slot.id))
      .filter((slot) => !rainDuringJob(forecast, { start: pacificInstant(date, slot.id.slice(11)), durationMinutes: job.durationMinutes }).likely)
      .sort((a, b) => Math.abs(minutesOfDay(a.id.slice(11)) - wanted) - Math.abs(minutesOfDay(b.id.slice(11)) - wanted));
    if (starts[0]) chosen.push(starts[0].id);
  }
  return chosen;
}

/** The weather page, opened by a signed link until the job's start. */
export async function weatherUrl(ctx: AppContext, bookingId: string, start: Date): Promise<string> {
  const token = signLink(await linkSecret(ctx.db), { bookingId, purpose: 'weather', expiresAt: start });
  return `${ctx.config.publicUrl}/weather?token=${token}`;
}

/**
 * The hourly check: lapsed offers expire; each outdoor job 36–48 h ahead never offered one has its forecast
 * read, and a likely rain writes the offer (once per booking: the unique key and the candidates' filter) and
 * sends its message. A forecast that fails for one job does not stop the others; the job then fails, so
 * pg-boss tries again (what was offered is not offered twice).
 */
export async function checkWeather(ctx: AppContext): Promise<{ checked: number; offered: number; failed: number }> {
  const now = ctx.now();
  await expireLapsedOffers(ctx.db, now);
  const jobs = await weatherCandidates(ctx.db, new Date(now.getTime() + WEATHER_CHECK_LAST_HOURS_BEFORE * HOUR), new Date(now.getTime() + WEATHER_CHECK_HOURS_BEFORE * HOUR + 1));
  const report = { checked: 0, offered: 0, failed: 0 };
  let lastError: unknown;
  for (const job of jobs) {
    const point = pointOf(job);
    if (!point || weatherCheckDue({ ...job, start: job.scheduledDate }, now) !== 'due') continue;
    report.checked += 1;
    try {
      const forecast = await ctx.weather.hourly({ lat: point.latitude, lng: point.longitude });
      const rain = rainDuringJob(forecast, { start: job.scheduledDate, durationMinutes: job.durationMinutes });
      if (!rain.likely) continue;
      const slotIds = await offeredStarts(ctx, job, forecast);
      if (!slotIds.length) continue;
      const offer = await insertWeatherOffer(ctx.db, { bookingId: job.id, jobDate: job.businessDate, scheduledFor: job.scheduledDate, precipitationPercent: rain.percent, slotIds }, now);
      if (!offer) continue;
      await scheduleMessages(ctx.db, MESSAGE_CHANNELS.map((channel) => ({ bookingId: job.id, kind: 'weather_offer' as const, channel, leg: offer.jobDate, dueAt: now })), now);
      report.offered += 1;
      await sendDueMessages(ctx, { bookingId: job.id });
    } catch (error) {
      report.failed += 1;
      lastError = error;
    }
  }
  if (lastError) throw lastError;
  return report;
}

/** Whether an offer still open applies: the booking still has the time it was made for and can still change. */
function lapsed(ctx: AppContext, offer: WeatherOfferRow, booking: { status: Parameters<typeof selfServiceBlock>[0]['status']; scheduledDate: Date | string }): boolean {
  const start = new Date(booking.scheduledDate);
  return start.getTime() !== offer.scheduledFor.getTime() || start.getTime() <= ctx.now().getTime() || selfServiceBlock({ status: booking.status, scheduledDate: start }, ctx.now()) === 'status';
}

/** Whether an offer still open may be sent and answered (the message's send-time check). */
export async function weatherOfferOpen(ctx: AppContext, bookingId: string, booking: { status: Parameters<typeof selfServiceBlock>[0]['status']; scheduledDate: string }): Promise<WeatherOfferRow | null> {
  const offer = await latestWeatherOffer(ctx.db, bookingId);
  return offer && offer.state === 'offered' && !lapsed(ctx, offer, booking) ? offer : null;
}

async function openOffer(ctx: AppContext, token: string) {
  const id = await openLink(ctx, token, 'weather');
  const view = await viewOf(ctx, id);
  const offer = await latestWeatherOffer(ctx.db, id);
  if (!offer) throw new AppError('WEATHER_OFFER_NOT_FOUND', 'There is no weather offer for this booking.');
  return { id, view, offer };
}

function toView(ctx: AppContext, view: Awaited<ReturnType<typeof viewOf>>, offer: WeatherOfferRow): WeatherOfferView {
  const state = offer.state === 'offered' && lapsed(ctx, offer, view) ? 'expired' : offer.state;
  return {
    bookingId: view.id,
    serviceName: view.serviceName,
    scheduledDate: offer.scheduledFor.toISOString(),
    precipitationPercent: offer.precipitationPercent,
    state,
    slots: offer.slotIds.map((id) => ({ id, start: pacificInstant(id.slice(0, 10), id.slice(11)).toISOString() })),
    movedTo: offer.movedTo ? pacificInstant(offer.movedTo.slice(0, 10), offer.movedTo.slice(11)).toISOString() : null,
    businessPhone: ctx.config.business.phone,
  };
}

const used = (state: string) => new AppError('WEATHER_OFFER_USED', 'You already answered this offer. Please call us to change your booking.', { state });
const expired = () => new AppError('WEATHER_OFFER_EXPIRED', 'This offer no longer applies: your booking has changed.');

/** GET /api/weather-offers/:token */
export async function getWeatherOffer(ctx: AppContext, token: string): Promise<WeatherOfferView> {
  const { view, offer } = await openOffer(ctx, token);
  return toView(ctx, view, offer);
}

/** POST /api/weather-offers/:token/keep — idempotent: keeping a kept offer answers the same. */
export async function keepWeatherOffer(ctx: AppContext, token: string): Promise<WeatherOfferView> {
  const { id, offer } = await openOffer(ctx, token);
  await ctx.db.transaction(async (tx) => {
    const locked = (await lockWeatherOffer(tx, offer.id))!;
    if (locked.state === 'kept') return;
    if (locked.state !== 'offered') throw locked.state === 'expired' ? expired() : used(locked.state);
    const facts = await currentFacts(ctx, tx, id);
    if (lapsed(ctx, locked, facts)) throw expired();
    await decideWeatherOffer(tx, locked.id, 'kept', ctx.now());
  });
  return toView(ctx, await viewOf(ctx, id), (await latestWeatherOffer(ctx.db, id))!);
}

/**
 * POST /api/weather-offers/:token/move — one tap to one of the offered starts, through the change verb as the
 * Manage link moves (the status rule of self-service; the offer itself is the business's invitation, so its
 * time limit is the job's start rather than 24 hours before). Idempotent: the same move again answers the
 * same. A start taken meanwhile: the offer gets fresh choices and the answer is 409 SLOT_FULL.
 */
export async function moveWeatherOffer(ctx: AppContext, token: string, slotId: string): Promise<WeatherOfferView> {
  const { id, view, offer } = await openOffer(ctx, token);
  if (offer.state === 'moved' && offer.movedTo === slotId) return toView(ctx, view, offer);
  if (offer.state !== 'offered') throw offer.state === 'expired' ? expired() : used(offer.state);
  if (lapsed(ctx, offer, view)) throw expired();
  if (!offer.slotIds.includes(slotId)) throw new AppError('WEATHER_SLOT_NOT_OFFERED', 'Please choose one of the offered times.', { slotId });
  let sequence: number | null;
  try {
    sequence = await ctx.db.transaction(async (tx) => {
      const locked = (await lockWeatherOffer(tx, offer.id))!;
      if (locked.state === 'moved' && locked.movedTo === slotId) return null;
      if (locked.state !== 'offered') throw used(locked.state);
      const facts = await currentFacts(ctx, tx, id);
      if (lapsed(ctx, locked, facts)) throw expired();
      if (selfServiceBlock(facts, ctx.now()) === 'status') assertChangeable(ctx, facts, 'rescheduled');
      await bookingVerbs(ctx).change(tx, id, customerOf(facts), { slotId, by: 'customer', clearTimes: true, reason: 'weather' });
      await decideWeatherOffer(tx, locked.id, 'moved', ctx.now(), slotId);
      return countMoves(tx, id);
    });
  } catch (error) {
    // Taken meanwhile (or no longer a start at all): fresh choices, and the one answer the page knows.
    if (error instanceof AppError && (error.code === 'SLOT_FULL' || error.code === 'SLOT_INVALID')) {
      await refreshChoices(ctx, offer, view);
      throw new AppError('SLOT_FULL', 'That time was just taken. Please choose another time.');
    }
    throw error;
  }
  if (sequence !== null) {
    await deliverAfterCommit(ctx, id);
    await mailSelfServiceMove(ctx, await viewOf(ctx, id), sequence);
  }
  return toView(ctx, await viewOf(ctx, id), (await latestWeatherOffer(ctx.db, id))!);
}

/** Fresh choices for an offer one of whose starts was taken: the free ones stay, the taken ones are replaced. */
async function refreshChoices(ctx: AppContext, offer: WeatherOfferRow, view: Awaited<ReturnType<typeof viewOf>>): Promise<void> {
  const job: Job = {
    id: view.id,
    serviceId: view.serviceId,
    durationMinutes: view.durationMinutes,
    businessDate: view.businessDate,
    scheduledDate: new Date(view.scheduledDate),
    latitude: view.latitude === null ? null : String(view.latitude),
    longitude: view.longitude === null ? null : String(view.longitude),
    serviceType: view.serviceType,
  };
  const point = pointOf(job);
  const forecast = point ? await ctx.weather.hourly({ lat: point.latitude, lng: point.longitude }).catch(() => []) : [];
  const stillFree: string[] = [];
  for (const id of offer.slotIds) {
    const day = id.slice(0, 10);
    if ((await openStarts(ctx, day, job.durationMinutes, { serviceId: job.serviceId, point })).some((slot) => slot.id === id)) stillFree.push(id);
  }
  const fresh = (await offeredStarts(ctx, job, forecast, [...offer.slotIds, slotIdOf({ scheduledDate: job.scheduledDate, businessDate: job.businessDate })]))
    .filter((id) => !stillFree.some((kept) => kept.slice(0, 10) === id.slice(0, 10)))
    .slice(0, Math.max(0, offer.slotIds.length - stillFree.length));
  await replaceOfferedSlots(ctx.db, offer.id, [...stillFree, ...fresh].sort());
}
