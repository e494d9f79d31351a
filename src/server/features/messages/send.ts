import { bookingNumber } from '../../../shared/format';
import { TIME_ZONE } from '../../../shared/constants';
import type { Language } from '../../../shared/domain';
import { toCents } from '../../../shared/money';
import { outsideQuietHours, REMINDER_KINDS, reminderPlan, URGENT_KINDS } from '../../../shared/message-rules';
import type { BusinessSettings } from '../../../shared/schemas/business-settings';
import type { BookingView } from '../../../shared/schemas/bookings';
import type { MessageKind, ShortLinkPurpose } from '../../../shared/schemas/messages';
import type { AppContext } from '../../context';
import type { Database } from '../../db/client';
import { formatMailClock, formatMailDateTime, formatMailMoney } from '../../integrations/mail/mail-texts';
import { latestWeatherOffer } from './weather.repository';
import { weatherOfferOpen, weatherUrl } from './weather.service';
import { renderMail } from '../../integrations/mail/templates';
import { smsText } from '../../integrations/sms/sms';
import { bookingVerbs, findBookingView, manageUrl, PAY_LINK_DAYS, payUrl } from '../bookings';
import { etaFor, findTrackingFacts, TRACKING_TOKEN_TTL_DAYS } from '../tracking';
import { readBusinessSettings } from '../settings';
import { dueMessageIds, lockDueMessage, markSent, markSkipped, optedOut, postpone, type MessageRow } from './messages.repository';
import { driverNoteText, recipientOf, recipientTrackingUrl, rateUrl, type Recipient } from './recipient';
import { messageTexts } from './texts';
import { shortUrl } from './short-links';

/** A failed send is tried again after 1, 2, 4 and 8 minutes, then left failed for the office to see. */
export const MAX_ATTEMPTS = 5;
const retryDelayMs = (attempts: number) => 60_000 * 2 ** (attempts - 1);
const BATCH = 100;
const REVIEW_LINK_DAYS = 30;
const DAY = 86_400_000;

export const SEND_MESSAGES_JOB = 'customer-messages.send';

type Outcome = { sent: true } | { skipped: string } | { later: Date };

/**
 * Sends what is due at the app's clock (of one booking after its change, or all of them from the job every
 * minute). Each message is taken `for update skip locked` in its own transaction, which also writes its
 * mail outbox row and its state, so two instances never send one message twice to the outbox; a text sent
 * through Twilio whose transaction then fails may go again (at least once).
 */
export async function sendDueMessages(ctx: AppContext, options: { bookingId?: string } = {}): Promise<{ sent: number; skipped: number; retried: number }> {
  const report = { sent: 0, skipped: 0, retried: 0 };
  const ids = await dueMessageIds(ctx.db, ctx.now(), { bookingId: options.bookingId, limit: BATCH });
  for (const id of ids) {
    const outcome = await ctx.db.transaction(async (tx) => {
      const now = ctx.now();
      const row = await lockDueMessage(tx, id, now);
      if (!row) return null;
      const inTx: AppContext = { ...ctx, db: tx as Database, mailer: ctx.mailer.using(tx) };
      try {
        const result = await deliver(inTx, row);
        if ('sent' in result) await markSent(tx, row.id, row.attempts + 1, now);
        else if ('skipped' in result) await markSkipped(tx, row.id, result.skipped, now);
        else await postpone(tx, row.id, { dueAt: result.later }, now);
        return result;
      } catch (error) {
        const attempts = row.attempts + 1;
        const message = error instanceof Error ? error.message : String(error);
        await postpone(tx, row.id, { dueAt: new Date(now.getTime() + retryDelayMs(attempts)), attempts, lastError: message, failed: attempts >= MAX_ATTEMPTS }, now);
        return { retried: true } as const;
      }
    });
    if (!outcome) continue;
    if ('sent' in outcome) report.sent += 1;
    else if ('skipped' in outcome) report.skipped += 1;
    else if ('retried' in outcome) report.retried += 1;
  }
  return report;
}

/** Why a message no longer applies to its booking, or null when it still does. */
function staleReason(kind: MessageKind, view: BookingView, now: Date, reminderSettings: BusinessSettings['reminders']): string | null {
  if (view.status === 'cancelled') return 'booking cancelled';
  const plan = reminderPlan(reminderSettings).filter((r) => r.hoursBefore > 0);
  const reminder = (REMINDER_KINDS as readonly MessageKind[]).includes(kind) ? (plan.find((r) => r.kind === kind) ?? { hoursBefore: Infinity }) : undefined;
  if (reminder) {
    if (view.status === 'completed') return 'booking completed';
    // Sent late (the job or Twilio was down): a reminder a shorter one has overtaken says the wrong thing.
    const start = new Date(view.scheduledDate).getTime();
    if (plan.some((r) => r.hoursBefore < reminder.hoursBefore && start - r.hoursBefore * 3_600_000 <= now.getTime())) return 'overtaken by a later reminder';
    if (start <= now.getTime()) return 'booking started';
  }
  if (kind === 'payment_reminder' && view.paymentStatus !== 'link_sent') return 'already paid';
  if (kind === 'review_request' && view.rating !== null) return 'already rated';
  return null;
}

async function deliver(ctx: AppContext, row: MessageRow): Promise<Outcome> {
  const view = await findBookingView(ctx.db, row.bookingId);
  if (!view) return { skipped: 'booking gone' };
  const { reminders } = await readBusinessSettings(ctx.db, ['reminders']);
  const stale = staleReason(row.kind, view, ctx.now(), reminders);
  if (stale) return { skipped: stale };
  if (row.kind === 'weather_offer' && !(await weatherOfferOpen(ctx, view.id, view))) return { skipped: 'offer no longer open' };
  const recipient = await recipientOf(ctx, view);
  if (row.channel === 'email') {
    if (!recipient.email) return { skipped: 'no e-mail address' };
    if (!recipient.wantsEmail) return { skipped: 'e-mail notifications off' };
  } else {
    if (!recipient.phone) return { skipped: 'no mobile number' };
    if (!recipient.wantsSms) return { skipped: 'texts off in settings' };
    if (await optedOut(ctx.db, recipient.phone)) return { skipped: 'replied STOP' };
    if (!URGENT_KINDS.has(row.kind)) {
      const now = ctx.now();
      const allowed = outsideQuietHours(now);
      if (allowed.getTime() > now.getTime()) {
        if ((REMINDER_KINDS as readonly string[]).includes(row.kind) && allowed.getTime() >= new Date(view.scheduledDate).getTime()) return { skipped: 'quiet hours until the start' };
        return { later: allowed };
      }
    }
  }
  const content = await compose(ctx, row, view, recipient);
  if (!content) return { skipped: 'nothing to say' };
  if (row.channel === 'sms') {
    // A text carries the short link (decision 070), so it fits one segment; an e-mail keeps the full link.
    const link = content.smsHasLink ? await shortUrl(ctx, { bookingId: view.id, ...content.link }) : content.link.url;
    await ctx.sms.send(ctx.db, { to: recipient.phone!, body: smsText(content.sms(link)) });
  } else {
    const mail = renderMail(ctx.config.business.name, content.subject, content.paragraphs, content.action);
    await ctx.mailer.send({ to: recipient.email!, ...mail, category: 'notification', userId: view.userId });
  }
  return { sent: true };
}

/** "Thursday, June 4" in the recipient's language, on the business's clock (short enough for a text). */
const formatMailDay = (language: Language, instant: Date) =>
  new Intl.DateTimeFormat(language === 'en' ? 'en-US' : language, { timeZone: TIME_ZONE, weekday: 'long', month: 'long', day: 'numeric' }).format(instant);

interface Composed {
  /** The text with the given link (the short one) in it. */
  sms: (link: string) => string;
  smsHasLink: boolean;
  /** The message's link, what it opens and when it stops working (a short link for it ends no later). */
  link: { url: string; purpose: ShortLinkPurpose; expiresAt: Date };
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string };
}

/** The message's words in the recipient's language, with the link that works for them. */
async function compose(ctx: AppContext, row: MessageRow, view: BookingView, recipient: Recipient): Promise<Composed | null> {
  const { language } = recipient;
  const start = new Date(view.scheduledDate);
  const texts = messageTexts(language);
  const params: Record<string, string> = {
    business: ctx.config.business.name,
    service: view.serviceName,
    when: formatMailDateTime(language, start),
    time: formatMailClock(language, start),
    number: bookingNumber(view.id),
    driver: view.driver?.fullName.split(' ')[0] ?? ctx.config.business.name,
  };
  const manage = await manageUrl(ctx, view.id, start);
  const tracking = async (): Promise<Composed['link']> => ({ url: await recipientTrackingUrl(ctx, view), purpose: 'tracking', expiresAt: new Date(start.getTime() + TRACKING_TOKEN_TTL_DAYS * DAY) });
  let link: Composed['link'];
  switch (row.kind) {
    case 'reminder_24h':
      link = { url: manage, purpose: 'manage', expiresAt: start };
      break;
    case 'reminder_2h':
      link = await tracking();
      break;
    case 'on_my_way': {
      link = await tracking();
      const facts = await findTrackingFacts(ctx.db, view.id);
      const eta = facts ? await etaFor(ctx.db, facts, ctx.now()) : null;
      params.eta = formatMailClock(language, eta?.kind === 'arrival' ? new Date(eta.at) : start);
      break;
    }
    case 'review_request': {
      // From when the request was scheduled, not sent: a retry makes the same link (and reuses its short code).
      const expiresAt = new Date(row.createdAt.getTime() + REVIEW_LINK_DAYS * DAY);
      link = { url: await rateUrl(ctx, view.id, expiresAt), purpose: 'review', expiresAt };
      break;
    }
    case 'payment_reminder':
      link = {
        url: await payUrl(ctx, view, view.userId ? undefined : await bookingVerbs(ctx).peekGuestLink(ctx.db, view.id)),
        purpose: 'pay',
        // A guest's carries the tracking token, an account's a signed pay link: both end 30 days after the start.
        expiresAt: new Date(start.getTime() + Math.min(PAY_LINK_DAYS, TRACKING_TOKEN_TTL_DAYS) * DAY),
      };
      params.total = formatMailMoney(language, toCents(view.totalAmount));
      params.day = formatMailDay(language, start);
      break;
    case 'weather_offer': {
      const offer = await latestWeatherOffer(ctx.db, view.id);
      if (!offer) return null;
      link = { url: await weatherUrl(ctx, view.id, start), purpose: 'weather', expiresAt: start };
      params.day = formatMailDay(language, start);
      params.percent = String(offer.precipitationPercent);
      break;
    }
    case 'driver_message': {
      const text = await driverNoteText(ctx.db, view.id, row.leg);
      if (!text) return null;
      params.text = text;
      link = await tracking();
      break;
    }
  }
  const mail = texts.mail(row.kind, { ...params, name: recipient.name, phone: ctx.config.business.phone });
  // The payment reminder also offers the way out; the 24-hour reminder's button is the Manage link itself.
  const offersManage = row.kind === 'payment_reminder';
  return {
    sms: (url) => texts.sms(row.kind, { ...params, link: url }),
    smsHasLink: texts.smsHasLink(row.kind),
    link,
    subject: mail.subject,
    // The completion e-mail (the review request) also offers a tip for the technician on the tracking page (decision 058).
    paragraphs: [
      mail.greeting,
      mail.body,
      ...(offersManage ? [mail.manageLine(manage)] : []),
      ...(row.kind === 'review_request' ? [mail.tipLine(await recipientTrackingUrl(ctx, view))] : []),
      mail.questions,
    ],
    action: { label: mail.action, url: link.url },
  };
}
