import { randomBytes } from 'node:crypto';
import { formatUsPhone, normaliseUsPhone } from '../../../shared/contact';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forgetCountersMentioning } from '../../http/attempt-counter';
import { forgetAnswersMentioning } from '../../http/idempotency';
import { getPaymentProvider } from '../../integrations/payments';
import { forgetRecipient } from '../../integrations/mail/mailer';
import { forgetSmsRecipient } from '../../integrations/sms/sms';
import { forgetSmsConsent } from '../messages';
import { forgetUser as forgetAnalytics } from '../analytics';
import { hashPassword } from '../auth';
import { bookingVerbs } from '../bookings';
import { clientFamilyIds, contactOfClients, forgetClients } from '../clients';
import { forgetStoreCustomer } from '../store-mirror';
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
  const clientIds = await clientFamilyIds(tx, { userId });
  const contact = mergeContacts(await repo.contactCopiesOf(tx, userId), await contactOfClients(tx, clientIds));
  const cards = await repo.savedCardsOf(tx, userId);
  await repo.anonymiseUser(tx, userId, { passwordHash, now: ctx.now(), emails: contact.emails });
  await deleteVehiclesOf(tx, userId);
  await erasePerson(ctx, tx, { userId, clientIds, ...contact });
  return cards;
}

/**
 * The same erasure for a client without an account (a web guest, a phone or store customer, decision 039):
 * the client record and every client merged into it go, and so do their copies on bookings, the store
 * mirror, mail, analytics, stored answers and counters, matched by the client's bookings, e-mails and phones.
 */
export async function eraseGuestClient(ctx: AppContext, tx: DbOrTx, clientId: string): Promise<void> {
  const clientIds = await clientFamilyIds(tx, { clientId });
  await erasePerson(ctx, tx, { userId: null, clientIds, ...(await contactOfClients(tx, clientIds)) });
}

async function erasePerson(ctx: AppContext, tx: DbOrTx, person: { userId: string | null; clientIds: string[]; emails: string[]; phones: string[] }): Promise<void> {
  const { userId, clientIds, emails } = person;
  const needles = [...emails, ...person.phones.flatMap(phoneForms)];
  const bookingIds = await bookingVerbs(ctx).forgetCustomer(tx, { userId, emails, clientIds });
  await forgetClients(tx, clientIds);
  await forgetStoreCustomer(tx, { userId, needles, bookingIds });
  await forgetAnalytics(tx, userId, bookingIds);
  await forgetRecipient(tx, needles);
  // Texts kept in the SMS outbox and the numbers' STOP/START records (decision 050).
  await forgetSmsRecipient(tx, needles);
  await forgetSmsConsent(tx, person.phones.map((phone) => normaliseUsPhone(phone)).filter((phone): phone is string => Boolean(phone)));
  await forgetAnswersMentioning(tx, needles);
  await forgetCountersMentioning(tx, needles);
}

function mergeContacts(...contacts: Array<{ emails: string[]; phones: string[] }>): { emails: string[]; phones: string[] } {
  return { emails: [...new Set(contacts.flatMap((c) => c.emails))], phones: [...new Set(contacts.flatMap((c) => c.phones))] };
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
