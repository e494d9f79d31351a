import type { PublicUser } from '../../../shared/schemas/auth';
import type { AssignPackageRequest, PurchasesQuery, PurchaseView, UserPackageView } from '../../../shared/schemas/packages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { createUser } from '../auth';
import { activePackage } from './catalogue.service';
import { redeemByAdmin } from './credits';
import { loadPurchase, purchaseView, userPackageView } from './package-views';
import * as repo from './packages.repository';
import { confirmIntent } from './purchase-payments.service';
import { customerById, recordPurchase } from './record-purchase';

/** Purchases: the admin's list, assignment and redemption, a purchase's ledger, and the customer's own packages. */

export async function listPurchases(ctx: AppContext, query: PurchasesQuery) {
  const { items, total } = await repo.listPurchases(ctx.db, query);
  return { items: items.map(purchaseView), total, page: query.page, pageSize: query.pageSize };
}

/**
 * POST /api/admin/package-purchases: complimentary, cash or check (at once; a new customer gets an account and a
 * welcome with a link to choose a password) or after a card payment (recorded through the same sink as the webhook).
 */
export async function assignPackage(ctx: AppContext, admin: PublicUser, input: AssignPackageRequest): Promise<PurchaseView> {
  if (input.paymentMethod === 'stripe') {
    if (!input.userId) throw new AppError('BAD_REQUEST', 'Create the customer before taking a card payment');
    return confirmIntent(ctx, input.paymentIntentId!, { userId: input.userId, packageId: input.packageId });
  }
  const pkg = await activePackage(ctx, input.packageId);
  if (input.servicesRemaining != null && input.servicesRemaining > pkg.serviceCount) {
    throw new AppError('BAD_REQUEST', `Services remaining must be between 0 and ${pkg.serviceCount}`, { max: pkg.serviceCount });
  }
  let customer;
  if (input.userId) {
    customer = await customerById(ctx, input.userId);
  } else {
    // A welcome with a link to choose a password, not the reset mail: nobody asked to reset anything.
    const { user } = await createUser(ctx, { fullName: input.newCustomer!.fullName, email: input.newCustomer!.email, phone: input.newCustomer!.phone ?? null }, 'welcomePackage');
    customer = { id: user.id, fullName: user.fullName, email: user.email, phone: user.phone ?? null };
  }
  // Cash and check are money the business took (revenue, like a card); complimentary is nothing paid.
  const paidBy = input.paymentMethod === 'cash' || input.paymentMethod === 'check' ? input.paymentMethod : 'complimentary';
  const { id } = await recordPurchase(ctx, {
    pkg,
    customer,
    paymentStatus: paidBy === 'complimentary' ? 'manual' : 'paid',
    paidBy,
    paymentIntentId: null,
    purchasePrice: paidBy === 'complimentary' ? '0.00' : (input.amountPaid ?? pkg.packagePrice),
    servicesRemaining: input.servicesRemaining,
    assignedBy: admin.id,
    notes: input.notes,
  });
  return loadPurchase(ctx.db, id);
}

export async function markServiceUsed(ctx: AppContext, admin: PublicUser, purchaseId: string, notes: string | null): Promise<PurchaseView> {
  await ctx.db.transaction((tx) => redeemByAdmin(ctx, tx, { purchaseId, adminUserId: admin.id, notes }));
  return loadPurchase(ctx.db, purchaseId);
}

export async function purchaseLedger(ctx: AppContext, purchaseId: string) {
  await loadPurchase(ctx.db, purchaseId);
  const rows = await repo.ledgerOf(ctx.db, purchaseId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/** GET /api/user/packages: active ones and the history (expired, used up, refunded). */
export async function listMine(ctx: AppContext, user: PublicUser): Promise<UserPackageView[]> {
  return (await repo.listUserPurchases(ctx.db, user.id)).map(userPackageView);
}

/** Checkout's question: which of my purchases can pay for this service now. */
export async function usableFor(ctx: AppContext, user: PublicUser, serviceId: string): Promise<UserPackageView[]> {
  return (await repo.activePurchasesFor(ctx.db, user.id, serviceId, ctx.now())).map(userPackageView);
}
