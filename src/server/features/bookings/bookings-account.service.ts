import { and, count, eq, not } from 'drizzle-orm';
import { bookingNumber } from '../../../shared/format';
import { storedPrice, slotIdOf, pacificWhenText } from '../../../shared/booking-lifecycle';
import type { Language } from '../../../shared/domain';
import { fromCents, toCents } from '../../../shared/money';
import type { AccountBooking, AccountBookingsPage, AccountBookingsQuery, Receipt, RescheduleRequest, ReviewResponse } from '../../../shared/schemas/bookings-account';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { PublicUser } from '../../../shared/schemas/auth';
import { changeDeadline, selfServiceBlock, selfServiceHours } from '../../../shared/self-service';
import type { AppContext } from '../../context';
import { deliverAfterCommit } from '../../events/booking-events';
import type { DbOrTx } from '../../db/client';
import { bookings, bookingUpdates } from '../../db/schema';
import { AppError } from '../../errors';
import { formatMailDateTime, formatMailMoney, type MailTranslate } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { trackingUrl } from './confirmation-mail';
import { bookingMailTexts } from './mail-language';
import { abandonedHoldSql, notLapsedHoldSql, supersededHoldSql } from './hold-sql';
import { bookingVerbs, type BookingActor } from './lifecycle';
import { findBookingView, listBookingViews } from './bookings.repository';
import { recomputeServiceRating } from '../services';
import { buildIcs } from './ics';
import { ledgerView } from './ledger';
import { bookingEventUid, cancellationIcs } from './cancellation-ics';
import { cancelQuote } from './policy-fees';
import type { CancelQuote } from '../../../shared/schemas/policy';

/**
 * The signed-in customer's own bookings: history, cancel, reschedule, review and receipt. Every call
 * looks the booking up by id AND owner, so another customer's id answers exactly like an unknown one (404).
 */

const NOT_FOUND = 'Booking not found';

const customer = (actor: PublicUser): BookingActor => ({ role: 'customer', userId: actor.id });

function withSelfService(view: BookingView, now: Date): AccountBooking {
  return {
    ...view,
    selfServiceBlock: selfServiceBlock(view, now),
    changeDeadline: changeDeadline(view.scheduledDate).toISOString(),
    cancelBlock: selfServiceBlock(view, now, 'cancel'),
    cancelDeadline: changeDeadline(view.scheduledDate, 'cancel').toISOString(),
  };
}

/** What the customer's history shows: their bookings, not blocked time, not unpaid holds that lapsed. */
function historyFilter(userId: string, now: Date) {
  return and(
    eq(bookings.userId, userId),
    eq(bookings.isBlocked, false),
    notLapsedHoldSql(now),
    // Abandoned checkouts are no part of the customer's history.
    not(abandonedHoldSql()),
    // One checkout is one line: a hold that another booking of the same service and time supersedes is not.
    not(supersededHoldSql()),
  );
}

export async function listMyBookings(ctx: AppContext, actor: PublicUser, query: AccountBookingsQuery): Promise<AccountBookingsPage> {
  const now = ctx.now();
  const where = and(historyFilter(actor.id, now), query.status ? eq(bookings.status, query.status) : undefined);
  const page = await listBookingViews(ctx.db, { where, page: query.page, pageSize: query.pageSize });
  return { ...page, items: page.items.map((view) => withSelfService(view, now)) };
}

/** Locks the customer's booking row for the transaction; 404 for anyone else's or an unknown id. */
async function lockOwnBooking(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, userId), eq(bookings.isBlocked, false)))
    .for('update');
  if (!row) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  return row;
}

/** How many times the booking was moved: the SEQUENCE of its latest calendar file. */
export async function countMoves(db: DbOrTx, id: string): Promise<number> {
  const [moves] = await db
    .select({ value: count() })
    .from(bookingUpdates)
    .where(and(eq(bookingUpdates.bookingId, id), eq(bookingUpdates.kind, 'rescheduled')));
  return moves?.value ?? 1;
}

/**
 * The self-service rule (status; 24 hours before the start to reschedule, 2 to cancel) as a 409
 * SELF_SERVICE_CLOSED, for the account's pages and the Manage link.
 */
export function assertChangeable(ctx: AppContext, booking: { status: BookingView['status']; scheduledDate: Date }, verb: 'cancelled' | 'rescheduled'): void {
  const action = verb === 'cancelled' ? 'cancel' : 'reschedule';
  const block = selfServiceBlock(booking, ctx.now(), action);
  if (block === 'status') {
    const why = booking.status === 'cancelled' ? 'This booking is already cancelled.' : booking.status === 'completed' ? 'This booking is already completed.' : 'This booking is already under way.';
    const reason = booking.status === 'cancelled' ? 'cancelled' : booking.status === 'completed' ? 'completed' : 'under_way';
    throw new AppError('SELF_SERVICE_CLOSED', `${why} It can no longer be ${verb} online.`, { action: verb, reason });
  }
  if (block === 'too_late') {
    throw new AppError(
      'SELF_SERVICE_CLOSED',
      `Bookings can only be ${verb} online up to ${selfServiceHours(action)} hours before the start. Please call us at ${ctx.config.business.phone}.`,
      { action: verb, reason: 'too_late', phone: ctx.config.business.phone, hours: selfServiceHours(action) },
    );
  }
}

/** "Tuesday, June 2, 2026 at 1:30 PM (Pacific Time)", or the same in the customer's language. */
const whenText = (t: MailTranslate, language: Language, instant: Date | string): string =>
  language === 'en' ? pacificWhenText(instant) : t('whenPacific', { when: formatMailDateTime(language, new Date(instant)) });

/** POST /api/bookings/:id/cancel — releases the capacity (cancelled bookings hold none) and refunds a paid booking. */
export async function cancelMyBooking(
  ctx: AppContext,
  actor: PublicUser,
  id: string,
  acceptFeeCents?: number,
): Promise<{ message: string; refunded: boolean; creditReturned: boolean; feeCents: number; booking: AccountBooking }> {
  const { refunded, creditRestored: creditReturned, feeCents, refundedCents } = await ctx.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor.id, id);
    assertChangeable(ctx, booking, 'cancelled');
    // The refund is the last step before commit: if it fails, nothing of the cancellation is saved.
    return bookingVerbs(ctx).cancel(tx, booking.id, customer(actor), null, { selfService: { acceptFeeCents } });
  });
  await deliverAfterCommit(ctx, id);
  const view = (await findBookingView(ctx.db, id))!;
  await mailSelfServiceCancellation(ctx, view, refunded, creditReturned, { feeCents, refundedCents: refundedCents ?? 0 });
  const message = feeCents
    ? `Booking cancelled. A late-cancellation fee of $${fromCents(feeCents)} was kept${refunded ? ' and the rest of your payment refunded' : ''}.`
    : refunded
      ? 'Booking cancelled. Your payment has been refunded.'
      : creditReturned
        ? 'Booking cancelled. Your package credit has been returned.'
        : 'Booking cancelled.';
  return { message, refunded, creditReturned, feeCents, booking: withSelfService(view, ctx.now()) };
}

/** GET /api/bookings/:id/cancel-preview — what cancelling now keeps and gives back (decision 057). */
export async function previewMyCancel(ctx: AppContext, actor: PublicUser, id: string): Promise<CancelQuote> {
  const [booking] = await ctx.db.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.userId, actor.id), eq(bookings.isBlocked, false)));
  if (!booking) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  return cancelQuote(ctx, ctx.db, booking);
}

/** POST /api/bookings/:id/reschedule — the same slot engine and capacity rules as booking, in one transaction. */
export async function rescheduleMyBooking(ctx: AppContext, actor: PublicUser, id: string, input: RescheduleRequest): Promise<{ message: string; booking: AccountBooking }> {
  const sequence = await ctx.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor.id, id);
    assertChangeable(ctx, booking, 'rescheduled');
    if (input.slotId === slotIdOf(booking)) {
      throw new AppError('SAME_TIME', 'Your booking is already at that time. Please choose another time.');
    }
    await bookingVerbs(ctx).change(tx, id, customer(actor), { slotId: input.slotId, by: 'customer', clearTimes: true });
    return countMoves(tx, id);
  });
  await deliverAfterCommit(ctx, id);
  const view = (await findBookingView(ctx.db, id))!;
  await mailSelfServiceMove(ctx, view, sequence);
  return { message: 'Booking rescheduled', booking: withSelfService(view, ctx.now()) };
}

/**
 * POST /api/bookings/:id/review — once, by the owner, when completed. The service's rating becomes the
 * average of its reviews (the service row is locked so concurrent reviews count each other).
 */
export async function reviewMyBooking(ctx: AppContext, actor: PublicUser, id: string, input: { rating: number; review: string | null }): Promise<ReviewResponse> {
  const service = await ctx.db.transaction(async (tx) => {
    const booking = await lockOwnBooking(tx, actor.id, id);
    await bookingVerbs(ctx).review(tx, booking.id, customer(actor), input);
    return recomputeServiceRating(tx, booking.serviceId);
  });
  await deliverAfterCommit(ctx, id);
  const view = (await findBookingView(ctx.db, id))!;
  return { message: 'Thank you for your review!', booking: withSelfService(view, ctx.now()), service };
}


/** GET /api/bookings/:id/receipt — once the booking was paid (or completed). */
export async function receiptFor(ctx: AppContext, actor: PublicUser, id: string): Promise<Receipt> {
  const [row] = await ctx.db
    .select({ id: bookings.id, paymentProvider: bookings.paymentProvider, servicePrice: bookings.servicePrice })
    .from(bookings)
    .where(and(eq(bookings.id, id), eq(bookings.userId, actor.id), eq(bookings.isBlocked, false)));
  if (!row) throw new AppError('BOOKING_NOT_FOUND', NOT_FOUND);
  const view = (await findBookingView(ctx.db, id))!;
  if (view.paymentStatus === 'unpaid' && view.status !== 'completed') throw new AppError('RECEIPT_NOT_READY', 'A receipt is available once the booking is paid');
  const priceCents = storedPrice({ servicePrice: row.servicePrice, serviceFee: view.serviceFee, tax: view.tax, totalAmount: view.totalAmount }).serviceCents;
  const { business } = ctx.config;
  const ledger = await ledgerView(ctx.db, view);
  return {
    bookingId: view.id,
    bookingNumber: bookingNumber(view.id),
    business: { name: business.name, address: business.address, phone: business.phone, email: business.email },
    customer: { fullName: view.user?.fullName ?? actor.fullName, email: view.user?.email ?? actor.email, phone: view.user?.phone ?? actor.phone },
    serviceName: view.serviceName,
    serviceType: view.serviceType,
    scheduledDate: view.scheduledDate,
    address: view.address,
    status: view.status,
    issuedAt: view.createdAt,
    lines: [
      { label: view.serviceName, amount: fromCents(priceCents) },
      { label: 'Service Fee', amount: view.serviceFee },
    ],
    job: view.job,
    subtotal: fromCents(priceCents + toCents(view.serviceFee)),
    tax: view.tax,
    total: view.totalAmount,
    payment: { status: view.paymentStatus, brand: view.paymentMethodBrand, last4: view.paymentMethodLast4, provider: row.paymentProvider },
    // The customer's receipt lists every row, without the business's notes or who recorded it.
    payments: ledger.entries.map(({ note: _note, recordedBy: _by, ...entry }) => entry),
    paymentSummary: ledger.summary,
  };
}

/** The cancellation the customer asked for (their account or the Manage link), with the calendar's cancellation. */
export async function mailSelfServiceCancellation(
  ctx: AppContext,
  view: BookingView,
  refunded: boolean,
  creditReturned = false,
  lateFee?: { feeCents: number; refundedCents: number },
): Promise<void> {
  await mailCustomer(
    ctx,
    view,
    (t, language) => ({
      subject: t('cancelled.subject', { service: view.serviceName }),
      paragraphs: [
        view.user?.fullName ? t('greeting', { name: view.user.fullName }) : view.guestName ? t('greeting', { name: view.guestName }) : t('greetingNoName'),
        t('cancelled.body', { number: bookingNumber(view.id), service: view.serviceName, when: whenText(t, language, view.scheduledDate) }),
        // A late cancellation kept its fee (decision 057): the mail says so, not that everything went back.
        lateFee && lateFee.feeCents > 0
          ? t('cancelled.lateFee', { fee: formatMailMoney(language, lateFee.feeCents), refund: formatMailMoney(language, lateFee.refundedCents) })
          : refunded ? t('cancelled.refunded', { total: formatMailMoney(language, toCents(view.totalAmount)) }) : creditReturned ? t('cancelled.creditReturned') : t('cancelled.nothingCharged'),
      ],
    }),
    [await cancellationIcs(ctx, view)],
  );
}

/** The new time the customer chose (their account or the Manage link), with the moved calendar event. */
export async function mailSelfServiceMove(ctx: AppContext, view: BookingView, sequence: number): Promise<void> {
  await mailCustomer(
    ctx,
    view,
    (t, language) => ({
      subject: t('rescheduled.subject', { service: view.serviceName }),
      paragraphs: [
        view.user?.fullName ? t('greeting', { name: view.user.fullName }) : view.guestName ? t('greeting', { name: view.guestName }) : t('greetingNoName'),
        t('rescheduled.body', { number: bookingNumber(view.id), service: view.serviceName, when: whenText(t, language, view.scheduledDate) }),
        t('rescheduled.calendar'),
      ],
    }),
    // A guest's calendar event links to the tracking page with their kept token, like the mail's button.
    [{ filename: `booking-${bookingNumber(view.id)}.ics`, contentType: 'text/calendar; charset=utf-8; method=PUBLISH', content: bookingIcs(ctx, view, sequence, view.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, view.id)) }],
  );
}

/**
 * The configured provider, with the built-in test provider bound to the transaction: its intents live in
 * our own database, and on PGlite (one connection) a second connection-less query would wait for the
 * transaction forever. Stripe is a network call and needs nothing of the sort.
 */
/** Booking mail the customer asked for (a cancellation or a new time): transactional, so it always goes. */
async function mailCustomer(
  ctx: AppContext,
  view: BookingView,
  write: (t: MailTranslate, language: Language) => { subject: string; paragraphs: string[] },
  attachments?: Array<{ filename: string; contentType: string; content: string }>,
) {
  const to = view.user?.email ?? view.guestEmail;
  if (!to) return;
  // A guest's mail is written in the language they booked in, and its button tracks the booking with their token.
  const { language, t } = await bookingMailTexts(ctx, view);
  const { subject, paragraphs } = write(t, language);
  const action = view.userId
    ? { label: t('bookings.action'), url: `${ctx.config.publicUrl}/bookings` }
    : { label: t('track.action'), url: trackingUrl(ctx, view.id, await bookingVerbs(ctx).peekGuestLink(ctx.db, view.id)) };
  const mail = renderMail(ctx.config.business.name, subject, paragraphs, action);
  await ctx.mailer.send({ to, ...mail, attachments, category: 'transactional', userId: view.userId });
}

/**
 * The updated calendar file: the confirmation's event (same UID, same Pacific-time format) with a higher
 * SEQUENCE, so calendars move the event instead of adding a second one.
 */
export function bookingIcs(ctx: AppContext, view: BookingView, sequence: number, guestToken?: string): string {
  const start = new Date(view.scheduledDate);
  const link = trackingUrl(ctx, view.id, guestToken);
  const ics = buildIcs(
    {
      uid: bookingEventUid(ctx, view.id),
      start,
      end: new Date(start.getTime() + view.durationMinutes * 60_000),
      stamp: ctx.now(),
      summary: `${ctx.config.business.name}: ${view.serviceName}`,
      description: `Booking #${bookingNumber(view.id)}, rescheduled. Track it: ${link}`,
      location: view.address ? `${view.address.street}, ${view.address.city}, ${view.address.state} ${view.address.zipCode}` : ctx.config.business.address,
      url: link,
    },
    ctx.config.business.name,
  );
  return ics.replace(/^(UID:[^\r\n]*)/m, `$1\r\nSEQUENCE:${sequence}`);
}
