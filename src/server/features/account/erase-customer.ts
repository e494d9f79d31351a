import { randomBytes } from 'node:crypto';
import { formatUsPhone, normaliseUsPhone } from '../../../shared/contact';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forgetCountersMentioning } from '../../http/attempt-counter';
import { forgetAnswersMentioning } from '../../http/idempotency';
import { getPaymentProvider } from '../../integrations/payments';
import { forgetRecipient } from '../../integrations/mail/mailer';
import { forgetUser as forgetAnalytics } from '../analytics';
import { hashPassword } from '../auth';
import { bookingVerbs } from '../bookings';
import { forgetStoreCustomer } from '../store';
import { deleteVehiclesOf } from '../vehicles';
import * as repo from './account.repository';

/** Every way a phone number is written where we keep or send it: as stored, E.164, '(408) 555-0100' and ten digits. */
export function phoneForms(phone: string): string[] {
  const e164 = normaliseUsPhone(phone);
  return [phone, ...(e164 ? [e164, formatUsPhone(e164), e164.replace(/^\+1/, '')] : [])];
}

/** An unusable password hash for an erased account (nobody knows the random password it was made from). */
export const unusablePasswordHash = () => hashPassword(randomBytes(32).toString('base64url'));

/**
 * The one erasure of a customer (docs/decisions/032), for the customer's own account deletion and the
 * admin's: in the caller's transaction, with the user row locked by the caller. The person's name, e-mail,
 * phone and free text go from the account, every booking, address, saved vehicle, package purchase, store
 * mirror row, mail outbox entry, analytics row, stored request answer and attempt counter; amounts, dates and statuses
 * stay for the books (and so the CSV export keeps them without the person). Saved cards are deleted here and
 * returned, to be detached at the provider after commit (detachCards).
 */
export async function eraseCustomer(ctx: AppContext, tx: DbOrTx, userId: string, passwordHash: string) {
  const contact = await repo.contactCopiesOf(tx, userId);
  const emails = contact.emails;
  const needles = [...emails, ...contact.phones.flatMap(phoneForms)];
  const cards = await repo.savedCardsOf(tx, userId);
  const bookingIds = await bookingVerbs(ctx).forgetCustomer(tx, { userId, emails });
  await repo.anonymiseUser(tx, userId, { passwordHash, now: ctx.now(), emails });
  await deleteVehiclesOf(tx, userId);
  await forgetStoreCustomer(tx, { userId, needles, bookingIds });
  await forgetAnalytics(tx, userId, bookingIds);
  await forgetRecipient(tx, needles);
  await forgetAnswersMentioning(tx, needles);
  await forgetCountersMentioning(tx, needles);
  return cards;
}

/**
 * Saved cards are detached from the provider's customer after the data is gone; a failure here leaves only
 * an unreachable card at the provider, never personal data in our database.
 */
export async function detachCards(ctx: AppContext, cards: Array<{ provider: string; providerMethodId: string }>): Promise<void> {
  const provider = getPaymentProvider(ctx);
  for (const card of cards) {
    if (card.provider !== provider.name) continue;
    await provider.detachCard(card.providerMethodId).catch(() => undefined);
  }
}
