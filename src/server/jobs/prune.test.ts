import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, messageOutbox, shortLinks, smsOutbox, webhookAttempts, webhookEndpoints, webhookMessages } from '../db/schema';
import { inBatches } from '../db/batches';
import { openDayAfter, phoneAppointment } from '../test/account-fixtures';
import { createTestApp, type TestApp } from '../test/harness';
import { pruneSentRecords } from './prune';

const DAY = 86_400_000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: Date.parse('2026-09-01T17:00:00Z') });
});
afterAll(() => t.close());

const ago = (days: number) => new Date(t.clock.now - days * DAY);

describe('nightly pruning of what was sent', () => {
  it('deletes sent and skipped messages, kept mail and texts after 90 days and webhook attempts after 30; keeps the rest', async () => {
    const booking = { id: await phoneAppointment(t, await t.login('admin@glint.local'), { email: 'prune@example.com', name: 'Pat Prune', phone: '(408) 555-0140' }, openDayAfter(t, 2)) };
    const message = (kind: 'reminder_24h' | 'reminder_2h' | 'review_request' | 'on_my_way', state: 'sent' | 'skipped' | 'scheduled' | 'failed', days: number) => ({
      bookingId: booking.id, kind, channel: 'email' as const, leg: `${state}-${days}`, dueAt: ago(days), state, createdAt: ago(days), updatedAt: ago(days),
    });
    const messages = await t.ctx.db
      .insert(messageOutbox)
      .values([message('reminder_24h', 'sent', 91), message('reminder_2h', 'skipped', 120), message('review_request', 'sent', 89), message('on_my_way', 'failed', 200), message('reminder_24h', 'scheduled', 95)])
      .returning({ id: messageOutbox.id, state: messageOutbox.state, leg: messageOutbox.leg });
    const mails = await t.ctx.db
      .insert(emailOutbox)
      .values([
        { to: 'old@example.com', subject: 'old', text: 'old', status: 'sent', createdAt: ago(91) },
        { to: 'old@example.com', subject: 'kept', text: 'kept', status: 'stored', createdAt: ago(100) },
        { to: 'old@example.com', subject: 'failed', text: 'failed', status: 'failed', createdAt: ago(100) },
        { to: 'old@example.com', subject: 'recent', text: 'recent', status: 'sent', createdAt: ago(10) },
      ])
      .returning({ id: emailOutbox.id, subject: emailOutbox.subject });
    const texts = await t.ctx.db
      .insert(smsOutbox)
      .values([
        { to: '+14085550100', body: 'old', status: 'sent', createdAt: ago(91) },
        { to: '+14085550100', body: 'recent', status: 'stored', createdAt: ago(30) },
      ])
      .returning({ id: smsOutbox.id, body: smsOutbox.body });
    const [endpoint] = await t.ctx.db.insert(webhookEndpoints).values({ url: 'http://127.0.0.1:9/hook', events: ['booking.created'], secret: 'whsec_x' }).returning({ id: webhookEndpoints.id });
    const [hook] = await t.ctx.db.insert(webhookMessages).values({ endpointId: endpoint!.id, sourceId: 'prune-test', eventType: 'booking.created', body: '{}', state: 'delivered' }).returning({ id: webhookMessages.id });
    await t.ctx.db
      .insert(webhookAttempts)
      .values([31, 29].map((days, i) => ({ messageId: hook!.id, endpointId: endpoint!.id, attempt: i + 1, statusCode: 500, durationMs: 10, createdAt: ago(days) })));

    // Texts' short links (decision 070): gone once past their end, whatever their age; a live one stays.
    await t.ctx.db.insert(shortLinks).values([
      { code: 'pruneExpd1', target: '/manage?token=a', purpose: 'manage', bookingId: booking.id, createdAt: ago(2), expiresAt: ago(1) },
      { code: 'pruneExpd2', target: '/rate?token=b', purpose: 'review', bookingId: booking.id, createdAt: ago(40), expiresAt: new Date(t.clock.now) },
      { code: 'pruneLive1', target: '/tracking?bookingId=x', purpose: 'tracking', bookingId: booking.id, createdAt: ago(1), expiresAt: new Date(t.clock.now + 60_000) },
    ]);

    expect(await pruneSentRecords(t.ctx)).toMatchObject({ messages: 2, sms: 1, webhookAttempts: 1, shortLinks: 2 });
    expect(await t.ctx.db.select({ code: shortLinks.code }).from(shortLinks).where(eq(shortLinks.bookingId, booking.id))).toEqual([{ code: 'pruneLive1' }]);

    const leftMessages = await t.ctx.db.select({ leg: messageOutbox.leg }).from(messageOutbox).where(inArray(messageOutbox.id, messages.map((m) => m.id)));
    expect(leftMessages.map((m) => m.leg).sort()).toEqual(['failed-200', 'scheduled-95', 'sent-89']);
    const leftMail = await t.ctx.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(inArray(emailOutbox.id, mails.map((m) => m.id)));
    expect(leftMail.map((m) => m.subject).sort()).toEqual(['failed', 'recent']);
    const leftTexts = await t.ctx.db.select({ body: smsOutbox.body }).from(smsOutbox).where(inArray(smsOutbox.id, texts.map((m) => m.id)));
    expect(leftTexts.map((m) => m.body)).toEqual(['recent']);
    const leftAttempts = await t.ctx.db.select({ attempt: webhookAttempts.attempt }).from(webhookAttempts).where(eq(webhookAttempts.messageId, hook!.id));
    expect(leftAttempts).toEqual([{ attempt: 2 }]);
    expect(await t.ctx.db.select({ id: webhookMessages.id }).from(webhookMessages).where(eq(webhookMessages.id, hook!.id))).toHaveLength(1);
    // A second night finds nothing more.
    expect(await pruneSentRecords(t.ctx)).toEqual({ messages: 0, mail: 0, sms: 0, webhookAttempts: 0, shortLinks: 0 });
  });

  it('deletes in batches until a batch comes back short', async () => {
    const sizes = [3, 3, 1];
    const seen: number[] = [];
    expect(await inBatches(async (batch) => (seen.push(batch), sizes.shift()!), 3)).toBe(7);
    expect(seen).toEqual([3, 3, 3]);
  });
});
