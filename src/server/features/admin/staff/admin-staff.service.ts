import { randomBytes } from 'node:crypto';
import type { StaffMember } from '../../../../shared/schemas/admin-staff';
import type { Page } from '../../../../shared/schemas/common';
import type { AppContext } from '../../../context';
import { AppError } from '../../../errors';
import { deleteUserSessions, emailTaken, insertUser, sendSetPasswordMail } from '../../auth';
import { hashPassword } from '../../auth';
import { updateUser } from '../../account';
import { ensureDriverStatus, setOffline } from '../../drivers';
import * as repo from './admin-staff.repository';

export async function listStaff(ctx: AppContext, query: { page: number; pageSize: number; id?: string }): Promise<Page<StaffMember>> {
  const { rows, total } = await repo.listDrivers(ctx.db, query);
  const items = rows.map<StaffMember>((r) => ({
    id: r.id,
    fullName: r.fullName,
    email: r.email,
    phone: r.phone,
    role: r.role,
    isDisabled: r.isDisabled,
    // The set-password link marks the e-mail verified, so an unverified driver has not accepted yet.
    invitationPending: !r.emailVerified,
    createdAt: r.createdAt.toISOString(),
    status: r.status,
    onShift: !r.isDisabled && r.status !== null && r.status !== 'offline',
    lastSeen: r.lastSeen?.toISOString() ?? null,
    isLocationSharing: r.isLocationSharing ?? false,
    currentBookingId: r.currentBookingId,
    activeBookings: r.activeBookings,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total };
}

async function findStaffMember(ctx: AppContext, id: string): Promise<StaffMember | undefined> {
  return (await listStaff(ctx, { page: 1, pageSize: 1, id })).items[0];
}

/** Adds a driver with no usable password and e-mails a link to choose one (the reset-token mechanism). */
export async function addDriver(ctx: AppContext, input: { fullName: string; email: string; phone: string | null }): Promise<StaffMember> {
  if (await emailTaken(ctx.db, input.email)) throw new AppError('EMAIL_TAKEN', 'Email already registered');
  const unusable = await hashPassword(randomBytes(32).toString('base64url'));
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, { fullName: input.fullName, email: input.email, phone: input.phone, passwordHash: unusable, role: 'driver', emailVerified: false });
    await ensureDriverStatus(tx, created.id);
    return created;
  });
  await sendInvitation(ctx, user);
  return (await findStaffMember(ctx, user.id))!;
}

export async function resendInvitation(ctx: AppContext, id: string): Promise<{ message: string }> {
  const staff = await repo.findStaff(ctx.db, id);
  if (!staff || staff.deletedAt) throw new AppError('STAFF_NOT_FOUND', 'Staff member not found');
  if (staff.isDisabled) throw new AppError('STAFF_DISABLED', 'Enable the account before inviting again');
  await sendInvitation(ctx, staff);
  return { message: `Invitation sent to ${staff.email}` };
}

function sendInvitation(ctx: AppContext, user: { id: string; email: string; fullName: string }) {
  return sendSetPasswordMail(ctx, user, 'invite');
}

/** Disabling ends every session at once and takes the driver off shift; enabling lets them sign in again. */
export async function updateStaff(ctx: AppContext, id: string, input: { isDisabled?: boolean; fullName?: string; phone?: string | null }): Promise<StaffMember> {
  const staff = await repo.findStaff(ctx.db, id);
  if (!staff || staff.deletedAt) throw new AppError('STAFF_NOT_FOUND', 'Staff member not found');
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, id, {
      ...(input.isDisabled !== undefined ? { isDisabled: input.isDisabled } : {}),
      ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
      ...(input.phone !== undefined ? { phone: input.phone } : {}),
      updatedAt: ctx.now(),
    });
    if (input.isDisabled) {
      await deleteUserSessions(tx, id);
      await setOffline(tx, id);
    }
  });
  const found = await findStaffMember(ctx, id);
  if (!found) throw new AppError('STAFF_NOT_FOUND', 'Staff member not found');
  return found;
}
