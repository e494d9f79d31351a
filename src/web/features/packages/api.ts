import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@web/lib/api';

/** The customer's package calls: the store, their purchases, and buying one by card. */
export const packageKeys = {
  store: ['packages'] as const,
  mine: ['user', 'packages'] as const,
};

export const storePackagesQuery = queryOptions({ queryKey: packageKeys.store, queryFn: () => apiCall('GET /api/packages') });
export const myPackagesQuery = queryOptions({ queryKey: packageKeys.mine, queryFn: () => apiCall('GET /api/user/packages') });

export const useStorePackages = () => useQuery(storePackagesQuery);
export const useMyPackages = (enabled: boolean) => useQuery({ ...myPackagesQuery, enabled });

export const startPurchase = (packageId: string, savedCard?: { paymentMethodId: string; attemptKey: string }) => apiCall('POST /api/packages/purchase', { body: { packageId, ...savedCard } });
export const confirmPurchase = (paymentIntentId: string) => apiCall('POST /api/packages/confirm-purchase', { body: { paymentIntentId } });


/** Memberships for sale (decision 059): the plans, subscribing (first month now) and the card form's confirm. */
export const membershipKeys = { plans: ['memberships', 'plans'] as const, mine: ['user', 'memberships'] as const };
export const membershipPlansQuery = queryOptions({ queryKey: membershipKeys.plans, queryFn: () => apiCall('GET /api/memberships/plans') });
export const useMembershipPlans = () => useQuery(membershipPlansQuery);
export const subscribe = (planId: string, savedCard?: { paymentMethodId: string; idempotencyKey: string }) =>
  apiCall('POST /api/memberships/subscribe', {
    body: { planId, ...(savedCard ? { paymentMethodId: savedCard.paymentMethodId } : {}) },
    ...(savedCard ? { headers: { 'Idempotency-Key': savedCard.idempotencyKey } } : {}),
  });
export const confirmSubscription = (paymentIntentId: string) => apiCall('POST /api/memberships/confirm', { body: { paymentIntentId } });
