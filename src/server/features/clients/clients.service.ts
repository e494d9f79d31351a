import type { ClientDetail, ClientUpdateRequest } from '../../../shared/schemas/clients';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './clients.repository';

/** Who a booking is for, as the booking path knows them. */
export interface ClientContact {
  userId?: string | null;
  name?: string | null;
  email?: string | null;
  phone?: string | null;
}

const clean = (value: string | null | undefined) => value?.trim() || null;

/**
 * The client a booking belongs to, in the booking's transaction (docs/decisions/039-clients.md):
 * an account → its client (made when missing, or the guest client of the account's e-mail adopted);
 * otherwise the live client of the e-mail, then of the phone digits (only one without an e-mail, so two
 * people who share a phone stay two); otherwise a new client. Creation is serialised per e-mail and per
 * phone (advisory locks, then the live-email unique index), so two bookings for one new person make one client.
 * A guest's look-up is made under the locks in the same call as them (decision 077); an account's own client is
 * looked up first without them, as almost every signed-in booking finds it.
 */
export async function resolveClient(tx: DbOrTx, contact: ClientContact, now = new Date()): Promise<string> {
  const email = clean(contact.email)?.toLowerCase() ?? null;
  const phone = clean(contact.phone);
  const name = clean(contact.name);
  const digits = repo.phoneDigitsOf(phone);
  const keys = [...(email ? [`email:${email}`] : []), ...(digits ? [`phone:${digits}`] : []), ...(contact.userId ? [`user:${contact.userId}`] : [])];
  if (contact.userId) {
    const own = await repo.clientIdOfAccount(tx, contact.userId);
    if (own) return own;
    await repo.lockContactKeys(tx, keys);
    const ownNow = await repo.clientIdOfAccount(tx, contact.userId);
    if (ownNow) return ownNow;
    const byEmail = email ? await repo.liveClientByEmail(tx, email) : undefined;
    if (byEmail && !byEmail.userId) {
      await repo.linkAccount(tx, byEmail.id, contact.userId, now);
      return byEmail.id;
    }
    // The e-mail's client is another account's (this account's address changed since): the account's own record goes without it.
    return repo.insertClient(tx, { name, email: byEmail ? null : email, phone, userId: contact.userId });
  }
  // A guest: the e-mail's client is looked up under the contact's locks, in the same round trip as them.
  if (email) {
    const byEmail = await repo.lockedLiveClientByEmail(tx, keys, email);
    if (byEmail) return byEmail.id;
  } else await repo.lockContactKeys(tx, keys);
  const byPhone = digits ? await repo.liveClientByPhone(tx, digits, { withoutEmail: Boolean(email) }) : undefined;
  if (byPhone) {
    await repo.fillContact(tx, byPhone, { name, email, phone }, now);
    return byPhone;
  }
  return repo.insertClient(tx, { name, email, phone });
}

/** A live client, or the client it was merged into (an old link keeps working); 404 when there is none. */
export async function findLiveClient(db: DbOrTx, id: string): Promise<repo.ClientRow> {
  let client = await repo.findClient(db, id);
  for (let hops = 0; client?.mergedInto && hops < 5; hops++) client = await repo.findClient(db, client.mergedInto);
  if (!client || client.mergedInto) throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  return client;
}

export async function clientDetail(db: DbOrTx, id: string): Promise<ClientDetail> {
  const client = await findLiveClient(db, id);
  const [summary, vehicles, addresses, packageCredits, mergedCount] = await Promise.all([
    repo.clientSummary(db, client.id),
    repo.vehiclesOf(db, client.id, client.userId),
    repo.addressesOf(db, client.id, client.userId),
    client.userId ? repo.packageCreditsOf(db, client.userId) : Promise.resolve([]),
    repo.mergedCount(db, client.id),
  ]);
  return { ...summary!, notes: client.notes, marketingConsent: client.marketingConsent, vehicles, addresses, packageCredits, mergedCount };
}

/**
 * The record's fields. For a client with an account the caller saves name, e-mail and phone through the
 * account first (which shows them); the record keeps a copy, which is what bookings are matched by.
 */
export async function updateClientRecord(db: DbOrTx, id: string, input: ClientUpdateRequest, now: Date): Promise<void> {
  const client = await findLiveClient(db, id);
  const own = {
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
    ...(input.tags !== undefined ? { tags: input.tags } : {}),
    ...(input.marketingConsent !== undefined ? { marketingConsent: input.marketingConsent } : {}),
  };
  const contact = {
    ...(input.name !== undefined ? { name: input.name || null } : {}),
    ...(input.email !== undefined ? { email: input.email } : {}),
    ...(input.phone !== undefined ? { phone: input.phone } : {}),
  };
  if (contact.email && (await repo.emailTakenByOtherClient(db, contact.email, client.id))) {
    throw new AppError('EMAIL_TAKEN', 'Another client has this e-mail address. Merge the two instead.');
  }
  await repo.updateClient(db, client.id, { ...own, ...contact }, now);
}

/**
 * Merges two client rows in the caller's transaction (the caller moves the bookings in the same one).
 * Refused: the same client, a merged one, or two clients that each have an account (each account keeps
 * its own sign-in, so the people stay two until one account is deleted).
 */
export async function mergeClientRows(tx: DbOrTx, fromId: string, intoId: string, now: Date): Promise<{ from: repo.ClientRow; into: repo.ClientRow }> {
  if (fromId === intoId) throw new AppError('CLIENT_MERGE_REFUSED', 'A client cannot be merged into itself.', { reason: 'same' });
  const rows = await repo.lockClients(tx, [fromId, intoId]);
  const from = rows.find((r) => r.id === fromId);
  const into = rows.find((r) => r.id === intoId);
  if (!from || !into || from.mergedInto || into.mergedInto) throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  if (from.userId && into.userId) {
    throw new AppError('CLIENT_MERGE_REFUSED', 'Both clients have an account, so they cannot be merged. Each account keeps its own sign-in and history.', { reason: 'two_accounts' });
  }
  await repo.mergeRows(tx, from, into, now);
  return { from, into };
}

/** The ids of a client and of every client merged into it. */
export async function clientFamilyIds(db: DbOrTx, person: { clientId?: string; userId?: string }): Promise<string[]> {
  const root = person.clientId ?? (person.userId ? await repo.clientIdOfAccount(db, person.userId) : undefined);
  if (!root) return [];
  return (await repo.clientFamily(db, [root])).map((c) => c.id);
}

/**
 * Erasure (decision 032): the client rows of a person go, with every client merged into them. The caller
 * blanks their bookings (which the foreign key would unlink anyway) in the same transaction.
 */
export async function forgetClients(tx: DbOrTx, ids: string[]): Promise<void> {
  await repo.deleteClients(tx, ids);
}
