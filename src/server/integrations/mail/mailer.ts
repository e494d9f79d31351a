import { and, desc, eq, inArray, lt, or } from 'drizzle-orm';
import { inBatches } from '../../db/batches';
import type { Database, DbOrTx } from '../../db/client';
import { mentionsAny } from '../../db/mentions';
import { emailOutbox, users, type MailAttachment } from '../../db/schema';
import { DEFAULT_USER_SETTINGS } from '../../../shared/schemas/settings';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * transactional (receipts, password resets, verification) always goes; notification mail is skipped
   * when the recipient account has turned e-mail notifications off.
   */
  category?: 'transactional' | 'notification';
  /** The account the mail is about, for the notification preference. */
  userId?: string | null;
}

/** Where a message is delivered: SMTP in production, nowhere but the outbox otherwise. */
export interface MailTransport {
  readonly name: 'smtp' | 'outbox';
  deliver(message: MailMessage & { from: string }): Promise<void>;
}

export function smtpTransport(smtpUrl: string): MailTransport {
  // nodemailer loads with the first message, not at startup.
  let transport: Promise<import('nodemailer').Transporter> | undefined;
  const transporter = {
    async sendMail(mail: import('nodemailer').SendMailOptions) {
      transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl));
      return (await transport).sendMail(mail);
    },
  };
  return {
    name: 'smtp',
    async deliver(message) {
      await transporter.sendMail({
        from: message.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
      });
    },
  };
}

export const outboxOnlyTransport: MailTransport = { name: 'outbox', deliver: async () => undefined };

export interface Mailer {
  readonly transport: MailTransport['name'];
  /** Records the message in the outbox and delivers it; resolves false when preferences skipped it. */
  send(message: MailMessage): Promise<boolean>;
  /**
   * The same mailer recording in the caller's transaction: the outbox row commits with the caller's work or
   * not at all (a booking event's delivery, docs/decisions/035). SMTP still sends at once.
   */
  using(db: DbOrTx): Mailer;
}

export function createMailer(db: DbOrTx, transport: MailTransport, from: string, log: { error: (o: object, m: string) => void }): Mailer {
  return {
    transport: transport.name,
    using: (other) => createMailer(other, transport, from, log),
    async send(message) {
      const category = message.category ?? 'transactional';
      if (category === 'notification' && message.userId && !(await wantsEmail(db, message.userId))) return false;
      const [row] = await db
        .insert(emailOutbox)
        .values({
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          attachments: message.attachments ?? [],
          category,
          status: transport.name === 'outbox' ? 'stored' : 'queued',
        })
        .returning({ id: emailOutbox.id });
      if (transport.name === 'outbox') return true;
      try {
        await transport.deliver({ ...message, from });
        await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, row!.id));
      } catch (error) {
        log.error({ err: error }, 'mail delivery failed');
        await db
          .update(emailOutbox)
          .set({ status: 'failed', error: error instanceof Error ? error.message : String(error) })
          .where(eq(emailOutbox.id, row!.id));
      }
      return true;
    },
  };
}

async function wantsEmail(db: DbOrTx, userId: string): Promise<boolean> {
  const [user] = await db.select({ settings: users.settings }).from(users).where(eq(users.id, userId));
  return { ...DEFAULT_USER_SETTINGS, ...(user?.settings ?? {}) }.emailNotifications;
}

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(/https?:\/\/[^\s<>"')]+/g) ?? [])];
}

export async function latestOutbox(db: Database, limit = 50) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      text: emailOutbox.text,
      html: emailOutbox.html,
      category: emailOutbox.category,
      status: emailOutbox.status,
      attachments: emailOutbox.attachments,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({
    ...row,
    attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType })),
    links: extractLinks(row.text),
    createdAt: row.createdAt.toISOString(),
  }));
}

/**
 * Erasure of a person: every outbox record sent to them or mentioning their e-mail or phone goes (the
 * outbox is a copy of what was sent, not the books).
 */
export async function forgetRecipient(tx: DbOrTx, needles: readonly string[]): Promise<void> {
  const mentions = or(mentionsAny(emailOutbox.to, needles), mentionsAny(emailOutbox.subject, needles), mentionsAny(emailOutbox.text, needles), mentionsAny(emailOutbox.html, needles));
  if (mentions) await tx.delete(emailOutbox).where(mentions);
}

/** Mail kept (stored or sent) from before `before` is deleted, a batch at a time; queued and failed mail stays. */
export async function pruneMailOutbox(db: Database, before: Date): Promise<number> {
  return inBatches(async (batch) => {
    const old = db.select({ id: emailOutbox.id }).from(emailOutbox).where(and(inArray(emailOutbox.status, ['stored', 'sent']), lt(emailOutbox.createdAt, before))).limit(batch);
    return (await db.delete(emailOutbox).where(inArray(emailOutbox.id, old)).returning({ id: emailOutbox.id })).length;
  });
}
