import type { PackageView, PurchaseView, UserPackageView } from '../../../shared/schemas/packages';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './packages.repository';

/** Packages and purchases as the admin and the customer see them, from the repository's rows. */

export type PackageRow = NonNullable<Awaited<ReturnType<typeof repo.findPackage>>>;
export type PurchaseRow = NonNullable<Awaited<ReturnType<typeof repo.findPurchase>>>;

export function packageView(row: PackageRow): PackageView {
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
    translations: row.translations,
  };
}

export function purchaseView(row: PurchaseRow): PurchaseView {
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
    paidBy: row.paidBy,
    paymentIntentId: row.paymentIntentId,
    refundedAmount: row.refundedAmount,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
    activatedAt: row.activatedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
  };
}

export async function loadPurchase(db: DbOrTx, id: string): Promise<PurchaseView> {
  const row = await repo.findPurchase(db, id);
  if (!row) throw new AppError('PACKAGE_NOT_FOUND', 'Package purchase not found');
  return purchaseView(row);
}

export function userPackageView(row: PurchaseRow): UserPackageView {
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
