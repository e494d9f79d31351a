import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import * as repo from './packages.repository';

/**
 * A membership's paid period grants its credits as package credits (decision 059), so booking with a credit
 * works unchanged: a purchase of a hidden, membership-only package of the service, worth nothing on its own
 * (the membership's payment is the revenue). Its `payment_intent_id` is the period's key, so the unique index
 * makes a grant happen once per period and service, however often it is asked for.
 */
export async function grantMembershipCredits(
  ctx: AppContext,
  tx: DbOrTx,
  input: { userId: string; serviceId: string; count: number; planName: string; grantKey: string },
): Promise<boolean> {
  const customer = await repo.findCustomer(tx, input.userId);
  if (!customer) throw new AppError('CUSTOMER_NOT_FOUND', 'Customer not found');
  const service = await repo.serviceExists(tx, input.serviceId);
  if (!service) throw new AppError('SERVICE_NOT_FOUND', 'Service not found');
  const packageId =
    (await repo.membershipPackageFor(tx, input.serviceId)) ??
    (await repo.insertPackage(tx, {
      name: `Membership — ${service.name}`,
      serviceId: input.serviceId,
      serviceCount: 1,
      originalPrice: '0.00',
      packagePrice: '0.00',
      isActive: false,
      sendNotificationEmail: false,
      membershipOnly: true,
    }));
  const purchaseId = await repo.insertPurchase(tx, {
    userId: customer.id,
    packageId,
    userName: customer.fullName,
    userEmail: customer.email,
    userPhone: customer.phone,
    packageName: input.planName,
    serviceName: service.name,
    servicesIncluded: input.count,
    servicesRemaining: 0,
    purchasePrice: '0.00',
    status: 'active',
    paymentStatus: 'manual',
    paidBy: 'complimentary',
    paymentIntentId: input.grantKey,
    activatedAt: ctx.now(),
    notes: 'Membership credits',
  });
  if (!purchaseId) return false;
  await repo.applyCredit(tx, { purchaseId, kind: 'grant', delta: input.count, reason: `Membership: ${input.planName}` });
  return true;
}

/** Credits left from a membership's grants (their keys start with `prefix`). */
export async function membershipCreditsLeft(ctx: AppContext, userId: string, prefix: string): Promise<number> {
  return repo.creditsLeftByIntentPrefix(ctx.db, userId, prefix);
}

/** A purchase holding one of a membership's credits for `serviceId` (the oldest first), to pay a booking with; undefined when none is left. */
export async function membershipCreditFor(ctx: AppContext, input: { userId: string; prefix: string; serviceId: string }): Promise<string | undefined> {
  return repo.creditPurchaseByIntentPrefix(ctx.db, { ...input, now: ctx.now() });
}
