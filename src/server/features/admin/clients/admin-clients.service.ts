import type { UpcomingCustomerBooking } from '../../../../shared/schemas/admin-customers';
import type { ClientDetail, ClientSummary, ClientUpdateRequest } from '../../../../shared/schemas/clients';
import type { Page } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../errors';
import { contactCopiesOf, eraseGuestClient, upcomingBookings } from '../../account';
import { bookingVerbs } from '../../bookings';
import { clientBookings, clientDetail, clientFamilyIds, contactOfClients, findLiveClient, listClients, mergeClientRows, updateClientRecord } from '../../clients';
import { cancelAdminBooking } from '../bookings/admin-bookings.service';
import { deleteCustomer, updateCustomer } from '../customers/admin-customers.service';

/**
 * The back office's client record (docs/decisions/039-clients.md). The clients feature owns the rows; this
 * service adds what needs other owners: the account (contact, erasure) and the bookings (merge, cancel).
 */

export function listClientRecords(ctx: AppContext, query: { q?: string; page: number; pageSize: number }): Promise<Page<ClientSummary>> {
  return listClients(ctx.db, query);
}

export function clientRecord(ctx: AppContext, id: string): Promise<ClientDetail> {
  return clientDetail(ctx.db, id);
}

export async function clientHistory(ctx: AppContext, id: string, query: { page: number; pageSize: number }) {
  const client = await findLiveClient(ctx.db, id);
  return clientBookings(ctx.db, client.id, query.page, query.pageSize);
}

/**
 * Notes, tags and consent are the record's. Name, e-mail and phone of a client with an account are the
 * account's: saved through the account's edit (a new e-mail must be verified again), then copied here.
 */
export async function updateClient(ctx: AppContext, id: string, input: ClientUpdateRequest): Promise<ClientDetail> {
  const client = await findLiveClient(ctx.db, id);
  const contactChanged = input.name !== undefined || input.email !== undefined || input.phone !== undefined;
  if (client.userId && contactChanged) {
    const current = await clientDetail(ctx.db, client.id);
    const fullName = input.name ?? current.name ?? '';
    const email = input.email === undefined ? current.email : input.email;
    if (!fullName.trim() || !email) throw new AppError('INVALID_INPUT', 'Please fill in all required fields', { field: !email ? 'email' : 'name' });
    await updateCustomer(ctx, client.userId, { fullName, email, phone: input.phone === undefined ? current.phone : input.phone });
  }
  await updateClientRecord(ctx.db, client.id, input, ctx.now());
  return clientDetail(ctx.db, client.id);
}

/** `id` disappears into `intoClientId`: its bookings, notes and tags move in one transaction. */
export async function mergeClient(ctx: AppContext, id: string, intoClientId: string): Promise<{ id: string; movedBookings: number; message: string }> {
  const movedBookings = await ctx.db.transaction(async (tx) => {
    await mergeClientRows(tx, id, intoClientId, ctx.now());
    return bookingVerbs(ctx).reassignClient(tx, id, intoClientId);
  });
  return { id: intoClientId, movedBookings, message: `Clients merged. ${movedBookings} booking${movedBookings === 1 ? '' : 's'} moved.` };
}

async function guestPerson(db: DbOrTx, clientId: string) {
  const clientIds = await clientFamilyIds(db, { clientId });
  const { emails } = await contactOfClients(db, clientIds);
  return { userId: null, emails, clientIds };
}

/** What the delete dialog lists: bookings of the client (or its account, or its e-mails) still ahead. */
export async function upcomingOfClient(ctx: AppContext, id: string): Promise<UpcomingCustomerBooking[]> {
  const client = await findLiveClient(ctx.db, id);
  if (client.userId) {
    const clientIds = await clientFamilyIds(ctx.db, { clientId: client.id });
    const { emails } = await contactCopiesOf(ctx.db, client.userId);
    return upcomingBookings(ctx.db, { userId: client.userId, emails, clientIds }, ctx.now());
  }
  return upcomingBookings(ctx.db, await guestPerson(ctx.db, client.id), ctx.now());
}

const CANCEL_NOTE = 'Cancelled because the customer record was deleted.';

/**
 * Deleting follows the erasure of decision 032: a client with an account is erased through the account's
 * deletion (the same as the customer's own); one without has its record and every copy of its contact erased
 * the same way. Upcoming bookings refuse it unless `cancelUpcoming`, which cancels (and refunds) them first.
 */
export async function deleteClient(ctx: AppContext, id: string, options: { cancelUpcoming: boolean }): Promise<{ message: string }> {
  const client = await findLiveClient(ctx.db, id);
  const upcoming = await upcomingOfClient(ctx, client.id);
  if (upcoming.length && !options.cancelUpcoming) throw upcomingRefusal(upcoming.length);
  if (client.userId) {
    // The account deletion cancels (and counts) the account's own; bookings of clients merged into it go first.
    const { emails } = await contactCopiesOf(ctx.db, client.userId);
    const accounts = new Set((await upcomingBookings(ctx.db, { userId: client.userId, emails }, ctx.now())).map((b) => b.id));
    for (const booking of upcoming) if (!accounts.has(booking.id)) await cancelAdminBooking(ctx, booking.id, CANCEL_NOTE);
    return deleteCustomer(ctx, client.userId, { cancelUpcoming: options.cancelUpcoming });
  }
  let refunded = 0;
  for (const booking of upcoming) {
    if ((await cancelAdminBooking(ctx, booking.id, CANCEL_NOTE)).refunded) refunded++;
  }
  await ctx.db.transaction(async (tx) => {
    const late = await upcomingBookings(tx, await guestPerson(tx, client.id), ctx.now());
    if (late.length) throw upcomingRefusal(late.length);
    await eraseGuestClient(ctx, tx, client.id);
  });
  const cancelled = upcoming.length ? ` ${upcoming.length} upcoming booking${upcoming.length === 1 ? ' was' : 's were'} cancelled${refunded ? ` (${refunded} refunded)` : ''}.` : '';
  return { message: `Customer deleted. Their bookings are kept without personal details.${cancelled}` };
}

const upcomingRefusal = (count: number) =>
  new AppError('CUSTOMER_HAS_UPCOMING_BOOKINGS', `This customer has upcoming bookings (${count}). Cancel them first: paid ones are refunded and the customer is told.`, { count });
