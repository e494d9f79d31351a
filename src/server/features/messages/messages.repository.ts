import { and, count, eq, gte, inArray, lt, lte } from 'drizzle-orm';
import type { MessageChannel, MessageKind, ScheduledMessage } from '../../../shared/schemas/messages';
import { DEFAULT_USER_SETTINGS, type UserSettings } from '../../../shared/schemas/settings';
import { inBatches } from '../../db/batches';
import type { DbOrTx } from '../../db/client';
import { messageOutbox, smsConsent, users } from '../../db/schema';

/** The message outbox and SMS consent: the messages feature is their only writer (decision 050). */

export type MessageRow = typeof messageOutbox.$inferSelect;

export interface NewMessage {
  bookingId: string;
  kind: MessageKind;
  channel: MessageChannel;
  leg?: string;
  dueAt: Date;
  /** Skipped at once, with why (booked inside its window, a repeat of a moment ago). */
  skipped?: string;
}

/** Schedules messages; one already there for the same booking, kind, channel and leg is left as it is. */
export async function scheduleMessages(db: DbOrTx, rows: readonly NewMessage[], now: Date): Promise<void> {
  if (!rows.length) return;
  await db
    .insert(messageOutbox)
    .values(
      rows.map((row) => ({
        bookingId: row.bookingId,
        kind: row.kind,
        channel: row.channel,
        leg: row.leg ?? '',
        dueAt: row.dueAt,
        state: row.skipped ? ('skipped' as const) : ('scheduled' as const),
        lastError: row.skipped ?? null,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing();
}

/** Whether a message of this kind was scheduled or sent for the booking since `since` (the on-my-way's 5 minutes). */
export async function scheduledSince(db: DbOrTx, bookingId: string, kind: MessageKind, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.bookingId, bookingId), eq(messageOutbox.kind, kind), inArray(messageOutbox.state, ['scheduled', 'sent']), gte(messageOutbox.createdAt, since)))
    .limit(1);
  return Boolean(row);
}

/** The booking's reminders of these kinds, to be moved to a new time. */
export async function remindersOf(db: DbOrTx, bookingId: string, kinds: readonly MessageKind[]): Promise<MessageRow[]> {
  return db.select().from(messageOutbox).where(and(eq(messageOutbox.bookingId, bookingId), inArray(messageOutbox.kind, [...kinds])));
}

/** Sets a message's due time and state again (a reschedule re-arms its reminders for the new time). */
export async function rearm(db: DbOrTx, id: string, dueAt: Date, skipped: string | null, now: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ dueAt, state: skipped ? 'skipped' : 'scheduled', lastError: skipped, attempts: 0, sentAt: null, updatedAt: now })
    .where(eq(messageOutbox.id, id));
}

/** Every message of the booking still waiting (of these kinds, or all) is skipped, with why. */
export async function dropScheduled(db: DbOrTx, bookingId: string, reason: string, now: Date, kinds?: readonly MessageKind[]): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ state: 'skipped', lastError: reason, updatedAt: now })
    .where(and(eq(messageOutbox.bookingId, bookingId), eq(messageOutbox.state, 'scheduled'), kinds ? inArray(messageOutbox.kind, [...kinds]) : undefined));
}

/** Ids of the messages due at `now` (of one booking, or all), oldest first. */
export async function dueMessageIds(db: DbOrTx, now: Date, options: { bookingId?: string; limit: number }): Promise<string[]> {
  const rows = await db
    .select({ id: messageOutbox.id })
    .from(messageOutbox)
    .where(and(eq(messageOutbox.state, 'scheduled'), lte(messageOutbox.dueAt, now), options.bookingId ? eq(messageOutbox.bookingId, options.bookingId) : undefined))
    .orderBy(messageOutbox.dueAt)
    .limit(options.limit);
  return rows.map((r) => r.id);
}

/** The message, locked for sending, when it is still due; another instance sending it keeps it. */
export async function lockDueMessage(tx: DbOrTx, id: string, now: Date): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select()
    .from(messageOutbox)
    .where(and(eq(messageOutbox.id, id), eq(messageOutbox.state, 'scheduled'), lte(messageOutbox.dueAt, now)))
    .for('update', { skipLocked: true });
  return row;
}

export async function markSent(db: DbOrTx, id: string, attempts: number, now: Date): Promise<void> {
  await db.update(messageOutbox).set({ state: 'sent', sentAt: now, attempts, lastError: null, updatedAt: now }).where(eq(messageOutbox.id, id));
}

export async function markSkipped(db: DbOrTx, id: string, reason: string, now: Date): Promise<void> {
  await db.update(messageOutbox).set({ state: 'skipped', lastError: reason, updatedAt: now }).where(eq(messageOutbox.id, id));
}

/** Waits until `dueAt` (quiet hours, or a retry after a failure); `failed` ends it. */
export async function postpone(db: DbOrTx, id: string, values: { dueAt: Date; attempts?: number; lastError?: string | null; failed?: boolean }, now: Date): Promise<void> {
  await db
    .update(messageOutbox)
    .set({ dueAt: values.dueAt, ...(values.attempts !== undefined ? { attempts: values.attempts } : {}), ...(values.lastError !== undefined ? { lastError: values.lastError } : {}), state: values.failed ? 'failed' : 'scheduled', updatedAt: now })
    .where(eq(messageOutbox.id, id));
}

/** A booking's messages for the back office, soonest due first, a page at a time. */
export async function listBookingMessages(db: DbOrTx, bookingId: string, page: number, pageSize: number): Promise<{ items: ScheduledMessage[]; total: number }> {
  const where = eq(messageOutbox.bookingId, bookingId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messageOutbox)
      .where(where)
      .orderBy(messageOutbox.dueAt, messageOutbox.kind, messageOutbox.channel)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ value: count() }).from(messageOutbox).where(where),
  ]);
  return {
    items: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      channel: r.channel,
      dueAt: r.dueAt.toISOString(),
      state: r.state,
      attempts: r.attempts,
      lastError: r.lastError,
      sentAt: r.sentAt?.toISOString() ?? null,
    })),
    total: total?.value ?? 0,
  };
}

/** Whether the number answered STOP (and not START since). */
export async function optedOut(db: DbOrTx, phone: string): Promise<boolean> {
  const [row] = await db.select({ optedOut: smsConsent.optedOut }).from(smsConsent).where(eq(smsConsent.phone, phone));
  return row?.optedOut ?? false;
}

export async function setOptedOut(db: DbOrTx, phone: string, value: boolean, now: Date): Promise<void> {
  await db
    .insert(smsConsent)
    .values({ phone, optedOut: value, updatedAt: now })
    .onConflictDoUpdate({ target: smsConsent.phone, set: { optedOut: value, updatedAt: now } });
}

/** Erasure of a person: their numbers' STOP/START records go (decision 032). */
export async function forgetSmsConsent(tx: DbOrTx, phones: readonly string[]): Promise<void> {
  if (phones.length) await tx.delete(smsConsent).where(inArray(smsConsent.phone, [...phones]));
}

/** The account's saved choices (channels, language), or the defaults. */
export async function accountSettings(db: DbOrTx, userId: string): Promise<UserSettings> {
  const [row] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  return { ...DEFAULT_USER_SETTINGS, ...(row?.settings ?? {}) };
}

/** Messages sent or skipped, last changed before `before`, are deleted a batch at a time (scheduled and failed ones stay). */
export async function pruneMessages(db: DbOrTx, before: Date): Promise<number> {
  return inBatches(async (batch) => {
    const old = db.select({ id: messageOutbox.id }).from(messageOutbox).where(and(inArray(messageOutbox.state, ['sent', 'skipped']), lt(messageOutbox.updatedAt, before))).limit(batch);
    return (await db.delete(messageOutbox).where(inArray(messageOutbox.id, old)).returning({ id: messageOutbox.id })).length;
  });
}
