import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, desc, inArray, lt, or } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database, DbOrTx } from '../../db/client';
import { inBatches } from '../../db/batches';
import { mentionsAny } from '../../db/mentions';
import { smsOutbox } from '../../db/schema';

/**
 * Text messages to customers (decision 050): Twilio's REST API over fetch when TWILIO_ACCOUNT_SID,
 * TWILIO_AUTH_TOKEN and TWILIO_FROM are set, otherwise only the SMS outbox, read at /dev/mail beside the
 * mail. Every text is kept in `sms_outbox` either way, written with the caller's transaction.
 */
export interface SmsMessage {
  /** E.164 (+14085550100). */
  to: string;
  body: string;
}

export interface SmsSender {
  readonly transport: 'twilio' | 'outbox';
  /** Sends (or only keeps) the text; throws when Twilio refuses it, after recording the failure. */
  send(db: DbOrTx, message: SmsMessage): Promise<void>;
}

export type Fetch = typeof fetch;

export const outboxSms: SmsSender = {
  transport: 'outbox',
  async send(db, message) {
    await db.insert(smsOutbox).values({ to: message.to, body: message.body, status: 'stored' });
  },
};

export const TWILIO_API = 'https://api.twilio.com';

export function twilioSms(twilio: NonNullable<Config['twilio']>, fetchImpl: Fetch = fetch, apiBase = TWILIO_API): SmsSender {
  const auth = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
  return {
    transport: 'twilio',
    async send(db, message) {
      let failure: string | undefined;
      let sid: string | undefined;
      try {
        const response = await fetchImpl(`${apiBase}/2010-04-01/Accounts/${encodeURIComponent(twilio.accountSid)}/Messages.json`, {
          method: 'POST',
          headers: { authorization: auth, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
          body: new URLSearchParams({ To: message.to, From: twilio.from, Body: message.body }).toString(),
          signal: AbortSignal.timeout(15_000),
        });
        const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
        if (response.ok) sid = answer.sid;
        else failure = `Twilio ${response.status}${answer.code ? ` (${answer.code})` : ''}: ${answer.message ?? response.statusText}`;
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
      await db.insert(smsOutbox).values({ to: message.to, body: message.body, status: failure ? 'failed' : 'sent', providerId: sid ?? null, error: failure ?? null });
      if (failure) throw new Error(failure);
    },
  };
}

export function createSmsSender(config: Config): SmsSender {
  return config.twilio ? twilioSms(config.twilio) : outboxSms;
}

/**
 * Twilio's request signature (X-Twilio-Signature): base64 HMAC-SHA1, keyed with the auth token, of the full
 * URL Twilio called followed by every POST parameter's name and value, sorted by name.
 */
export function twilioSignature(authToken: string, url: string, params: Record<string, string>): string {
  const data = url + Object.keys(params).sort().map((key) => key + params[key]).join('');
  return createHmac('sha1', authToken).update(data, 'utf8').digest('base64');
}

export function verifyTwilioSignature(authToken: string, url: string, params: Record<string, string>, signature: string | undefined): boolean {
  if (!signature) return false;
  const expected = Buffer.from(twilioSignature(authToken, url, params));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** GSM 03.38's basic set: a text only of these fits 160 characters a segment; one other character makes it 70. */
const GSM7 = new Set(
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà',
);

/**
 * The text as it is best sent: letters outside the GSM set that have a plain neighbour (á → a, ç → c,
 * ’ → ') are replaced, so an accented Spanish or French text is not sent as UCS-2 at 70 characters a segment.
 * The no-break spaces Intl writes in French and Spanish amounts and dates ("1 234,56 $US") become spaces.
 */
export function smsText(text: string): string {
  return [...text.replace(/[‘’]/g, "'").replace(/[“”]/g, '"').replace(/[–—]/g, '-').replace(/…/g, '...').replace(/[\u00a0\u2007\u2009\u202f]/g, ' ')]
    .map((char) => (GSM7.has(char) ? char : char.normalize('NFD').replace(/[\u0300-\u036f]/g, '')))
    .join('');
}

/** How many segments a text takes: 160/153 GSM characters, or 70/67 UCS-2 units. */
export function smsSegments(text: string): number {
  const gsm = [...text].every((char) => GSM7.has(char));
  const length = gsm ? [...text].length : text.length;
  const [single, multi] = gsm ? [160, 153] : [70, 67];
  return length <= single ? 1 : Math.ceil(length / multi);
}

export async function latestSms(db: Database, limit = 50) {
  const rows = await db
    .select({ id: smsOutbox.id, to: smsOutbox.to, body: smsOutbox.body, status: smsOutbox.status, error: smsOutbox.error, createdAt: smsOutbox.createdAt })
    .from(smsOutbox)
    .orderBy(desc(smsOutbox.createdAt))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** Erasure of a person: every text sent to their phones or naming them goes (the outbox is a copy, not the books). */
export async function forgetSmsRecipient(tx: DbOrTx, needles: readonly string[]): Promise<void> {
  const mentions = or(mentionsAny(smsOutbox.to, needles), mentionsAny(smsOutbox.body, needles));
  if (mentions) await tx.delete(smsOutbox).where(mentions);
}

/** Texts kept (stored or sent) from before `before` are deleted, a batch at a time; failed ones stay to be looked at. */
export async function pruneSmsOutbox(db: Database, before: Date): Promise<number> {
  return inBatches(async (batch) => {
    const old = db.select({ id: smsOutbox.id }).from(smsOutbox).where(and(inArray(smsOutbox.status, ['stored', 'sent']), lt(smsOutbox.createdAt, before))).limit(batch);
    return (await db.delete(smsOutbox).where(inArray(smsOutbox.id, old)).returning({ id: smsOutbox.id })).length;
  });
}
