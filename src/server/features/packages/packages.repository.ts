import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { LedgerKind, PurchasesQuery } from '../../../shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { packageCreditLedger, packagePurchases, packages, packageUsage, services, users } from '../../db/schema';

/** The only code that reads and writes packages, purchases and the credit ledger. */

export type PackageRow = typeof packages.$inferSelect;
export type PurchaseRow = typeof packagePurchases.$inferSelect;

const packageColumns = {
  id: packages.id,
  name: packages.name,
  description: packages.description,
  serviceId: packages.serviceId,
  serviceName: services.name,
  servicePrice: services.price,
  serviceCount: packages.serviceCount,
  originalPrice: packages.originalPrice,
  packagePrice: packages.packagePrice,
  discount: packages.discount,
  isActive: packages.isActive,
  sendNotificationEmail: packages.sendNotificationEmail,
  validityMonths: packages.validityMonths,
  translations: packages.translations,
};

const purchaseCount = sql<number>`(select count(*)::int from ${packagePurchases} pp where pp.package_id = ${packages.id})`;

export async function listPackages(db: DbOrTx, options: { activeOnly: boolean }) {
  return db
    .select({ ...packageColumns, purchaseCount })
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(and(eq(packages.membershipOnly, false), options.activeOnly ? and(eq(packages.isActive, true), eq(services.isActive, true)) : undefined))
    .orderBy(desc(packages.isActive), asc(packages.name))
    .limit(200);
}

export async function findPackage(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ ...packageColumns, purchaseCount })
    .from(packages)
    .innerJoin(services, eq(services.id, packages.serviceId))
    .where(eq(packages.id, id));
  return row;
}

export async function insertPackage(db: DbOrTx, values: typeof packages.$inferInsert): Promise<string> {
  const [row] = await db.insert(packages).values(values).returning({ id: packages.id });
  return row!.id;
}

export async function updatePackage(db: DbOrTx, id: string, values: Partial<typeof packages.$inferInsert>): Promise<boolean> {
  const rows = await db.update(packages).set(values).where(eq(packages.id, id)).returning({ id: packages.id });
  return rows.length > 0;
}

export async function deletePackage(db: DbOrTx, id: string): Promise<void> {
  await db.delete(packages).where(eq(packages.id, id));
}

export async function serviceExists(db: DbOrTx, id: string) {
  const [row] = await db.select({ id: services.id, name: services.name }).from(services).where(eq(services.id, id));
  return row;
}

export async function findCustomer(db: DbOrTx, id: string) {
  const [row] = await db
    .select({ id: users.id, fullName: users.fullName, email: users.email, phone: users.phone, role: users.role })
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

// Purchases

const purchaseColumns = {
  id: packagePurchases.id,
  userId: packagePurchases.userId,
  packageId: packagePurchases.packageId,
  userName: packagePurchases.userName,
  userEmail: packagePurchases.userEmail,
  userPhone: packagePurchases.userPhone,
  packageName: packagePurchases.packageName,
  serviceName: packagePurchases.serviceName,
  serviceId: packages.serviceId,
  originalPrice: packages.originalPrice,
  serviceCount: packages.serviceCount,
  servicesIncluded: packagePurchases.servicesIncluded,
  servicesRemaining: packagePurchases.servicesRemaining,
  purchasePrice: packagePurchases.purchasePrice,
  status: packagePurchases.status,
  paymentStatus: packagePurchases.paymentStatus,
  paidBy: packagePurchases.paidBy,
  paymentIntentId: packagePurchases.paymentIntentId,
  refundedAmount: packagePurchases.refundedAmount,
  notes: packagePurchases.notes,
  createdAt: packagePurchases.createdAt,
  activatedAt: packagePurchases.activatedAt,
  expiresAt: packagePurchases.expiresAt,
};
export type PurchaseListRow = Awaited<ReturnType<typeof findPurchase>> & object;

/** Inserts a purchase; undefined when its payment was recorded already (the unique payment-intent index). */
export async function insertPurchase(tx: DbOrTx, values: typeof packagePurchases.$inferInsert): Promise<string | undefined> {
  const rows = await tx
    .insert(packagePurchases)
    .values(values)
    .onConflictDoNothing({ target: packagePurchases.paymentIntentId })
    .returning({ id: packagePurchases.id });
  return rows[0]?.id;
}

export async function findPurchase(db: DbOrTx, id: string) {
  const [row] = await db.select(purchaseColumns).from(packagePurchases).innerJoin(packages, eq(packages.id, packagePurchases.packageId)).where(eq(packagePurchases.id, id));
  return row;
}

export async function findPurchaseIdByIntent(db: DbOrTx, intentId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: packagePurchases.id }).from(packagePurchases).where(eq(packagePurchases.paymentIntentId, intentId));
  return row?.id;
}

/** Locks the purchase row for a change of balance or status (concurrent redemptions queue here). */
export async function lockPurchase(tx: DbOrTx, id: string): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(packagePurchases).where(eq(packagePurchases.id, id)).for('update');
  return row;
}

export async function setPurchase(tx: DbOrTx, id: string, values: Partial<typeof packagePurchases.$inferInsert>): Promise<void> {
  await tx.update(packagePurchases).set(values).where(eq(packagePurchases.id, id));
}

/**
 * The one way a balance changes: the ledger row and the purchase's running balance, together, in the
 * caller's transaction (so `services_remaining` always equals the ledger's sum).
 */
export async function applyCredit(
  tx: DbOrTx,
  entry: { purchaseId: string; kind: LedgerKind; delta: number; bookingId?: string | null; adminUserId?: string | null; reason?: string | null },
): Promise<void> {
  await tx.insert(packageCreditLedger).values({
    packagePurchaseId: entry.purchaseId,
    kind: entry.kind,
    delta: entry.delta,
    bookingId: entry.bookingId ?? null,
    adminUserId: entry.adminUserId ?? null,
    reason: entry.reason ?? null,
  });
  if (entry.delta !== 0) {
    await tx
      .update(packagePurchases)
      .set({ servicesRemaining: sql`${packagePurchases.servicesRemaining} + ${entry.delta}` })
      .where(eq(packagePurchases.id, entry.purchaseId));
  }
  // Usage rows (the account's savings count them): one per service used, gone when restored.
  if (entry.kind === 'redeem') {
    await tx.insert(packageUsage).values({ packagePurchaseId: entry.purchaseId, notes: entry.reason ?? null, adminUserId: entry.adminUserId ?? null, bookingId: entry.bookingId ?? null });
  } else if (entry.kind === 'restore' && entry.bookingId) {
    await tx.delete(packageUsage).where(and(eq(packageUsage.packagePurchaseId, entry.purchaseId), eq(packageUsage.bookingId, entry.bookingId)));
  }
}

export async function ledgerSum(db: DbOrTx, purchaseId: string): Promise<number> {
  const [row] = await db.select({ sum: sql<number>`coalesce(sum(${packageCreditLedger.delta}), 0)::int` }).from(packageCreditLedger).where(eq(packageCreditLedger.packagePurchaseId, purchaseId));
  return row?.sum ?? 0;
}

export async function ledgerOf(db: DbOrTx, purchaseId: string) {
  return db
    .select({
      id: packageCreditLedger.id,
      kind: packageCreditLedger.kind,
      delta: packageCreditLedger.delta,
      bookingId: packageCreditLedger.bookingId,
      reason: packageCreditLedger.reason,
      createdAt: packageCreditLedger.createdAt,
    })
    .from(packageCreditLedger)
    .where(eq(packageCreditLedger.packagePurchaseId, purchaseId))
    .orderBy(asc(packageCreditLedger.createdAt))
    .limit(500);
}

/** The booking's credit: the purchase it was redeemed from, unless it was restored already. */
export async function redeemedFor(tx: DbOrTx, bookingId: string): Promise<{ purchaseId: string; restored: boolean } | undefined> {
  const rows = await tx.select({ purchaseId: packageCreditLedger.packagePurchaseId, kind: packageCreditLedger.kind }).from(packageCreditLedger).where(eq(packageCreditLedger.bookingId, bookingId));
  const redeem = rows.find((r) => r.kind === 'redeem');
  if (!redeem) return undefined;
  return { purchaseId: redeem.purchaseId, restored: rows.some((r) => r.kind === 'restore') };
}

function purchaseSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const like = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    sql`lower(coalesce(${packagePurchases.userName}, '')) like ${like}`,
    sql`lower(coalesce(${packagePurchases.userEmail}, '')) like ${like}`,
    sql`lower(${packagePurchases.packageName}) like ${like}`,
    sql`lower(${packagePurchases.serviceName}) like ${like}`,
  );
}

const activeCondition = and(eq(packagePurchases.status, 'active'), gt(packagePurchases.servicesRemaining, 0));
const completedCondition = or(ne(packagePurchases.status, 'active'), lte(packagePurchases.servicesRemaining, 0));

export async function listPurchases(db: DbOrTx, query: PurchasesQuery) {
  const where = and(purchaseSearch(query.search), query.list === 'active' ? activeCondition : query.list === 'completed' ? completedCondition : undefined);
  const [rows, [total]] = await Promise.all([
    db
      .select(purchaseColumns)
      .from(packagePurchases)
      .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
      .where(where)
      .orderBy(desc(packagePurchases.createdAt), desc(packagePurchases.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(packagePurchases).where(where),
  ]);
  return { items: rows, total: total?.total ?? 0 };
}

export async function listUserPurchases(db: DbOrTx, userId: string) {
  return db
    .select(purchaseColumns)
    .from(packagePurchases)
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
    .where(eq(packagePurchases.userId, userId))
    .orderBy(desc(packagePurchases.createdAt))
    .limit(200);
}

/** The customer's usable purchases for a service (checkout offers the first). */
export async function activePurchasesFor(db: DbOrTx, userId: string, serviceId: string, now: Date) {
  return db
    .select(purchaseColumns)
    .from(packagePurchases)
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
    .where(
      and(
        eq(packagePurchases.userId, userId),
        eq(packages.serviceId, serviceId),
        activeCondition,
        or(isNull(packagePurchases.expiresAt), gt(packagePurchases.expiresAt, now)),
      ),
    )
    // The one that expires first is used first.
    .orderBy(sql`${packagePurchases.expiresAt} asc nulls last`, asc(packagePurchases.createdAt))
    .limit(20);
}

export async function expiredPurchaseIds(db: DbOrTx, now: Date, limit = 500): Promise<string[]> {
  const rows = await db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.status, 'active'), isNotNull(packagePurchases.expiresAt), lte(packagePurchases.expiresAt, now)))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** Active purchases with credits left that expire before `until` and were not reminded yet. */
export async function expiringUnreminded(db: DbOrTx, now: Date, until: Date, limit = 500) {
  return db
    .select(purchaseColumns)
    .from(packagePurchases)
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
    .where(
      and(
        activeCondition,
        isNull(packagePurchases.expiryReminderSentAt),
        isNotNull(packagePurchases.expiresAt),
        gt(packagePurchases.expiresAt, now),
        lte(packagePurchases.expiresAt, until),
      ),
    )
    .limit(limit);
}

/** Claims the reminder (true once per purchase, whichever instance asks first). */
export async function claimReminder(db: DbOrTx, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(packagePurchases)
    .set({ expiryReminderSentAt: now })
    .where(and(eq(packagePurchases.id, id), isNull(packagePurchases.expiryReminderSentAt)))
    .returning({ id: packagePurchases.id });
  return rows.length > 0;
}

/**
 * Account deletion: contact copies and typed notes on the person's package purchases (theirs, or bought under
 * one of their e-mails) are cleared, with the notes of their usage and ledger rows (the purchases stay for the books).
 */
export async function forgetPurchaserContact(tx: DbOrTx, userId: string, emails: readonly string[]): Promise<void> {
  const lowered = [...new Set(emails.map((e) => e.toLowerCase()))];
  const purchases = await tx
    .update(packagePurchases)
    .set({ userName: null, userEmail: null, userPhone: null, notes: null })
    .where(or(eq(packagePurchases.userId, userId), lowered.length ? inArray(sql`lower(${packagePurchases.userEmail})`, lowered) : undefined))
    .returning({ id: packagePurchases.id });
  const ids = purchases.map((p) => p.id);
  if (ids.length) {
    await tx.update(packageUsage).set({ notes: null }).where(inArray(packageUsage.packagePurchaseId, ids));
    await tx.update(packageCreditLedger).set({ reason: null }).where(inArray(packageCreditLedger.packagePurchaseId, ids));
  }
}

/** The hidden package a membership grants a service's credits under; made once per service. */
export async function membershipPackageFor(tx: DbOrTx, serviceId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(and(eq(packages.membershipOnly, true), eq(packages.serviceId, serviceId)))
    .orderBy(asc(packages.createdAt))
    .limit(1);
  return row?.id;
}

/** What is left of the credits granted under the given intents (a membership's periods). */
export async function creditsLeftByIntentPrefix(db: DbOrTx, userId: string, prefix: string): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`coalesce(sum(${packagePurchases.servicesRemaining}), 0)::int` })
    .from(packagePurchases)
    .where(and(eq(packagePurchases.userId, userId), eq(packagePurchases.status, 'active'), sql`${packagePurchases.paymentIntentId} like ${prefix + '%'}`));
  return row?.left ?? 0;
}

/** The oldest active purchase of `serviceId` among a membership's grants (keys starting with `prefix`) with a credit left. */
export async function creditPurchaseByIntentPrefix(db: DbOrTx, input: { userId: string; prefix: string; serviceId: string; now: Date }): Promise<string | undefined> {
  const [row] = await db
    .select({ id: packagePurchases.id })
    .from(packagePurchases)
    .innerJoin(packages, eq(packages.id, packagePurchases.packageId))
    .where(
      and(
        eq(packagePurchases.userId, input.userId),
        eq(packagePurchases.status, 'active'),
        eq(packages.serviceId, input.serviceId),
        gt(packagePurchases.servicesRemaining, 0),
        or(isNull(packagePurchases.expiresAt), gt(packagePurchases.expiresAt, input.now)),
        sql`${packagePurchases.paymentIntentId} like ${input.prefix + '%'}`,
      ),
    )
    .orderBy(asc(packagePurchases.createdAt))
    .limit(1);
  return row?.id;
}
