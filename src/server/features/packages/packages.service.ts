import { randomUUID } from 'node:crypto';
import type { PublicUser } from '../../../shared/schemas/auth';
import {
  packageDiscount,
  type AdminPackageView,
  type AssignPackageRequest,
  type PackagePaymentResponse,
  type PackageRequest,
  type PackageView,
  type PurchasesQuery,
  type PurchaseView,
  type UserPackageView,
} from '../../../shared/schemas/packages';
import { fromCents, toCents, formatUsd } from '../../../shared/money';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { isTestProvider, providerInTransaction } from '../../integrations/payments';
import type { PaymentIntent } from '../../integrations/payments/provider';
import { UnknownIntentError } from '../../integrations/payments/test-provider';
import { renderMail } from '../../integrations/mail/templates';
import { createUser, recipientLanguage, sendResetMail } from '../auth';
import { formatMailLongDate, formatMailMoney, mailTexts } from '../../integrations/mail/mail-texts';
import { redeemByAdmin } from './credits';
import * as repo from './packages.repository';

/**
 * Prepaid packages (docs/decisions/013-package-credits.md): the admin's catalogue and purchases,
 * the customer's store, and the payment sink that records a paid purchase exactly once.
 */

const PACKAGE_PURPOSE = 'package';

type PackageRow = NonNullable<Awaited<ReturnType<typeof repo.findPackage>>>;
type PurchaseRow = NonNullable<Awaited<ReturnType<typeof repo.findPurchase>>>;

function packageView(row: PackageRow): PackageView {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    serviceId: row.serviceId,
    serviceName: row.serviceName,
    serviceCount: row.serviceCount,
    originalPrice: row.originalPrice,
    packagePrice: row.packagePrice,
    discount: Number(row.discount).toFixed(2),
    isActive: row.isActive,
    sendNotificationEmail: row.sendNotificationEmail,
    validityMonths: row.validityMonths,
  };
}

function purchaseView(row: PurchaseRow): PurchaseView {
  return {
    id: row.id,
    userId: row.userId,
    packageId: row.packageId,
    userName: row.userName,
    userEmail: row.userEmail,
    userPhone: row.userPhone,
    packageName: row.packageName,
    serviceName: row.serviceName,
    serviceId: row.serviceId,
    servicesIncluded: row.servicesIncluded,
    servicesRemaining: row.servicesRemaining,
    purchasePrice: row.purchasePrice,
    status: row.status,
    paymentStatus: row.paymentStatus,
    paymentIntentId: row.paymentIntentId,
    refundedAmount: row.refundedAmount,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

async function loadPurchase(db: DbOrTx, id: string): Promise<PurchaseView> {
  const row = await repo.findPurchase(db, id);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
  return purchaseView(row);
}

/** Calendar months later, clamped to the month's last day (Jan 31 + 1 month = Feb 28). */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}

// ---------------------------------------------------------------------------------------------------------
// The admin's catalogue

export async function listPackagesForAdmin(ctx: AppContext): Promise<AdminPackageView[]> {
  const rows = await repo.listPackages(ctx.db, { activeOnly: false });
  return rows.map((row) => ({ ...packageView(row), purchaseCount: row.purchaseCount }));
}

function packageValues(input: PackageRequest) {
  return {
    name: input.name,
    description: input.description,
    serviceId: input.serviceId,
    serviceCount: input.serviceCount,
    originalPrice: input.originalPrice,
    packagePrice: input.packagePrice,
    // Never the client's figure: derived from the two prices.
    discount: packageDiscount(input.originalPrice, input.packagePrice),
    isActive: input.isActive,
    sendNotificationEmail: input.sendNotificationEmail,
    validityMonths: input.validityMonths,
  };
}

export async function createPackage(ctx: AppContext, input: PackageRequest): Promise<AdminPackageView> {
  if (!(await repo.serviceExists(ctx.db, input.serviceId))) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  const id = await repo.insertPackage(ctx.db, packageValues(input));
  const row = (await repo.findPackage(ctx.db, id))!;
  return { ...packageView(row), purchaseCount: 0 };
}

export async function updatePackage(ctx: AppContext, id: string, input: PackageRequest): Promise<AdminPackageView> {
  if (!(await repo.serviceExists(ctx.db, input.serviceId))) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  if (!(await repo.updatePackage(ctx.db, id, { ...packageValues(input), updatedAt: ctx.now() }))) throw new AppError('PACKAGE_NOT_FOUND', 'Package not found');
  const row = (await repo.findPackage(ctx.db, id))!;
  return { ...packageView(row), purchaseCount: row.purchaseCount };
}

/** A package somebody bought stays for their purchases' sake: it is deactivated instead of deleted. */
export async function deletePackage(ctx: AppContext, id: string): Promise<{ message: string; deactivated: boolean }> {
  const row = await repo.findPackage(ctx.db, id);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND', 'Package not found');
  if (row.purchaseCount > 0) {
    await repo.updatePackage(ctx.db, id, { isActive: false, updatedAt: ctx.now() });
    return { message: 'Package deactivated: it has purchases, so it is kept for them', deactivated: true };
  }
  await repo.deletePackage(ctx.db, id);
  return { message: 'Package deleted', deactivated: false };
}

// ---------------------------------------------------------------------------------------------------------
// Recording a purchase (every path: manual assignment, the admin's card, the customer's card)

interface PurchaseInput {
  pkg: PackageRow;
  customer: { id: string; fullName: string; email: string; phone: string | null };
  paymentStatus: 'paid' | 'manual';
  paymentIntentId: string | null;
  purchasePrice: string;
  servicesRemaining?: number | null;
  assignedBy: string | null;
  notes: string | null;
}

/**
 * The purchase and its grant, in one transaction; undefined when this payment was recorded already (the
 * unique index on payment_intent_id decides between the webhook, the card form and the browser's confirm).
 */
async function recordPurchase(ctx: AppContext, input: PurchaseInput): Promise<{ id: string; created: boolean }> {
  const now = ctx.now();
  const credits = input.servicesRemaining ?? input.pkg.serviceCount;
  const created = await ctx.db.transaction(async (tx) => {
    const id = await repo.insertPurchase(tx, {
      userId: input.customer.id,
      packageId: input.pkg.id,
      userName: input.customer.fullName,
      userEmail: input.customer.email,
      userPhone: input.customer.phone,
      packageName: input.pkg.name,
      serviceName: input.pkg.serviceName,
      servicesIncluded: input.pkg.serviceCount,
      // The grant below brings the balance up, so the balance is the ledger's sum from the first row.
      servicesRemaining: 0,
      purchasePrice: input.purchasePrice,
      status: 'active',
      paymentStatus: input.paymentStatus,
      paymentIntentId: input.paymentIntentId,
      activatedAt: now,
      expiresAt: input.pkg.validityMonths ? addMonths(now, input.pkg.validityMonths) : null,
      assignedBy: input.assignedBy,
      notes: input.notes,
    });
    if (!id) return undefined;
    await repo.applyCredit(tx, { purchaseId: id, kind: 'grant', delta: credits, adminUserId: input.assignedBy, reason: input.paymentStatus === 'manual' ? 'Assigned by the business' : 'Purchased' });
    return id;
  });
  if (!created) {
    const existing = await repo.findPurchaseIdByIntent(ctx.db, input.paymentIntentId!);
    return { id: existing!, created: false };
  }
  if (input.pkg.sendNotificationEmail) await sendPurchaseMail(ctx, input, credits).catch((error) => console.error('package mail failed', error));
  return { id: created, created: true };
}

async function sendPurchaseMail(ctx: AppContext, input: PurchaseInput, credits: number): Promise<void> {
  const language = await recipientLanguage(ctx, input.customer.id);
  const t = mailTexts(language, { package: input.pkg.name, service: input.pkg.serviceName, count: credits });
  const paid = input.paymentStatus === 'paid';
  const mail = renderMail(
    ctx.config.business.name,
    t(input.paymentStatus === 'manual' ? 'package.addedSubject' : 'package.boughtSubject'),
    [
      t('greeting', { name: input.customer.fullName }),
      `${paid ? t('package.creditsPaid', { amount: formatMailMoney(language, toCents(input.purchasePrice)) }) : t('package.credits')} ${input.pkg.validityMonths ? t('package.validFor', { months: input.pkg.validityMonths }) : t('package.neverExpires')}`,
      t('package.howToUse'),
    ],
    { label: t('package.action'), url: `${ctx.config.publicUrl}/my-packages` },
  );
  await ctx.mailer.send({ to: input.customer.email, ...mail, userId: input.customer.id, category: 'transactional' });
}

// ---------------------------------------------------------------------------------------------------------
// Card payments

async function startPayment(ctx: AppContext, pkg: PackageRow, customer: { id: string; email: string }, assignedBy: string | null): Promise<PackagePaymentResponse> {
  const amountCents = toCents(pkg.packagePrice);
  if (amountCents <= 0) throw new AppError('PACKAGE_FREE', 'This package is free: assign it without a card payment');
  try {
    const intent = await ctx.payments.createIntent({
      bookingId: null,
      amountCents,
      currency: 'usd',
      // Each purchase is its own intent: a customer may buy the same package twice. No money moves until the card is confirmed.
      idempotencyKey: `package-${pkg.id}-${customer.id}-${randomUUID()}`,
      receiptEmail: customer.email,
      metadata: { purpose: PACKAGE_PURPOSE, packageId: pkg.id, userId: customer.id, ...(assignedBy ? { assignedBy } : {}) },
    });
    return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, provider: ctx.payments.name, amount: pkg.packagePrice };
  } catch (error) {
    console.error('creating a package payment failed', error);
    throw new AppError('PAYMENT_UNAVAILABLE', 'Unable to initialize payment. Please try again.');
  }
}

export function isPackageIntent(intent: Pick<PaymentIntent, 'metadata'>): boolean {
  return intent.metadata?.purpose === PACKAGE_PURPOSE;
}

export type PackageSettleOutcome = 'recorded' | 'already_recorded' | 'declined' | 'processing' | 'not_completed';

/**
 * The sink of a package payment (called by settlePayment for intents whose metadata says package): a
 * succeeded intent becomes a purchase exactly once, whichever of the webhook, the card form or the
 * browser's confirm arrives first.
 */
export async function settlePackagePayment(ctx: AppContext, intent: PaymentIntent): Promise<{ outcome: PackageSettleOutcome; purchaseId?: string }> {
  if (intent.status === 'processing') return { outcome: 'processing' };
  if (intent.status !== 'succeeded') return { outcome: intent.lastError ? 'declined' : 'not_completed' };
  const existing = await repo.findPurchaseIdByIntent(ctx.db, intent.id);
  if (existing) return { outcome: 'already_recorded', purchaseId: existing };
  const { packageId, userId, assignedBy } = intent.metadata ?? {};
  if (!packageId || !userId || intent.currency !== 'usd') throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a package');
  const pkg = await repo.findPackage(ctx.db, packageId);
  const customer = await repo.findCustomer(ctx.db, userId);
  if (!pkg || !customer) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a known package and customer');
  const result = await recordPurchase(ctx, {
    pkg,
    customer,
    paymentStatus: 'paid',
    paymentIntentId: intent.id,
    // What was actually paid (the price may have changed since the intent was made).
    purchasePrice: fromCents(intent.amountCents),
    assignedBy: assignedBy ?? null,
    notes: null,
  });
  return { outcome: result.created ? 'recorded' : 'already_recorded', purchaseId: result.id };
}

async function retrieveIntent(ctx: AppContext, intentId: string): Promise<PaymentIntent> {
  try {
    return await ctx.payments.retrieveIntent(intentId);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (error instanceof UnknownIntentError || status === 404) throw new AppError('PAYMENT_NOT_FOUND', 'Payment not found');
    throw new AppError('PAYMENT_UNAVAILABLE', 'We could not reach the payment provider. Please try again.');
  }
}

/** Asks the provider (never the browser) how the payment ended, for this customer and (optionally) package. */
async function confirmIntent(ctx: AppContext, intentId: string, expected: { userId: string; packageId?: string }): Promise<PurchaseView> {
  const intent = await retrieveIntent(ctx, intentId);
  if (!isPackageIntent(intent)) throw new AppError('PAYMENT_MISMATCH', 'This payment is not for a package');
  if (intent.metadata?.userId !== expected.userId || (expected.packageId && intent.metadata?.packageId !== expected.packageId)) {
    throw new AppError('NOT_YOUR_PURCHASE', 'This payment belongs to someone else');
  }
  const settled = await settlePackagePayment(ctx, intent);
  if (settled.outcome === 'declined') {
    const reason = intent.lastError ?? 'Your card was declined.';
    throw new AppError('PAYMENT_DECLINED', reason, { reason });
  }
  if (!settled.purchaseId) throw new AppError('PAYMENT_NOT_COMPLETED', 'Payment has not been completed yet');
  return loadPurchase(ctx.db, settled.purchaseId);
}

// ---------------------------------------------------------------------------------------------------------
// The admin's purchases

export async function listPurchases(ctx: AppContext, query: PurchasesQuery) {
  const { items, total } = await repo.listPurchases(ctx.db, query);
  return { items: items.map(purchaseView), total, page: query.page, pageSize: query.pageSize };
}

async function activePackage(ctx: AppContext, packageId: string): Promise<PackageRow> {
  const pkg = await repo.findPackage(ctx.db, packageId);
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND', 'Package not found');
  if (!pkg.isActive) throw new AppError('PACKAGE_NOT_ACTIVE', 'This package is no longer offered');
  return pkg;
}

async function customerById(ctx: AppContext, userId: string) {
  const customer = await repo.findCustomer(ctx.db, userId);
  if (!customer || customer.role !== 'customer') throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  return customer;
}

export async function createAdminPayment(ctx: AppContext, admin: PublicUser, input: { userId: string; packageId: string }): Promise<PackagePaymentResponse> {
  const pkg = await activePackage(ctx, input.packageId);
  const customer = await customerById(ctx, input.userId);
  return startPayment(ctx, pkg, customer, admin.id);
}

/**
 * POST /api/admin/package-purchases: manual (Complimentary, at once; a new customer gets an account and a
 * link to choose a password) or after a card payment (recorded through the same sink as the webhook).
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
    const { user } = await createUser(ctx, { fullName: input.newCustomer!.fullName, email: input.newCustomer!.email, phone: input.newCustomer!.phone ?? null });
    await sendResetMail(ctx, user).catch((error) => console.error('password mail failed', error));
    customer = { id: user.id, fullName: user.fullName, email: user.email, phone: user.phone ?? null };
  }
  const { id } = await recordPurchase(ctx, {
    pkg,
    customer,
    paymentStatus: 'manual',
    paymentIntentId: null,
    purchasePrice: '0.00',
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

/** What a refund returns: the price paid minus the services used at the regular price per service (never below 0). */
export function refundCents(purchase: { purchasePrice: string; servicesIncluded: number; servicesRemaining: number; originalPrice: string; serviceCount: number }): number {
  const used = Math.max(0, purchase.servicesIncluded - purchase.servicesRemaining);
  const regularPerService = purchase.serviceCount > 0 ? Math.round(toCents(purchase.originalPrice) / purchase.serviceCount) : 0;
  return Math.max(0, toCents(purchase.purchasePrice) - used * regularPerService);
}

/**
 * The admin refunds a paid purchase: its remaining credits are removed (one `adjust` ledger row) and the
 * amount goes back through the provider as the last step before commit, so a failed refund saves nothing.
 */
export async function refundPurchase(ctx: AppContext, admin: PublicUser, purchaseId: string): Promise<PurchaseView & { refundedCents: number }> {
  const view = await repo.findPurchase(ctx.db, purchaseId);
  if (!view) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
  const cents = await ctx.db.transaction(async (tx) => {
    const purchase = await repo.lockPurchase(tx, purchaseId);
    if (!purchase) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
    if (purchase.paymentStatus === 'refunded') throw new AppError('PACKAGE_ALREADY_REFUNDED', 'This package was already refunded');
    if (purchase.paymentStatus !== 'paid' || !purchase.paymentIntentId) throw new AppError('PACKAGE_NOT_REFUNDABLE', 'Only a package paid by card can be refunded');
    const amount = refundCents({ ...purchase, originalPrice: view.originalPrice, serviceCount: view.serviceCount });
    const now = ctx.now();
    if (purchase.servicesRemaining > 0) {
      await repo.applyCredit(tx, { purchaseId, kind: 'adjust', delta: -purchase.servicesRemaining, adminUserId: admin.id, reason: `Refunded ${formatUsd(fromCents(amount))}` });
    }
    await repo.setPurchase(tx, purchaseId, { status: 'refunded', paymentStatus: 'refunded', refundedAt: now, refundedAmount: fromCents(amount) });
    if (amount > 0) {
      try {
        await providerInTransaction(ctx, tx).refund(purchase.paymentIntentId, amount);
      } catch (error) {
        const neverCharged = isTestProvider(ctx.payments) && error instanceof UnknownIntentError;
        if (!neverCharged) throw new AppError('REFUND_FAILED', 'The payment could not be refunded right now. Please try again in a moment.');
      }
    }
    return amount;
  });
  return { ...(await loadPurchase(ctx.db, purchaseId)), refundedCents: cents };
}

export async function purchaseLedger(ctx: AppContext, purchaseId: string) {
  await loadPurchase(ctx.db, purchaseId);
  const rows = await repo.ledgerOf(ctx.db, purchaseId);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

// ---------------------------------------------------------------------------------------------------------
// The customer's store and packages

export async function listStore(ctx: AppContext): Promise<PackageView[]> {
  return (await repo.listPackages(ctx.db, { activeOnly: true })).map(packageView);
}

export async function startPurchase(ctx: AppContext, user: PublicUser, packageId: string): Promise<PackagePaymentResponse> {
  const pkg = await activePackage(ctx, packageId);
  return startPayment(ctx, pkg, user, null);
}

export async function confirmPurchase(ctx: AppContext, user: PublicUser, paymentIntentId: string): Promise<PurchaseView> {
  return confirmIntent(ctx, paymentIntentId, { userId: user.id });
}

function userPackageView(row: PurchaseRow): UserPackageView {
  return {
    id: row.id,
    status: row.status,
    servicesIncluded: row.servicesIncluded,
    servicesRemaining: row.servicesRemaining,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    purchasePrice: row.purchasePrice,
    paymentStatus: row.paymentStatus,
    serviceId: row.serviceId,
    package: { id: row.packageId, name: row.packageName, serviceName: row.serviceName, originalPrice: row.originalPrice },
  };
}

/** GET /api/user/packages: active ones and the history (expired, used up, refunded). */
export async function listMine(ctx: AppContext, user: PublicUser): Promise<UserPackageView[]> {
  return (await repo.listUserPurchases(ctx.db, user.id)).map(userPackageView);
}

/** Checkout's question: which of my purchases can pay for this service now. */
export async function usableFor(ctx: AppContext, user: PublicUser, serviceId: string): Promise<UserPackageView[]> {
  return (await repo.activePurchasesFor(ctx.db, user.id, serviceId, ctx.now())).map(userPackageView);
}

// ---------------------------------------------------------------------------------------------------------
// Expiry

export const EXPIRE_PACKAGES_JOB = 'packages-expire';
export const REMIND_PACKAGES_JOB = 'packages-expiry-reminder';
const REMIND_DAYS = 14;

/** Moves purchases past their expiry to History: status expired, remaining credits removed by an `expire` row. */
export async function expirePurchases(ctx: AppContext): Promise<number> {
  let expired = 0;
  const now = ctx.now();
  for (const id of await repo.expiredPurchaseIds(ctx.db, now)) {
    const done = await ctx.db.transaction(async (tx) => {
      const purchase = await repo.lockPurchase(tx, id);
      if (!purchase || purchase.status !== 'active' || !purchase.expiresAt || purchase.expiresAt.getTime() > now.getTime()) return false;
      if (purchase.servicesRemaining !== 0) await repo.applyCredit(tx, { purchaseId: id, kind: 'expire', delta: -purchase.servicesRemaining, reason: 'Expired' });
      await repo.setPurchase(tx, id, { status: 'expired' });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

/** E-mails each customer once, 14 days before their package with credits left expires. */
export async function remindExpiring(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const until = new Date(now.getTime() + REMIND_DAYS * 86_400_000);
  let sent = 0;
  for (const row of await repo.expiringUnreminded(ctx.db, now, until)) {
    if (!row.userEmail || !(await repo.claimReminder(ctx.db, row.id, now))) continue;
    const language = await recipientLanguage(ctx, row.userId);
    const t = mailTexts(language, { package: row.packageName, service: row.serviceName, count: row.servicesRemaining, date: formatMailLongDate(language, row.expiresAt!) });
    const mail = renderMail(
      ctx.config.business.name,
      t('package.expiringSubject'),
      [row.userName ? t('greeting', { name: row.userName }) : t('greetingNoName'), t('package.expiringBody')],
      { label: t('package.bookAction'), url: `${ctx.config.publicUrl}/booking` },
    );
    await ctx.mailer.send({ to: row.userEmail, ...mail, userId: row.userId ?? undefined, category: 'transactional' });
    sent += 1;
  }
  return sent;
}
