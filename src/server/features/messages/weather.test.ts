import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slotIdOf, updateMessage } from '../../../shared/booking-lifecycle';
import { pacificDateKey, pacificInstant } from '../../../shared/time';
import { linkSecret, signLink } from '../../crypto/signed-links';
import { bookings, bookingUpdates, emailOutbox, messageOutbox, smsOutbox, weatherOffers } from '../../db/schema';
import { outboxSms } from '../../integrations/sms/sms';
import { standInWeather } from '../../integrations/weather/weather';
import { bookAsGuest, MONDAY_9AM_PACIFIC, payWithTestCard } from '../../test/checkout-fixtures';
import { createTestApp, type TestApp } from '../../test/harness';
import { findBookingView } from '../bookings';
import { checkWeather } from './weather.service';

const HOUR = 3_600_000;
const WEDNESDAY = '2026-06-03';
const THURSDAY = '2026-06-04';
let t: TestApp;
let weather: ReturnType<typeof standInWeather>;

beforeAll(async () => {
  t = await createTestApp({ now: MONDAY_9AM_PACIFIC });
  t.ctx.sms = outboxSms;
  weather = standInWeather([], () => t.ctx.now(), pacificDateKey);
  t.ctx.weather = weather;
});
afterAll(() => t.close());

/** A paid (confirmed) mobile booking of a new guest at the default address. */
async function confirmedGuest(email: string, phone: string, slotId: string, coveredParking?: boolean): Promise<string> {
  const booked = await bookAsGuest(t, { guestEmail: email, guestPhone: phone, slotId, ...(coveredParking === undefined ? {} : { coveredParking }) });
  expect(booked.statusCode, booked.body).toBe(201);
  const booking = booked.json();
  const paid = await payWithTestCard(t, booking);
  expect(paid.card.statusCode, paid.card.body).toBe(200);
  const [row] = await t.ctx.db.select({ status: bookings.status, latitude: bookings.latitude }).from(bookings).where(eq(bookings.id, booking.id));
  expect(row).toMatchObject({ status: 'confirmed' });
  expect(row!.latitude).not.toBeNull();
  return booking.id;
}

const offersOf = (bookingId: string) => t.ctx.db.select().from(weatherOffers).where(eq(weatherOffers.bookingId, bookingId));
const mailsTo = (to: string) => t.ctx.db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.createdAt));
const tokenIn = (text: string) => /\/weather\?token=([\w-]+)/.exec(text)![1]!;
const startOf = async (id: string) => (await t.ctx.db.select({ at: bookings.scheduledDate }).from(bookings).where(eq(bookings.id, id)))[0]!.at;

describe('rain offers for outdoor mobile jobs', () => {
  let moving: string;
  let keeping: string;
  let covered: string;
  let moveToken: string;
  let keepToken: string;

  it('offers a move once when rain is likely in the job’s hours 36–48 h ahead; covered parking gets none', async () => {
    t.clock.now = MONDAY_9AM_PACIFIC;
    moving = await confirmedGuest('rain-move@example.com', '4085550301', `${WEDNESDAY}T10:00`);
    keeping = await confirmedGuest('rain-keep@example.com', '4085550302', `${WEDNESDAY}T14:00`);
    covered = await confirmedGuest('rain-roof@example.com', '4085550303', `${WEDNESDAY}T10:00`, true);
    weather.rain.push({ date: WEDNESDAY, percent: 70 });

    // More than 48 hours before: not yet read.
    t.clock.now = pacificInstant(WEDNESDAY, '10:00').getTime() - 49 * HOUR;
    expect(await checkWeather(t.ctx)).toMatchObject({ offered: 0 });
    expect(await offersOf(moving)).toHaveLength(0);

    // 40 hours before the morning job (44 before the afternoon one): both are read; the job runs twice.
    t.clock.now = pacificInstant(WEDNESDAY, '10:00').getTime() - 40 * HOUR;
    expect(await checkWeather(t.ctx)).toMatchObject({ offered: 2 });
    expect(await checkWeather(t.ctx)).toMatchObject({ offered: 0 });
    const [offer] = await offersOf(moving);
    expect(await offersOf(moving)).toHaveLength(1);
    expect(offer).toMatchObject({ state: 'offered', precipitationPercent: 70, jobDate: WEDNESDAY });
    expect(offer!.slotIds).toHaveLength(3);
    // One start a day on the days after, at the job's own time where it is free.
    expect(offer!.slotIds.map((id) => id.slice(0, 10)).every((day) => day > WEDNESDAY)).toBe(true);
    expect(new Set(offer!.slotIds.map((id) => id.slice(0, 10))).size).toBe(3);
    expect(await offersOf(keeping)).toHaveLength(1);
    expect(await offersOf(covered)).toHaveLength(0);

    // The message went once on each channel, with the signed weather link.
    const rows = await t.ctx.db.select().from(messageOutbox).where(and(eq(messageOutbox.bookingId, moving), eq(messageOutbox.kind, 'weather_offer')));
    expect(rows.map((r) => [r.channel, r.state]).sort()).toEqual([
      ['email', 'sent'],
      ['sms', 'sent'],
    ]);
    const mail = (await mailsTo('rain-move@example.com')).at(-1)!;
    expect(mail.subject).toMatch(/^Rain is likely on Wednesday, June 3/);
    expect(mail.text).toContain('(70 %)');
    moveToken = tokenIn(mail.text);
    const [text] = await t.ctx.db.select().from(smsOutbox).where(eq(smsOutbox.to, '+14085550302'));
    // The text carries the short link (decision 070), which opens the weather page with its own token.
    expect(text!.body).toMatch(/rain likely \(70 %\).*\/s\/\w+$/);
    const opened = await t.call('GET', `/s/${/\/s\/(\w+)$/.exec(text!.body)![1]}`);
    expect(opened.statusCode).toBe(302);
    keepToken = tokenIn(opened.headers.location as string);
    expect((await mailsTo('rain-roof@example.com')).some((m) => m.text.includes('/weather?token='))).toBe(false);
  });

  it('makes no offer for a dry forecast', async () => {
    const dry = await confirmedGuest('rain-dry@example.com', '4085550304', `${THURSDAY}T10:00`);
    t.clock.now = pacificInstant(THURSDAY, '10:00').getTime() - 40 * HOUR;
    await checkWeather(t.ctx);
    expect(await offersOf(dry)).toHaveLength(0);
    t.clock.now = pacificInstant(WEDNESDAY, '10:00').getTime() - 40 * HOUR;
  });

  it('shows the offer to whoever holds the link, and flags the jobs on the dispatch board', async () => {
    const seen = await t.call('GET', `/api/weather-offers/${moveToken}`);
    expect(seen.statusCode, seen.body).toBe(200);
    expect(seen.json()).toMatchObject({ bookingId: moving, precipitationPercent: 70, state: 'offered', movedTo: null });
    expect(seen.json().slots).toHaveLength(3);

    const admin = await t.login('admin@glint.local');
    const board = await t.call('GET', `/api/admin/dispatch?date=${WEDNESDAY}&days=1`, { cookie: admin });
    expect(board.statusCode, board.body).toBe(200);
    const jobs = board.json().jobs as { id: string; weather: unknown }[];
    expect(jobs.find((j) => j.id === moving)!.weather).toEqual({ precipitationPercent: 70, state: 'offered' });
    expect(jobs.find((j) => j.id === covered)!.weather).toBeNull();
  });

  it('moves the booking to an offered start in one tap, once; the history says why; the link is then used', async () => {
    const offer = (await t.call('GET', `/api/weather-offers/${moveToken}`)).json() as { slots: { id: string; start: string }[] };
    // A start the offer did not name is refused.
    const stranger = await t.call('POST', `/api/weather-offers/${moveToken}/move`, { body: { slotId: `${THURSDAY}T06:00` } });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().code).toBe('WEATHER_SLOT_NOT_OFFERED');

    const target = offer.slots[1]!;
    const before = (await findBookingView(t.ctx.db, moving))!;
    const moved = await t.call('POST', `/api/weather-offers/${moveToken}/move`, { body: { slotId: target.id } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ state: 'moved', movedTo: target.start });
    const start = await startOf(moving);
    expect(slotIdOf({ scheduledDate: start, businessDate: pacificDateKey(start) })).toBe(target.id);
    // The same booking moves: what was paid and every line booked come along.
    const after = (await findBookingView(t.ctx.db, moving))!;
    expect(after.scheduledDate).not.toBe(before.scheduledDate);
    const kept = (view: typeof before) => ({ id: view.id, status: view.status, paymentStatus: view.paymentStatus, totalAmount: view.totalAmount, serviceFee: view.serviceFee, tax: view.tax, job: view.job });
    expect(kept(after)).toEqual(kept(before));
    expect(before.paymentStatus).toBe('paid');

    // The history: moved by the customer, because of the rain.
    const updates = await t.ctx.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, moving), eq(bookingUpdates.kind, 'rescheduled')));
    expect(updates).toHaveLength(1);
    expect(updates[0]!.params).toMatchObject({ by: 'customer', reason: 'weather' });
    expect(updateMessage({ kind: 'rescheduled', params: updates[0]!.params, note: null })).toMatch(/^Moved by the customer to .* because rain was likely\.$/);
    // The e-mail of the move, as from the Manage link.
    expect((await mailsTo('rain-move@example.com')).at(-1)!.attachments[0]!.content).toMatch(/SEQUENCE:1\r\n/);

    // A repeat of the same tap answers the same and moves nothing again.
    const again = await t.call('POST', `/api/weather-offers/${moveToken}/move`, { body: { slotId: target.id } });
    expect(again.statusCode, again.body).toBe(200);
    expect(await t.ctx.db.select().from(bookingUpdates).where(and(eq(bookingUpdates.bookingId, moving), eq(bookingUpdates.kind, 'rescheduled')))).toHaveLength(1);
    // Used: another start, or keeping, is refused.
    const other = await t.call('POST', `/api/weather-offers/${moveToken}/move`, { body: { slotId: offer.slots[0]!.id } });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'WEATHER_OFFER_USED', params: { state: 'moved' } });
    const keep = await t.call('POST', `/api/weather-offers/${moveToken}/keep`);
    expect(keep.statusCode).toBe(409);
    expect(keep.json().code).toBe('WEATHER_OFFER_USED');

    // The moved job carries no rain flag at its new time.
    const admin = await t.login('admin@glint.local');
    const board = await t.call('GET', `/api/admin/dispatch?date=${target.id.slice(0, 10)}&days=1`, { cookie: admin });
    expect((board.json().jobs as { id: string; weather: unknown }[]).find((j) => j.id === moving)!.weather).toBeNull();
  });

  it('keeps the time on "Keep it" (idempotent), and a kept offer no longer moves', async () => {
    const before = await startOf(keeping);
    const kept = await t.call('POST', `/api/weather-offers/${keepToken}/keep`);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().state).toBe('kept');
    expect((await t.call('POST', `/api/weather-offers/${keepToken}/keep`)).statusCode).toBe(200);
    const slot = kept.json().slots[0].id as string;
    const move = await t.call('POST', `/api/weather-offers/${keepToken}/move`, { body: { slotId: slot } });
    expect(move.statusCode).toBe(409);
    expect(move.json()).toMatchObject({ code: 'WEATHER_OFFER_USED', params: { state: 'kept' } });
    expect((await startOf(keeping)).getTime()).toBe(before.getTime());
    const [offer] = await offersOf(keeping);
    expect(offer).toMatchObject({ state: 'kept' });
    expect(offer!.decidedAt).not.toBeNull();

    // A kept offer still flags the job for the owner.
    const admin = await t.login('admin@glint.local');
    const board = await t.call('GET', `/api/admin/dispatch?date=${WEDNESDAY}&days=1`, { cookie: admin });
    expect((board.json().jobs as { id: string; weather: unknown }[]).find((j) => j.id === keeping)!.weather).toEqual({ precipitationPercent: 70, state: 'kept' });
  });

  it('answers 409 when an offered start was taken meanwhile, and offers fresh choices in its place', async () => {
    const late = await confirmedGuest('rain-taken@example.com', '4085550305', `${WEDNESDAY}T12:00`);
    expect(await checkWeather(t.ctx)).toMatchObject({ offered: 1 });
    const token = tokenIn((await mailsTo('rain-taken@example.com')).at(-1)!.text);
    const before = (await t.call('GET', `/api/weather-offers/${token}`)).json() as { slots: { id: string }[] };
    const gone = before.slots[0]!.id;

    // The owner blocks that hour before the customer taps.
    const admin = await t.login('admin@glint.local');
    const hour = Number(gone.slice(11, 13));
    const endTime = `${String(hour + 1).padStart(2, '0')}${gone.slice(13)}`;
    const blocked = await t.call('POST', '/api/admin/blocked-time', { cookie: admin, body: { date: gone.slice(0, 10), startTime: gone.slice(11), endTime, reason: 'Van in the shop' } });
    expect(blocked.statusCode, blocked.body).toBe(201);

    const refused = await t.call('POST', `/api/weather-offers/${token}/move`, { body: { slotId: gone } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('SLOT_FULL');
    expect(slotIdOf({ scheduledDate: await startOf(late), businessDate: WEDNESDAY })).toBe(`${WEDNESDAY}T12:00`);
    const after = (await t.call('GET', `/api/weather-offers/${token}`)).json() as { state: string; slots: { id: string }[] };
    expect(after.state).toBe('offered');
    expect(after.slots).toHaveLength(3);
    expect(after.slots.map((slot) => slot.id)).not.toContain(gone);
    expect(after.slots.map((slot) => slot.id)).toEqual(expect.arrayContaining(before.slots.slice(1).map((slot) => slot.id)));
    const fresh = after.slots.find((slot) => !before.slots.some((old) => old.id === slot.id))!;
    expect((await t.call('POST', `/api/weather-offers/${token}/move`, { body: { slotId: fresh.id } })).statusCode).toBe(200);
  });

  it('refuses a link of another purpose and an expired one', async () => {
    const manage = signLink(await linkSecret(t.ctx.db), { bookingId: keeping, purpose: 'manage', expiresAt: new Date(t.clock.now + 24 * HOUR) });
    const wrong = await t.call('GET', `/api/weather-offers/${manage}`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('MESSAGE_LINK_INVALID');
    const lapsed = signLink(await linkSecret(t.ctx.db), { bookingId: keeping, purpose: 'weather', expiresAt: new Date(t.clock.now - 1000) });
    const old = await t.call('POST', `/api/weather-offers/${lapsed}/keep`);
    expect(old.statusCode).toBe(410);
    expect(old.json().code).toBe('MESSAGE_LINK_EXPIRED');
  });
});
