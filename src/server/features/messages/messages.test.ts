import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { slotIdOf } from '../../../shared/booking-lifecycle';
import { outsideQuietHours } from '../../../shared/message-rules';
import { MESSAGE_KINDS, SHORT_LINK_CODE_LENGTH } from '../../../shared/schemas/messages';
import { pacificDateKey, pacificInstant, pacificTimeOfDay } from '../../../shared/time';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { bookings, emailOutbox, messageOutbox, shortLinks, smsConsent, smsOutbox, users } from '../../db/schema';
import { deliverBookingEvents } from '../../events/booking-events';
import { outboxSms, twilioSignature, twilioSms, smsSegments, smsText } from '../../integrations/sms/sms';
import { anyService, openDayAfter } from '../../test/account-fixtures';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard, TUESDAY } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { bookingVerbs } from '../bookings';
import { sendDueMessages } from './send';
import { scheduleMessages } from './messages.repository';
import { isOwnPath, shortUrl } from './short-links';
import { insertWeatherOffer } from './weather.repository';
import { messageTexts } from './texts';

const AUTH_TOKEN = 'twilio-test-auth-token';
const ORIGIN = 'https://book.example-detail.com';
const HOUR = 3_600_000;
let t: TestApp;
let admin: string;
let day = 3;

beforeAll(async () => {
  // A realistic public origin (31 characters), so the texts are measured as customers get them.
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC, env: { PUBLIC_URL: ORIGIN, TWILIO_ACCOUNT_SID: 'AC123', TWILIO_AUTH_TOKEN: AUTH_TOKEN, TWILIO_FROM: '+14085550199' } });
  admin = await t.login('admin@glint.local');
});
afterAll(() => t.close());
beforeEach(() => {
  // Texts are kept in the outbox here; the Twilio request itself is tested with a fake fetch below.
  t.ctx.sms = outboxSms;
});

const messagesOf = (bookingId: string) =>
  t.ctx.db.select().from(messageOutbox).where(eq(messageOutbox.bookingId, bookingId)).orderBy(asc(messageOutbox.dueAt), asc(messageOutbox.kind), asc(messageOutbox.channel));
const rowOf = async (bookingId: string, kind: string, channel: 'email' | 'sms', leg = '') =>
  (await messagesOf(bookingId)).find((m) => m.kind === kind && m.channel === channel && m.leg === leg);
const mailsTo = (to: string) => t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
const textsTo = (to: string) => t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.to, to)).orderBy(asc(smsOutbox.createdAt));

/** A phone appointment paid on site, for a new guest client (e-mail and mobile), `days` business days ahead at 10:00. */
async function appointment(email: string, phone: string, options: { date?: string; time?: string; payment?: 'on_site' | 'link'; service?: string } = {}): Promise<string> {
  const service = await anyService(t, options.service);
  // The clock moves between tests: a fresh admin session each time (admin sessions last 12 hours).
  admin = await t.login('admin@glint.local');
  const made = await t.call('POST', '/api/admin/appointments', {
    cookie: admin,
    body: { customerName: 'Rita Reminder', customerEmail: email, customerPhone: phone, serviceId: service.id, date: options.date ?? openDayAfter(t, day++), time: options.time ?? '10:00', serviceType: 'serviceLocation', payment: options.payment ?? 'on_site' },
  });
  expect(made.statusCode, made.body).toBe(201);
  return made.json().id as string;
}

const startOf = async (id: string) => (await t.ctx.db.select({ at: bookings.scheduledDate }).from(bookings).where(eq(bookings.id, id)))[0]!.at;

async function atPacific(instant: Date) {
  t.clock.now = instant.getTime();
}

/** The short link a text carries (decision 070), and where it leads. */
const shortCodeOf = (body: string) => new RegExp(`${ORIGIN}/s/([0-9A-Za-z]{${SHORT_LINK_CODE_LENGTH}})$`).exec(body)?.[1];
async function follow(body: string, ip?: string) {
  const code = shortCodeOf(body);
  expect(code, body).toBeDefined();
  return t.call('GET', `/s/${code}`, { ip });
}

describe('reminders on the app clock', () => {
  it('schedules the 24 h and 2 h reminders on both channels when a booking is confirmed, and sends each when it comes due', async () => {
    const id = await appointment('remind@example.com', '(408) 555-0111');
    const start = await startOf(id);
    const rows = await messagesOf(id);
    expect(rows.map((r) => [r.kind, r.channel, r.state, r.dueAt.toISOString()])).toEqual([
      ['reminder_24h', 'email', 'scheduled', new Date(start.getTime() - 24 * HOUR).toISOString()],
      ['reminder_24h', 'sms', 'scheduled', new Date(start.getTime() - 24 * HOUR).toISOString()],
      ['reminder_2h', 'email', 'scheduled', new Date(start.getTime() - 2 * HOUR).toISOString()],
      ['reminder_2h', 'sms', 'scheduled', new Date(start.getTime() - 2 * HOUR).toISOString()],
    ]);

    // A minute early: nothing goes.
    await atPacific(new Date(start.getTime() - 24 * HOUR - 60_000));
    expect((await sendDueMessages(t.ctx)).sent).toBe(0);
    await atPacific(new Date(start.getTime() - 24 * HOUR));
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'reminder_24h', 'email'))!.state).toBe('sent');
    expect((await rowOf(id, 'reminder_24h', 'sms'))!.state).toBe('sent');
    expect((await rowOf(id, 'reminder_2h', 'email'))!.state).toBe('scheduled');
    const mail = (await mailsTo('remind@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^Reminder: .* tomorrow at 10:00/);
    expect(mail.text).toMatch(/\/manage\?token=[\w-]+/);
    const [text] = await textsTo('+14085550111');
    expect(text!.body).toMatch(new RegExp(`^Glint: reminder, .* tomorrow at 10:00 AM\\. Change or cancel: ${ORIGIN}/s/\\w+$`));
    expect(smsSegments(text!.body)).toBe(1);
    // The short link opens the very Manage link the e-mail carries.
    const opened = await follow(text!.body);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers.location).toBe(/https:\S+\/manage\?token=[\w-]+/.exec(mail.text)![0]);

    // Run again: nothing is sent twice.
    await sendDueMessages(t.ctx);
    expect(await textsTo('+14085550111')).toHaveLength(1);
  });

  it('skips a reminder whose window had begun when the booking was made', async () => {
    const date = openDayAfter(t, day++);
    await atPacific(new Date(pacificInstant(date, '10:00').getTime() - 5 * HOUR));
    const id = await appointment('late@example.com', '(408) 555-0112', { date });
    expect((await rowOf(id, 'reminder_24h', 'email'))).toMatchObject({ state: 'skipped', lastError: 'booked inside the reminder window' });
    expect((await rowOf(id, 'reminder_2h', 'email'))!.state).toBe('scheduled');
  });

  it('moves the reminders when the booking is rescheduled and drops them when it is cancelled', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('moving@example.com', '(408) 555-0113');
    const newDate = openDayAfter(t, day + 3);
    const slot = `${newDate}T11:00`;
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).change(tx, id, { role: 'admin' }, { slotId: slot, by: 'admin' }));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    const start = await startOf(id);
    expect(slotIdOf({ scheduledDate: start, businessDate: pacificDateKey(start) })).toBe(slot);
    for (const row of await messagesOf(id)) {
      const hours = row.kind === 'reminder_24h' ? 24 : 2;
      expect(row.dueAt.toISOString()).toBe(new Date(start.getTime() - hours * HOUR).toISOString());
      expect(row.state).toBe('scheduled');
    }

    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).cancel(tx, id, { role: 'admin' }));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    const rows = await messagesOf(id);
    expect(rows.map((r) => [r.state, r.lastError])).toEqual(Array(4).fill(['skipped', 'booking cancelled']));
    await atPacific(new Date(start.getTime() - 2 * HOUR));
    await sendDueMessages(t.ctx);
    expect(await textsTo('+14085550113')).toHaveLength(0);
  });
});

describe('reminder times from the business settings', () => {
  it('schedules by the saved hours (0 switches one off) for bookings confirmed afterwards; those before keep their times', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const before = await appointment('settings-before@example.com', '(408) 555-0121');
    const beforeStart = await startOf(before);
    const saved = await t.call('PUT', '/api/admin/business-settings/reminders', { cookie: admin, body: { firstHoursBefore: 48, secondHoursBefore: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().reminders).toEqual({ firstHoursBefore: 48, secondHoursBefore: 0 });
    expect((await t.call('PUT', '/api/admin/business-settings/reminders', { cookie: admin, body: { firstHoursBefore: -1, secondHoursBefore: 2 } })).statusCode).toBe(400);
    try {
      const after = await appointment('settings-after@example.com', '(408) 555-0122');
      const start = await startOf(after);
      expect((await rowOf(after, 'reminder_24h', 'sms'))).toMatchObject({ state: 'scheduled', dueAt: new Date(start.getTime() - 48 * HOUR) });
      expect((await rowOf(after, 'reminder_2h', 'email'))).toMatchObject({ state: 'skipped', lastError: 'switched off in settings' });
      expect((await rowOf(before, 'reminder_24h', 'email'))).toMatchObject({ state: 'scheduled', dueAt: new Date(beforeStart.getTime() - 24 * HOUR) });
      expect((await rowOf(before, 'reminder_2h', 'email'))).toMatchObject({ state: 'scheduled', dueAt: new Date(beforeStart.getTime() - 2 * HOUR) });

      await atPacific(new Date(start.getTime() - 48 * HOUR));
      await sendDueMessages(t.ctx);
      expect((await rowOf(after, 'reminder_24h', 'email'))!.state).toBe('sent');
    } finally {
      admin = await t.login('admin@glint.local');
      await t.call('PUT', '/api/admin/business-settings/reminders', { cookie: admin, body: { firstHoursBefore: 24, secondHoursBefore: 2 } });
    }
  });
});

describe('quiet hours and consent', () => {
  it('holds a non-urgent text until 8:00 Pacific, while its e-mail goes at once', async () => {
    expect(pacificTimeOfDay(outsideQuietHours(pacificInstant('2026-06-02', '21:30')))).toBe('08:00');
    expect(pacificDateKey(outsideQuietHours(pacificInstant('2026-06-02', '21:30')))).toBe('2026-06-03');
    expect(pacificDateKey(outsideQuietHours(pacificInstant('2026-06-03', '06:59')))).toBe('2026-06-03');
    expect(outsideQuietHours(pacificInstant('2026-06-03', '20:59')).toISOString()).toBe(pacificInstant('2026-06-03', '20:59').toISOString());

    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const date = openDayAfter(t, day++);
    const id = await appointment('quiet@example.com', '(408) 555-0114', { date });
    // Completed at 19:30: the review request is due at 21:30, inside the quiet night.
    await atPacific(pacificInstant(date, '19:30'));
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, 'completed', null));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    await atPacific(pacificInstant(date, '21:30'));
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'review_request', 'email'))!.state).toBe('sent');
    const text = (await rowOf(id, 'review_request', 'sms'))!;
    expect(text.state).toBe('scheduled');
    expect(pacificTimeOfDay(text.dueAt)).toBe('08:00');
    const mail = (await mailsTo('quiet@example.com')).at(-1)!;
    expect(mail.text).toMatch(/\/rate\?token=[\w-]+/);
    // The completion e-mail offers a tip for the technician on the tracking page (decision 058).
    expect(mail.text).toMatch(new RegExp(`Leave a tip for .*/tracking\\?bookingId=${id}`));
    await atPacific(text.dueAt);
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'review_request', 'sms'))!.state).toBe('sent');
  });

  it('sends texts to an account only when its settings say so, e-mail unless it is switched off', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const { user } = await t.createUser({ email: 'settings@example.com', phone: '+14085550115' });
    const id = await appointment('settings@example.com', '(408) 555-0115');
    const start = await startOf(id);
    await atPacific(new Date(start.getTime() - 24 * HOUR));
    await sendDueMessages(t.ctx);
    const booking = (await t.ctx.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, id)))[0]!;
    expect(booking.userId).toBe(user.id);
    expect(await rowOf(id, 'reminder_24h', 'sms')).toMatchObject({ state: 'skipped', lastError: 'texts off in settings' });
    expect((await rowOf(id, 'reminder_24h', 'email'))!.state).toBe('sent');

    await t.ctx.db.update(users).set({ settings: { smsNotifications: true, emailNotifications: false, language: 'fr' } }).where(eq(users.id, user.id));
    await atPacific(new Date(start.getTime() - 2 * HOUR));
    await sendDueMessages(t.ctx);
    expect(await rowOf(id, 'reminder_2h', 'email')).toMatchObject({ state: 'skipped', lastError: 'e-mail notifications off' });
    expect((await rowOf(id, 'reminder_2h', 'sms'))!.state).toBe('sent');
    // In the account's language, in one GSM segment.
    const [text] = await textsTo('+14085550115');
    expect(text!.body).toMatch(/^Glint : à bientot, .* aujourd'hui à 10:00/);
    expect(smsSegments(text!.body)).toBe(1);
  });

  it('STOP with a valid Twilio signature turns a number’s texts off, START on again; a forged signature changes nothing', async () => {
    const url = `${t.config.publicUrl}/api/webhooks/twilio`;
    const post = (params: Record<string, string>, signature: string) =>
      t.call('POST', '/api/webhooks/twilio', { headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature }, body: new URLSearchParams(params).toString() });
    const stop = { From: '+14085550116', Body: 'STOP', MessageSid: 'SM1', AccountSid: 'AC123' };

    const forged = await post(stop, twilioSignature('not-the-token', url, stop));
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe('SMS_WEBHOOK_UNVERIFIED');
    expect(await t.ctx.db.select().from(smsConsent).where(eq(smsConsent.phone, '+14085550116'))).toHaveLength(0);
    // A valid signature over other parameters does not pass either.
    expect((await post({ ...stop, Body: 'START' }, twilioSignature(AUTH_TOKEN, url, stop))).statusCode).toBe(401);

    const ok = await post(stop, twilioSignature(AUTH_TOKEN, url, stop));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['content-type']).toMatch(/text\/xml/);
    expect((await t.ctx.db.select().from(smsConsent).where(eq(smsConsent.phone, '+14085550116')))[0]!.optedOut).toBe(true);

    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('stop@example.com', '(408) 555-0116');
    await atPacific(new Date((await startOf(id)).getTime() - 24 * HOUR));
    await sendDueMessages(t.ctx);
    expect(await rowOf(id, 'reminder_24h', 'sms')).toMatchObject({ state: 'skipped', lastError: 'replied STOP' });

    const start = { ...stop, Body: 'start' };
    expect((await post(start, twilioSignature(AUTH_TOKEN, url, start))).statusCode).toBe(200);
    expect((await t.ctx.db.select().from(smsConsent).where(eq(smsConsent.phone, '+14085550116')))[0]!.optedOut).toBe(false);
    await atPacific(new Date((await startOf(id)).getTime() - 2 * HOUR));
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'reminder_2h', 'sms'))!.state).toBe('sent');
  });

  it('sends through Twilio’s REST API with the account’s Basic auth and a form body, and retries a refusal', async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    let answer = { status: 201, body: { sid: 'SM42' } as object };
    const fakeFetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { 'content-type': 'application/json' } });
    }) as unknown as typeof fetch;
    const sender = twilioSms({ accountSid: 'AC123', authToken: AUTH_TOKEN, from: '+14085550199' }, fakeFetch);
    await sender.send(t.ctx.db, { to: '+14085550117', body: 'Glint: hello' });
    expect(calls[0]!.url).toBe('https://api.twilio.com/2010-04-01/Accounts/AC123/Messages.json');
    expect(calls[0]!.init.method).toBe('POST');
    const headers = calls[0]!.init.headers as Record<string, string>;
    expect(headers.authorization).toBe(`Basic ${Buffer.from(`AC123:${AUTH_TOKEN}`).toString('base64')}`);
    expect(headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(String(calls[0]!.init.body)))).toEqual({ To: '+14085550117', From: '+14085550199', Body: 'Glint: hello' });
    expect((await textsTo('+14085550117'))[0]).toMatchObject({ status: 'sent', providerId: 'SM42' });

    // Twilio refuses: the message waits and is tried again, its error kept for the office.
    answer = { status: 400, body: { code: 21211, message: "The 'To' number is not a valid phone number." } };
    t.ctx.sms = sender;
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('refused@example.com', '(408) 555-0118');
    await atPacific(new Date((await startOf(id)).getTime() - 24 * HOUR));
    await sendDueMessages(t.ctx);
    const row = (await rowOf(id, 'reminder_24h', 'sms'))!;
    expect(row).toMatchObject({ state: 'scheduled', attempts: 1 });
    expect(row.lastError).toMatch(/21211/);
    expect(row.dueAt.getTime()).toBe(t.clock.now + 60_000);
  });

  it('writes texts to fit one GSM segment: accents without a GSM form lose them', () => {
    expect(smsText('Réservation à 10:00 — “ça” marche')).toBe('Réservation à 10:00 - "ca" marche');
    expect(smsSegments('a'.repeat(160))).toBe(1);
    expect(smsSegments('a'.repeat(161))).toBe(2);
    expect(smsSegments('ç'.repeat(70))).toBe(1);
  });
});

describe('on my way', () => {
  it('goes once per leg when the job goes en route, at once, with the guest’s tracking link; a repeat within 5 minutes is skipped', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('onmyway@example.com', '(408) 555-0119', { date: pacificDateKey(new Date(MONDAY_9AM_PACIFIC + 24 * HOUR)), time: '14:00' });
    const setStatus = async (status: 'en_route_service' | 'confirmed' | 'en_route_return') => {
      await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, status, null));
      await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    };
    await atPacific(new Date(MONDAY_9AM_PACIFIC + 27 * HOUR));
    await setStatus('en_route_service');
    expect((await rowOf(id, 'on_my_way', 'email', 'en_route_service'))!.state).toBe('sent');
    expect((await rowOf(id, 'on_my_way', 'sms', 'en_route_service'))!.state).toBe('sent');
    const onTheWay = async () => (await textsTo('+14085550119')).filter((m) => m.body.includes('is on the way'));
    const [text] = await onTheWay();
    expect(text!.body).toMatch(new RegExp(`is on the way, ETA .*Track: ${ORIGIN}/s/\\w+$`));
    // The short link opens the guest's tracking link (with their token), which the tracking page accepts.
    const location = (await follow(text!.body)).headers.location as string;
    expect(location).toMatch(new RegExp(`^${ORIGIN}/tracking\\?bookingId=${id}&token=[\\w-]+$`));
    const token = new URL(location).searchParams.get('token')!;
    expect((await t.call('GET', `/api/bookings/guest/${id}?token=${token}`)).statusCode).toBe(200);

    // Back and forth on the same leg: still one message.
    await setStatus('confirmed');
    await setStatus('en_route_service');
    // Another leg two minutes later: a repeat, skipped.
    t.clock.advance(2 * 60_000);
    await setStatus('en_route_return');
    expect(await rowOf(id, 'on_my_way', 'sms', 'en_route_return')).toMatchObject({ state: 'skipped', lastError: 'repeat within 5 minutes' });
    expect(await onTheWay()).toHaveLength(1);
  });
});

describe("the driver's message", () => {
  it('goes to the customer through the outbox, at once, on both channels, once per note', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('note@example.com', '(408) 555-0127');
    const { user: adminUser } = await t.createUser({ role: 'admin' });
    const note = await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).postDriverNote(tx, id, { role: 'admin', userId: adminUser.id }, 'Gate code please?'));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    expect((await rowOf(id, 'driver_message', 'email', note.id))!.state).toBe('sent');
    expect((await rowOf(id, 'driver_message', 'sms', note.id))!.state).toBe('sent');
    expect((await textsTo('+14085550127'))[0]!.body).toContain('Gate code please?');
    expect((await mailsTo('note@example.com')).at(-1)!.text).toContain('Gate code please?');
  });
});

describe('the payment reminder', () => {
  it('reminds an unpaid phone appointment a day after its link, with the pay link on both channels; one paid meanwhile is not reminded', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('payme@example.com', '(408) 555-0128', { payment: 'link' });
    const due = new Date(Math.min(MONDAY_9AM_PACIFIC + 24 * HOUR, (await startOf(id)).getTime() - 24 * HOUR));
    expect(await rowOf(id, 'payment_reminder', 'email')).toMatchObject({ state: 'scheduled', dueAt: due });
    expect(await rowOf(id, 'payment_reminder', 'sms')).toMatchObject({ state: 'scheduled', dueAt: due });

    // Another, paid through its link before the reminder is due.
    const paidId = await appointment('paid-link@example.com', '(408) 555-0129', { payment: 'link' });
    const payLink = new URL(/https?:\/\/\S+\/pay\?\S+/.exec((await mailsTo('paid-link@example.com')).at(-1)!.text)![0]);
    const paid = await payWithTestCard(t, { id: paidId, trackingToken: payLink.searchParams.get('token')! });
    expect(paid.card.statusCode, paid.card.body).toBe(200);

    await atPacific(new Date(due.getTime() - 60_000));
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'payment_reminder', 'email'))!.state).toBe('scheduled');
    await atPacific(new Date(Math.max(due.getTime(), (await rowOf(paidId, 'payment_reminder', 'email'))!.dueAt.getTime())));
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'payment_reminder', 'email'))!.state).toBe('sent');
    expect((await rowOf(id, 'payment_reminder', 'sms'))!.state).toBe('sent');
    const mail = (await mailsTo('payme@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^Payment due: /);
    expect(mail.text).toMatch(new RegExp(`/pay\\?bookingId=${id}&token=[\\w-]+`));
    // The way out is offered too: the Manage link.
    expect(mail.text).toMatch(/\/manage\?token=[\w-]+/);
    const text = (await textsTo('+14085550128')).find((m) => m.body.includes('Pay by card'))!;
    expect(text.body).toMatch(new RegExp(`^Glint: \\$[\\d.,]+ is due for your .* Pay by card: ${ORIGIN}/s/\\w+$`));
    expect((await follow(text.body)).headers.location).toBe(/https:\S+\/pay\?bookingId=\S+/.exec(mail.text)![0]);
    expect(await rowOf(paidId, 'payment_reminder', 'email')).toMatchObject({ state: 'skipped', lastError: 'already paid' });
    expect(await rowOf(paidId, 'payment_reminder', 'sms')).toMatchObject({ state: 'skipped', lastError: 'already paid' });
  });
});

describe('Manage booking links', () => {
  it('lets a guest cancel from the confirmation’s Manage link, and the cancellation e-mail removes the calendar event', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const booked = await bookAsGuest(t, { guestEmail: 'manage@example.com', guestPhone: '4085550120', language: 'es' });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json();
    await payWithTestCard(t, booking);
    const confirmation = (await mailsTo('manage@example.com')).find((m) => m.attachments.length)!;
    const token = /\/manage\?token=([\w-]+)/.exec(confirmation.text)![1]!;
    const uid = /UID:(.*)\r\n/.exec(confirmation.attachments[0]!.content)![1];

    // The guest's reminders are in Spanish, the language they booked in.
    const reminder = await rowOf(booking.id, 'reminder_24h', 'email');
    expect(reminder!.state).toBe('scheduled');

    const seen = await t.call('GET', `/api/manage/${token}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ id: booking.id, status: 'confirmed', selfServiceBlock: null });
    const cancelled = await t.call('POST', `/api/manage/${token}/cancel`);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ refunded: true, booking: { status: 'cancelled', selfServiceBlock: 'status' } });

    const mail = (await mailsTo('manage@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/cancelad/i);
    const ics = mail.attachments[0]!;
    expect(ics.contentType).toContain('method=CANCEL');
    expect(ics.content).toContain('METHOD:CANCEL');
    expect(ics.content).toContain('STATUS:CANCELLED');
    expect(ics.content).toContain(`UID:${uid}`);
    expect(mail.text).toMatch(/\/tracking\?bookingId=.*&token=/);
    expect((await messagesOf(booking.id)).every((m) => m.state === 'skipped')).toBe(true);
    // Once cancelled, the link cannot cancel again.
    expect((await t.call('POST', `/api/manage/${token}/cancel`)).json().code).toBe('SELF_SERVICE_CLOSED');
  });

  it('lets a guest reschedule from the Manage link to a free start of their job, within the policy; reminders and the e-mail follow', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const date = openDayAfter(t, day + 5);
    const booked = await bookAsGuest(t, { guestEmail: 'move-manage@example.com', guestPhone: '4085550130', slotId: `${date}T10:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    const booking = booked.json();
    await payWithTestCard(t, booking);
    const confirmation = (await mailsTo('move-manage@example.com')).find((m) => m.attachments.length)!;
    const token = /\/manage\?token=([\w-]+)/.exec(confirmation.text)![1]!;
    const uid = /UID:(.*)\r\n/.exec(confirmation.attachments[0]!.content)![1];

    // The day's free starts for this job, without the start it already has.
    const slots = await t.call('GET', `/api/manage/${token}/slots?date=${date}`);
    expect(slots.statusCode, slots.body).toBe(200);
    const ids = (slots.json() as { id: string; availableCapacity: number }[]).map((slot) => slot.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids).not.toContain(`${date}T10:00`);
    expect(ids.every((id) => id.startsWith(date))).toBe(true);
    // A token of another purpose opens no slots.
    const review = signLink(await linkSecret(t.ctx.db), { bookingId: booking.id, purpose: 'review', expiresAt: new Date(t.clock.now + 30 * 24 * HOUR) });
    expect((await t.call('GET', `/api/manage/${review}/slots?date=${date}`)).json()).toMatchObject({ code: 'MESSAGE_LINK_INVALID' });
    expect((await t.call('POST', `/api/manage/${review}/reschedule`, { body: { slotId: ids[0] } })).statusCode).toBe(403);

    const target = ids.at(-1)!;
    const moved = await t.call('POST', `/api/manage/${token}/reschedule`, { body: { slotId: target } });
    expect(moved.statusCode, moved.body).toBe(200);
    const start = await startOf(booking.id);
    expect(slotIdOf({ scheduledDate: start, businessDate: pacificDateKey(start) })).toBe(target);
    expect(moved.json().booking.scheduledDate).toBe(start.toISOString());
    expect((await rowOf(booking.id, 'reminder_24h', 'sms'))).toMatchObject({ state: 'scheduled', dueAt: new Date(start.getTime() - 24 * HOUR) });
    expect((await rowOf(booking.id, 'reminder_2h', 'email'))).toMatchObject({ state: 'scheduled', dueAt: new Date(start.getTime() - 2 * HOUR) });

    // The reschedule e-mail: the guest's links carry their token, the calendar file moves the same event.
    const mail = (await mailsTo('move-manage@example.com')).at(-1)!;
    expect(mail.text).toMatch(/\/tracking\?bookingId=.*&token=/);
    expect(mail.attachments[0]!.content).toContain(`UID:${uid}`);
    expect(mail.attachments[0]!.content).toMatch(/SEQUENCE:1\r\n/);
    // The moved event's link (unfolded) opens the guest's tracking page with their token too.
    const guestToken = /\/tracking\?bookingId=[\w-]+&token=([\w-]+)/.exec(mail.text)![1]!;
    const unfolded = mail.attachments[0]!.content.replace(/\r\n[ \t]/g, '');
    expect(unfolded).toMatch(new RegExp(`^URL:.*/tracking\\?bookingId=${booking.id}&token=${guestToken}`, 'm'));

    // The self-service rule: not inside 24 hours of the start.
    await atPacific(new Date(start.getTime() - 23 * HOUR));
    const late = await t.call('POST', `/api/manage/${token}/reschedule`, { body: { slotId: ids[0] } });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'SELF_SERVICE_CLOSED' });
  });

  it('refuses a link of another purpose, an altered one and an expired one', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('tokens@example.com', '(408) 555-0121');
    const secret = await linkSecret(t.ctx.db);
    const start = await startOf(id);
    const review = signLink(secret, { bookingId: id, purpose: 'review', expiresAt: start });
    const wrong = await t.call('POST', `/api/manage/${review}/cancel`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'MESSAGE_LINK_INVALID', params: { reason: 'wrong_purpose' } });

    const manage = signLink(secret, { bookingId: id, purpose: 'manage', expiresAt: start });
    const altered = manage.slice(0, 5) + (manage[5] === 'A' ? 'B' : 'A') + manage.slice(6);
    expect((await t.call('GET', `/api/manage/${altered}`)).json()).toMatchObject({ code: 'MESSAGE_LINK_INVALID', params: { reason: 'invalid' } });
    expect((await t.call('GET', '/api/manage/not-a-token')).statusCode).toBe(400);

    const short = signLink(secret, { bookingId: id, purpose: 'manage', expiresAt: new Date(t.clock.now + 60_000) });
    t.clock.advance(61_000);
    const expired = await t.call('POST', `/api/manage/${short}/cancel`);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().code).toBe('MESSAGE_LINK_EXPIRED');
    expect((await t.ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, id)))[0]!.status).toBe('confirmed');
  });

  it('refuses a cancel inside 2 hours of the start, as the account’s pages do, and a move inside 24', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('toolate@example.com', '(408) 555-0122');
    const start = await startOf(id);
    const manage = signLink(await linkSecret(t.ctx.db), { bookingId: id, purpose: 'manage', expiresAt: start });
    await atPacific(new Date(start.getTime() - 23 * HOUR));
    expect((await t.call('GET', `/api/manage/${manage}`)).json()).toMatchObject({ selfServiceBlock: 'too_late', cancelBlock: null });
    await atPacific(new Date(start.getTime() - 90 * 60_000));
    const refused = await t.call('POST', `/api/manage/${manage}/cancel`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'SELF_SERVICE_CLOSED', params: { reason: 'too_late' } });
  });

  it('rates a completed booking in one tap through the review link, once', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('rate@example.com', '(408) 555-0123');
    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).setStatus(tx, id, { role: 'admin' }, 'completed', null));
    const token = signLink(await linkSecret(t.ctx.db), { bookingId: id, purpose: 'review', expiresAt: new Date(t.clock.now + 24 * HOUR) });
    expect((await t.call('GET', `/api/rate/${token}`)).json()).toMatchObject({ rating: null });
    const rated = await t.call('POST', `/api/rate/${token}`, { body: { rating: 5 } });
    expect(rated.statusCode, rated.body).toBe(200);
    expect((await t.call('POST', `/api/rate/${token}`, { body: { rating: 1 } })).json().code).toBe('ALREADY_REVIEWED');
    expect((await t.call('POST', `/api/rate/${token}`, { body: { rating: 9 } })).statusCode).toBe(400);
  });
});

describe('the back office', () => {
  it('shows a booking’s scheduled messages, a page at a time, to the admin only', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('office@example.com', '(408) 555-0124');
    const page = await t.call('GET', `/api/admin/bookings/${id}/messages?pageSize=3`, { cookie: admin });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page.json().items[0]).toMatchObject({ kind: 'reminder_24h', channel: 'email', state: 'scheduled' });
    const customer = await t.createUser();
    expect((await t.call('GET', `/api/admin/bookings/${id}/messages`, { cookie: customer.cookie })).statusCode).toBe(403);
    expect((await t.call('GET', `/api/admin/bookings/${id}/messages`)).statusCode).toBe(401);
  });

  it('keeps the texts beside the mail on the development outbox page', async () => {
    const page = await t.call('GET', '/dev/mail');
    expect(page.body).toContain('<h2>SMS</h2>');
    expect(page.body).toContain('+14085550111');
  });
});

describe('erasure', () => {
  it('forgets a guest’s texts and their number’s STOP record with the person', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('erase@example.com', '(408) 555-0126');
    await t.ctx.sms.send(t.ctx.db, { to: '+14085550126', body: 'Glint: hello' });
    await t.ctx.db.insert(smsConsent).values({ phone: '+14085550126', optedOut: true });
    const [row] = await t.ctx.db.select({ clientId: bookings.clientId }).from(bookings).where(eq(bookings.id, id));
    const erased = await t.call('DELETE', `/api/admin/clients/${row!.clientId}?cancelUpcoming=true`, { cookie: await t.login('admin@glint.local') });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await textsTo('+14085550126')).toHaveLength(0);
    expect(await t.ctx.db.select().from(smsConsent).where(eq(smsConsent.phone, '+14085550126'))).toHaveLength(0);
  });
});

// Guests' language: the booking keeps the language it was made in.
describe('a guest’s language', () => {
  it('writes a guest’s messages in the language they booked in', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const booked = await bookAsGuest(t, { guestEmail: 'espanol@example.com', guestPhone: '4085550125', language: 'es', slotId: `${TUESDAY}T13:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    await payWithTestCard(t, booked.json());
    const id = booked.json().id as string;
    await atPacific(new Date((await startOf(id)).getTime() - 2 * HOUR));
    await sendDueMessages(t.ctx);
    const mail = (await mailsTo('espanol@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^Hasta pronto/);
    // The 24-hour reminder, overtaken by the 2-hour one, is not sent a day late.
    expect(await rowOf(id, 'reminder_24h', 'sms')).toMatchObject({ state: 'skipped', lastError: 'overtaken by a later reminder' });
    const [text] = await textsTo('+14085550125');
    expect(text!.body).toMatch(/^Glint: hasta pronto/);
  });

  it('writes the booking mail too in the language a guest booked in: the confirmation, a move and a cancellation by the business', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const booked = await bookAsGuest(t, { guestEmail: 'francais@example.com', guestPhone: '4085550131', language: 'fr', slotId: `${openDayAfter(t, 12)}T10:00` });
    expect(booked.statusCode, booked.body).toBe(201);
    await payWithTestCard(t, booked.json());
    const id = booked.json().id as string;
    expect((await mailsTo('francais@example.com')).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Réservation confirmée : /));

    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).change(tx, id, { role: 'admin' }, { slotId: `${openDayAfter(t, 13)}T11:00`, by: 'admin' }));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    expect((await mailsTo('francais@example.com')).at(-1)!.subject).toMatch(/ : nouvel horaire$/);

    await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).cancel(tx, id, { role: 'admin' }));
    await deliverBookingEvents(t.ctx, { bookingIds: [id] });
    const cancelled = (await mailsTo('francais@example.com')).at(-1)!;
    expect(cancelled.subject).toMatch(/ : réservation annulée$/);
    expect(cancelled.text).toMatch(/a été annulée par Glint/);
    expect(cancelled.attachments[0]!.content).toContain('METHOD:CANCEL');
    // A guest who booked in English is still written to in English.
    const english = await bookAsGuest(t, { guestEmail: 'english@example.com', guestPhone: '4085550132', slotId: `${openDayAfter(t, 12)}T13:00` });
    await payWithTestCard(t, english.json());
    expect((await mailsTo('english@example.com')).map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Booking confirmed: /));
  });
});

describe('short links in texts (decision 070)', () => {
  it('fits every kind of text, in en, es and fr, in one GSM segment on a realistic origin with the demo’s longest service name', async () => {
    expect(t.config.publicUrl.length).toBeGreaterThanOrEqual(30);
    for (const [i, language] of (['en', 'es', 'fr'] as const).entries()) {
      await atPacific(new Date(MONDAY_9AM_PACIFIC));
      const email = `segments-${language}@example.com`;
      const { user } = await t.createUser({ email, phone: `+1408555016${i}` });
      await t.ctx.db.update(users).set({ settings: { smsNotifications: true, emailNotifications: true, language } }).where(eq(users.id, user.id));
      const date = openDayAfter(t, day++);
      const id = await appointment(email, `(408) 555-016${i}`, { date, time: '14:00', payment: 'link', service: 'express-exterior-wash' });
      const start = await startOf(id);
      // 11:00 on the day: every kind is due at once (the reminders, the payment link's, and the rest scheduled now).
      await atPacific(new Date(start.getTime() - 3 * HOUR));
      const now = new Date(t.clock.now);
      await insertWeatherOffer(t.ctx.db, { bookingId: id, jobDate: date, scheduledFor: start, precipitationPercent: 100, slotIds: [`${openDayAfter(t, day + 20)}T14:00`] }, now);
      await scheduleMessages(t.ctx.db, MESSAGE_KINDS.filter((kind) => kind !== 'driver_message').map((kind) => ({ bookingId: id, kind, channel: 'sms' as const, leg: 'segments', dueAt: now })), now);
      await sendDueMessages(t.ctx);
      const { user: adminUser } = await t.createUser({ role: 'admin' });
      await t.ctx.db.transaction((tx) => bookingVerbs(t.ctx).postDriverNote(tx, id, { role: 'admin', userId: adminUser.id }, 'Running 10 minutes late, sorry!'));
      await deliverBookingEvents(t.ctx, { bookingIds: [id] });

      const sent = (await messagesOf(id)).filter((m) => m.channel === 'sms' && m.state === 'sent');
      expect(new Set(sent.map((m) => m.kind))).toEqual(new Set(MESSAGE_KINDS));
      const texts = await textsTo(`+1408555016${i}`);
      expect(texts.length).toBe(sent.length);
      for (const { body } of texts) {
        expect(smsSegments(body), `${language}: ${body} (${body.length})`).toBe(1);
        if (!body.includes('Running 10 minutes late')) expect(shortCodeOf(body), body).toBeDefined();
      }
      expect(texts.map((m) => m.body).join('\n')).toContain({ en: 'is due for your Express Exterior Wash', es: 'de su Express Exterior Wash', fr: 'pour votre Express Exterior Wash' }[language]);
    }
  });

  it('keeps every text with a link within one segment for the longest demo names and dates, with the short link’s length', () => {
    const link = `${ORIGIN}/s/${'x'.repeat(SHORT_LINK_CODE_LENGTH)}`;
    const september30 = new Date('2026-09-30T17:00:00Z');
    for (const language of ['en', 'es', 'fr'] as const) {
      const locale = language === 'en' ? 'en-US' : language;
      const params = {
        business: 'Glint',
        service: 'Express Exterior Wash',
        time: new Intl.DateTimeFormat(locale, { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(september30),
        eta: new Intl.DateTimeFormat(locale, { timeZone: 'America/Los_Angeles', hour: 'numeric', minute: '2-digit' }).format(september30),
        day: new Intl.DateTimeFormat(locale, { timeZone: 'America/Los_Angeles', weekday: 'long', month: 'long', day: 'numeric' }).format(september30),
        total: new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD' }).format(1234.56),
        percent: '100',
        driver: 'Marcus',
        link,
      };
      for (const kind of MESSAGE_KINDS.filter((k) => messageTexts(language).smsHasLink(k))) {
        const body = smsText(messageTexts(language).sms(kind, params));
        expect(smsSegments(body), `${language} ${kind}: ${body} (${body.length})`).toBe(1);
      }
    }
  });

  it('reuses one code when a text is retried, and ends it with the link it stands for: then 404, as a page for a browser', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('retry-short@example.com', '(408) 555-0170');
    const start = await startOf(id);
    await atPacific(new Date(start.getTime() - 24 * HOUR));
    let failures = 1;
    t.ctx.sms = {
      transport: 'outbox',
      async send(db, message) {
        await outboxSms.send(db, message);
        if (failures-- > 0) throw new Error('carrier down');
      },
    };
    await sendDueMessages(t.ctx);
    expect(await rowOf(id, 'reminder_24h', 'sms')).toMatchObject({ state: 'scheduled', attempts: 1, lastError: 'carrier down' });
    t.clock.advance(60_000);
    await sendDueMessages(t.ctx);
    expect((await rowOf(id, 'reminder_24h', 'sms'))!.state).toBe('sent');
    const bodies = (await textsTo('+14085550170')).map((m) => m.body);
    expect(bodies).toHaveLength(2);
    expect(shortCodeOf(bodies[1]!)).toBe(shortCodeOf(bodies[0]!));
    const rows = await t.ctx.db.select().from(shortLinks).where(eq(shortLinks.bookingId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ purpose: 'manage', expiresAt: start });
    expect(rows[0]!.target).toMatch(/^\/manage\?token=[\w-]+$/);

    const opened = await follow(bodies[1]!);
    expect(opened.statusCode).toBe(302);
    expect(opened.headers['cache-control']).toBe('no-store');
    expect(opened.headers['referrer-policy']).toBe('no-referrer');
    expect(opened.headers.location).toBe(`${ORIGIN}${rows[0]!.target}`);
    const token = new URL(opened.headers.location as string).searchParams.get('token')!;
    expect((await t.call('GET', `/api/manage/${token}`)).statusCode).toBe(200);

    // At the start the Manage link ends, and its short link with it.
    await atPacific(start);
    const gone = await follow(bodies[1]!);
    expect(gone.statusCode).toBe(404);
    expect(gone.headers.location).toBeUndefined();
    expect(gone.json()).toMatchObject({ code: 'NOT_FOUND' });
    const page = await t.call('GET', `/s/${shortCodeOf(bodies[1]!)}`, { headers: { accept: 'text/html,application/xhtml+xml' } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('not valid or has expired');
  });

  it('answers unknown codes 404 and, after 20 from one address, refuses every code there (even a real one) until the window ends', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('guess@example.com', '(408) 555-0171');
    const real = await shortUrl(t.ctx, { bookingId: id, purpose: 'tracking', url: `${ORIGIN}/tracking?bookingId=${id}`, expiresAt: new Date(t.clock.now + 30 * 24 * HOUR) });
    const ip = '203.0.113.77';
    for (let i = 0; i < 20; i++) {
      const miss = await t.call('GET', `/s/${'Zz9'.padEnd(SHORT_LINK_CODE_LENGTH, String(i % 10))}`, { ip });
      expect(miss.statusCode).toBe(404);
    }
    expect((await t.call('GET', '/s/not-a-code!', { ip })).statusCode).toBe(429);
    expect((await follow(real, ip)).statusCode).toBe(429);
    expect((await follow(real, '203.0.113.78')).statusCode).toBe(302);
    t.clock.advance(15 * 60_000 + 1);
    expect((await follow(real, ip)).headers.location).toBe(`${ORIGIN}/tracking?bookingId=${id}`);
  });

  it('only ever leads to a path on our own origin', async () => {
    await atPacific(new Date(MONDAY_9AM_PACIFIC));
    const id = await appointment('origin@example.com', '(408) 555-0172');
    const expiresAt = new Date(t.clock.now + HOUR);
    for (const url of ['https://evil.example/manage', `${ORIGIN}.evil.example/manage`, `${ORIGIN}//evil.example/x`, `${ORIGIN}/\\evil.example`, '/manage?token=x']) {
      await expect(shortUrl(t.ctx, { bookingId: id, purpose: 'manage', url, expiresAt }), url).rejects.toThrow(/Only a link on/);
    }
    expect(['/manage?token=x', '//evil.example', '/\\evil.example', 'https://evil.example', '/a b'].map(isOwnPath)).toEqual([true, false, false, false, false]);
    // The table refuses another origin too, whoever writes it.
    for (const target of ['//evil.example/x', '/\\evil.example', 'https://evil.example']) {
      await expect(t.ctx.db.insert(shortLinks).values({ code: 'EvilEvil00', target, purpose: 'manage', bookingId: id, expiresAt })).rejects.toThrow();
    }
  });
});
