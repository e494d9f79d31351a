import { bookingNumber } from '../../../shared/format';
import { toCents } from '../../../shared/money';
import { summariseLedger, type LedgerMethod } from '../../../shared/payment-ledger';
import type { AppContext } from '../../context';
import { formatMailDateTime, formatMailMoney } from '../../integrations/mail/mail-texts';
import { renderMail } from '../../integrations/mail/templates';
import { bookingMailTexts } from './mail-language';
import { findBookingView } from './bookings.repository';
import { noteOf } from './business-change-mail';
import { payUrl, trackingUrl } from './confirmation-mail';
import { settledEntries } from './ledger';
import { bookingVerbs } from './lifecycle';

/**
 * The customer's e-mails about money (decision 049): "Payment received" with its amount and what is left to
 * pay, for every payment that does not confirm the booking (the confirmation says that one); and "Refund
 * issued" with the amount and the business's reason. What is left is read from the ledger when the mail is
 * written, in the delivery's transaction.
 */
export async function emailPaymentReceived(ctx: AppContext, bookingId: string, payment: { amountCents: number; method: LedgerMethod; tip: boolean }): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
  const money = (cents: number) => formatMailMoney(language, cents);
  const summary = summariseLedger(await settledEntries(ctx.db, bookingId), toCents(booking.totalAmount));
  const name = booking.user?.fullName ?? booking.guestName;
  const guestToken = await bookingVerbs(ctx).peekGuestLink(ctx.db, bookingId);
  const mail = renderMail(
    ctx.config.business.name,
    t('paymentReceived.subject', { amount: money(payment.amountCents), service: booking.serviceName }),
    [
      name ? t('greeting', { name }) : t('greetingNoName'),
      payment.tip
        ? t('paymentReceived.tip', { amount: money(payment.amountCents) })
        : t('paymentReceived.body', { amount: money(payment.amountCents), method: t(`method.${payment.method}`), service: booking.serviceName, number: bookingNumber(booking.id) }),
      summary.balanceCents > 0 ? t('paymentReceived.left', { amount: money(summary.balanceCents) }) : t('paymentReceived.settled'),
      t('questions'),
    ],
    { label: t('track.action'), url: trackingUrl(ctx, booking.id, guestToken) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'transactional', userId: booking.userId });
}

export async function emailPaymentRefunded(ctx: AppContext, bookingId: string, refund: { amountCents: number; noteId: string | null }): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
  const amount = formatMailMoney(language, refund.amountCents);
  const reason = refund.noteId ? await noteOf(ctx, bookingId, refund.noteId) : null;
  const name = booking.user?.fullName ?? booking.guestName;
  const guestToken = await bookingVerbs(ctx).peekGuestLink(ctx.db, bookingId);
  const mail = renderMail(
    ctx.config.business.name,
    t('paymentRefunded.subject', { amount, service: booking.serviceName }),
    [
      name ? t('greeting', { name }) : t('greetingNoName'),
      t('paymentRefunded.body', { amount, service: booking.serviceName, number: bookingNumber(booking.id) }),
      ...(reason ? [t('paymentRefunded.reason', { reason })] : []),
      t('paymentRefunded.card'),
      t('questions'),
    ],
    { label: t('track.action'), url: trackingUrl(ctx, booking.id, guestToken) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'transactional', userId: booking.userId });
}

/**
 * The balance could not be charged to the deposit's card (decision 057): the customer is told what is due and
 * pays it through the pay-link page (a guest's link carries the tracking token, an account's a signed link).
 */
export async function emailBalanceFailed(ctx: AppContext, bookingId: string, amountCents: number): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
  const amount = formatMailMoney(language, amountCents);
  const name = booking.user?.fullName ?? booking.guestName;
  const guestToken = booking.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, bookingId);
  const mail = renderMail(
    ctx.config.business.name,
    t('balanceFailed.subject', { amount, service: booking.serviceName }),
    [name ? t('greeting', { name }) : t('greetingNoName'), t('balanceFailed.body', { amount, service: booking.serviceName, number: bookingNumber(booking.id) }), t('questions')],
    { label: t('balanceFailed.action'), url: await payUrl(ctx, { id: booking.id, scheduledDate: booking.scheduledDate }, guestToken) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'transactional', userId: booking.userId });
}

/**
 * The customer was marked a no-show (decision 057): the missed appointment, the fee charged under the policy
 * they agreed to, and what of their payment went back.
 */
export async function emailNoShow(ctx: AppContext, bookingId: string, money: { feeCents: number; refundedCents: number }): Promise<void> {
  const booking = await findBookingView(ctx.db, bookingId);
  const to = booking?.user?.email ?? booking?.guestEmail;
  if (!booking || !to) return;
  const { language, t } = await bookingMailTexts(ctx, booking);
  const name = booking.user?.fullName ?? booking.guestName;
  const guestToken = await bookingVerbs(ctx).peekGuestLink(ctx.db, bookingId);
  const mail = renderMail(
    ctx.config.business.name,
    t('noShow.subject', { service: booking.serviceName }),
    [
      name ? t('greeting', { name }) : t('greetingNoName'),
      t('noShow.body', { service: booking.serviceName, number: bookingNumber(booking.id), when: formatMailDateTime(language, new Date(booking.scheduledDate)) }),
      ...(money.feeCents > 0 ? [t('noShow.fee', { amount: formatMailMoney(language, money.feeCents) })] : []),
      ...(money.refundedCents > 0 ? [t('noShow.refund', { amount: formatMailMoney(language, money.refundedCents) })] : []),
      t('questions'),
    ],
    { label: t('track.action'), url: trackingUrl(ctx, booking.id, guestToken) },
  );
  await ctx.mailer.send({ to, ...mail, category: 'transactional', userId: booking.userId });
}
