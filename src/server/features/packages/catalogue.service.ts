import { packageDiscount, type AdminPackageView, type PackageRequest, type PackageView } from '../../../shared/schemas/packages';
import type { AppContext } from '../../context';
import { AppError } from '../../errors';
import { packageView, type PackageRow } from './package-views';
import * as repo from './packages.repository';

/** The packages on offer (docs/decisions/013-package-credits.md): the admin's catalogue and the customer's store. */

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
    translations: input.translations,
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

export async function listStore(ctx: AppContext): Promise<PackageView[]> {
  return (await repo.listPackages(ctx.db, { activeOnly: true })).map(packageView);
}

/** A package that can be bought or assigned now. */
export async function activePackage(ctx: AppContext, packageId: string): Promise<PackageRow> {
  const pkg = await repo.findPackage(ctx.db, packageId);
  if (!pkg) throw new AppError('PACKAGE_NOT_FOUND', 'Package not found');
  if (!pkg.isActive) throw new AppError('PACKAGE_NOT_ACTIVE', 'This package is no longer offered');
  return pkg;
}
