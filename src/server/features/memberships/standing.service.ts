import type { PublicUser } from '../../../shared/schemas/auth';
import type { MembershipView, StandingChoice, StandingRunResponse } from '../../../shared/schemas/memberships';
import { formatAddress } from '../../../shared/address';
import { bookAgainHref } from '../../../shared/self-service';
import { firstStandingDate, STANDING_HORIZON_DAYS, standingDates } from '../../../shared/standing';
import { addDaysToKey, pacificDateKey, pacificInstant, wallTimeExists } from '../../../shared/time';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { renderMail } from '../../integrations/mail/templates';
import { formatMailDateTime, mailTexts } from '../../integrations/mail/mail-texts';
import { findPublicUserById, recipientLanguage } from '../auth';
import { findOwnPlace } from '../addresses';
import { createBooking } from '../bookings';
import { membershipCreditFor } from '../packages';
import { grantKeyPrefix } from './billing';
import * as repo from './memberships.repository';

/**
 * Standing appointments (decision 066): a plan may offer a visit every Nth week; the member picks the weekday,
 * time, a saved address and one of the plan's services. A daily job books the dates ahead through the bookings
 * feature's own verb, paid with a membership credit; a date it cannot book is told to the customer once.
 */

export const BOOK_STANDING_JOB = 'memberships-standing';
/** How long a claimed occurrence may be under way before a later run takes it as abandoned (and books it with the same key). */
const PENDING_GRACE_MS = 10 * 60_000;

export type StandingMembership = Pick<repo.MembershipRow, 'id' | 'userId' | 'planId' | 'status'>;

/** The plan's offer and the member's standing appointment, for the membership's view. */
export async function standingParts(ctx: AppContext, membership: StandingMembership): Promise<Pick<MembershipView, 'standingOffer' | 'standing'>> {
  const plan = await repo.findPlan(ctx.db, membership.planId);
  if (!plan?.standing) return { standingOffer: null, standing: null };
  const names = await repo.serviceNames(ctx.db, plan.grants.map((g) => g.serviceId));
  const standingOffer = { everyWeeks: plan.standing.everyWeeks, services: plan.grants.map((g) => ({ serviceId: g.serviceId, serviceName: names.get(g.serviceId) ?? '' })) };
  const row = await repo.findStanding(ctx.db, membership.id);
  if (!row) return { standingOffer, standing: null };
  const address = await findOwnPlace(ctx.db, membership.userId, row.addressId);
  const recent = await repo.recentOccurrences(ctx.db, membership.id);
  const handled = new Set(recent.map((o) => o.date));
  const today = pacificDateKey(ctx.now());
  const nextDate = standingDates(row.anchorDate, plan.standing.everyWeeks, addDaysToKey(today, 1), addDaysToKey(today, 7 * 8 * 3)).find((d) => !handled.has(d)) ?? row.anchorDate;
  return {
    standingOffer,
    standing: {
      weekday: row.weekday,
      time: row.time,
      serviceId: row.serviceId,
      addressId: row.addressId,
      everyWeeks: plan.standing.everyWeeks,
      serviceName: names.get(row.serviceId) ?? '',
      address: address ? formatAddress(address) : '',
      nextDate,
      recent: recent.map((o) => ({ date: o.date, outcome: o.outcome, bookingId: o.bookingId })),
    },
  };
}

/**
 * Sets or changes the member's standing appointment: the plan must offer one, the service be one of the plan's,
 * the address the member's own with its map position (the booking's reach needs it). The rhythm starts anew on
 * the first chosen weekday after today.
 */
export async function setStanding(ctx: AppContext, user: PublicUser, membership: repo.MembershipRow, choice: StandingChoice): Promise<void> {
  if (membership.status === 'canceled') throw new AppError('MEMBERSHIP_STATE', 'This membership has ended', { status: membership.status });
  const plan = await repo.findPlan(ctx.db, membership.planId);
  if (!plan?.standing) throw new AppError('STANDING_NOT_OFFERED', 'This plan has no standing appointment');
  if (!plan.grants.some((g) => g.serviceId === choice.serviceId)) throw new AppError('INVALID_INPUT', 'Choose one of the plan’s services', { field: 'serviceId' });
  const address = await findOwnPlace(ctx.db, user.id, choice.addressId);
  if (!address) throw new AppError('ADDRESS_NOT_FOUND', 'Address not found');
  if (address.latitude === null || address.longitude === null) throw new AppError('INVALID_INPUT', 'Choose an address found on the map', { field: 'addressId' });
  const anchorDate = firstStandingDate(pacificDateKey(ctx.now()), choice.weekday);
  if (!wallTimeExists(anchorDate, choice.time)) throw new AppError('INVALID_INPUT', 'Choose a time that exists every week', { field: 'time' });
  await repo.upsertStanding(ctx.db, { membershipId: membership.id, ...choice, anchorDate, updatedAt: ctx.now() });
}

export async function stopStanding(ctx: AppContext, membership: repo.MembershipRow): Promise<void> {
  if (!(await repo.deleteStanding(ctx.db, membership.id))) throw new AppError('STANDING_NOT_FOUND', 'There is no standing appointment to stop');
}

/**
 * The daily job: every active membership's standing dates in the next STANDING_HORIZON_DAYS are booked once.
 * An occurrence is claimed first (unique per membership and date), so a re-run or a second worker books
 * nothing twice; the booking's idempotency key is the occurrence, so a run that died after booking and before
 * settling finds the same booking again. A paused or cancelled membership books nothing.
 */
export async function bookStandingAppointments(ctx: AppContext): Promise<StandingRunResponse> {
  const result: StandingRunResponse = { booked: 0, full: 0, noCredit: 0 };
  const today = pacificDateKey(ctx.now());
  let after: string | null = null;
  for (;;) {
    const page = await repo.activeStandings(ctx.db, after);
    if (page.length === 0) break;
    after = page[page.length - 1]!.standing.id;
    for (const { standing, userId, planId } of page) {
      const plan = await repo.findPlan(ctx.db, planId);
      if (!plan?.standing) continue;
      for (const date of standingDates(standing.anchorDate, plan.standing.everyWeeks, addDaysToKey(today, 1), addDaysToKey(today, STANDING_HORIZON_DAYS))) {
        const outcome = await bookOccurrence(ctx, { standing, userId, planName: plan.name }, date);
        if (outcome === 'booked') result.booked += 1;
        else if (outcome === 'full') result.full += 1;
        else if (outcome === 'no_credit') result.noCredit += 1;
      }
    }
  }
  return result;
}

async function bookOccurrence(ctx: AppContext, input: { standing: repo.StandingRow; userId: string; planName: string }, date: string): Promise<'booked' | 'full' | 'no_credit' | undefined> {
  const { standing, userId } = input;
  const now = ctx.now();
  const occurrence = await repo.claimOccurrence(ctx.db, { membershipId: standing.membershipId, date, now, staleBefore: new Date(now.getTime() - PENDING_GRACE_MS) });
  if (!occurrence) return undefined;
  const user = await findPublicUserById(ctx.db, userId);
  if (!user) return undefined;
  const purchaseId = await membershipCreditFor(ctx, { userId, prefix: grantKeyPrefix(standing.membershipId), serviceId: standing.serviceId });
  let bookingId: string | null = null;
  let refusal: AppError | undefined;
  if (purchaseId) {
    try {
      const { booking } = await createBooking(ctx, {
        input: { serviceId: standing.serviceId, serviceType: 'mobile', slotId: `${date}T${standing.time}`, addressId: standing.addressId, packagePurchaseId: purchaseId, totalAmount: '0.00', serviceFee: '0.00', tax: '0.00' },
        user,
        idempotencyKey: `standing:${standing.membershipId}:${date}`,
        source: 'standing',
        visitor: { holder: `user:${userId}`, network: null },
      });
      bookingId = booking.id;
    } catch (error) {
      // The bookings feature refused the time (full, out of reach, closed): that week is told, not retried.
      if (!(error instanceof AppError)) throw error;
      refusal = error;
    }
  }
  // A credit another run spent meanwhile refuses the booking as a package's error: that is no credit, not a full slot.
  const creditGone = refusal?.code.startsWith('PACKAGE_') ?? false;
  const outcome = bookingId ? 'booked' : purchaseId && !creditGone ? 'full' : 'no_credit';
  const mail = outcome === 'booked' ? undefined : await unbookedMail(ctx, { user, standing, date, outcome, planName: input.planName });
  await ctx.db.transaction(async (tx) => {
    await repo.settleOccurrence(tx, occurrence.id, { outcome, bookingId, now: ctx.now() });
    // The e-mail's outbox row commits with the outcome: told once, however often the job runs.
    if (mail) await ctx.mailer.using(tx).send(mail);
  });
  if (refusal) console.info(`standing appointment ${standing.membershipId} ${date} not booked: ${refusal.code}`);
  return outcome;
}

/** The e-mail telling the customer that a standing date was not booked, with the start page to choose another time. */
async function unbookedMail(ctx: AppContext, input: { user: PublicUser; standing: repo.StandingRow; date: string; outcome: 'full' | 'no_credit'; planName: string }) {
  const { user, standing } = input;
  const language = await recipientLanguage(ctx, user.id);
  const address = await findOwnPlace(ctx.db, user.id, standing.addressId);
  const when = formatMailDateTime(language, pacificInstant(input.date, standing.time));
  const t = mailTexts(language, { plan: input.planName, when });
  const href = bookAgainHref({ serviceId: standing.serviceId, serviceType: 'mobile', address: address ?? null });
  const mail = renderMail(ctx.config.business.name, t('standing.notBookedSubject'), [t('greeting', { name: user.fullName }), t(input.outcome === 'full' ? 'standing.fullBody' : 'standing.noCreditBody')], {
    label: t('standing.chooseAction'),
    url: `${ctx.config.publicUrl}${href}`,
  });
  return { to: user.email, ...mail, userId: user.id, category: 'transactional' as const };
}
