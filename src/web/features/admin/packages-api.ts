import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { Translations } from '@shared/localized';
import { apiCall } from '@web/lib/api';

/** The back office's packages and purchases. */
export const packageKeys = {
  all: ['admin', 'packages'] as const,
  packages: ['admin', 'packages', 'list'] as const,
  purchases: (params: { search: string; list: 'active' | 'completed'; page: number }) => ['admin', 'packages', 'purchases', params] as const,
};

export const adminPackagesQuery = queryOptions({ queryKey: packageKeys.packages, queryFn: () => apiCall('GET /api/admin/packages') });
export const useAdminPackages = () => useQuery(adminPackagesQuery);

export const purchasesQuery = (params: { search: string; list: 'active' | 'completed'; page: number }) =>
  queryOptions({
    queryKey: packageKeys.purchases(params),
    queryFn: () => apiCall('GET /api/admin/package-purchases', { query: { search: params.search || undefined, list: params.list, page: params.page, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });
export const usePurchases = (params: { search: string; list: 'active' | 'completed'; page: number }) => useQuery(purchasesQuery(params));

function usePackagesMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: packageKeys.all }) });
}

export interface PackageForm {
  name: string;
  description: string;
  serviceId: string;
  serviceCount: string | number;
  originalPrice: string;
  packagePrice: string;
  discount: string;
  isActive: boolean;
  sendNotificationEmail: boolean;
  validityMonths: string;
  /** Spanish and French words (decision 053). */
  translations: Translations;
}

export const useSavePackage = () =>
  usePackagesMutation(({ id, form }: { id?: string; form: PackageForm }) => {
    const body = { ...form, validityMonths: form.validityMonths ? Number(form.validityMonths) : null };
    return id ? apiCall('PUT /api/admin/packages/:id', { params: { id }, body }) : apiCall('POST /api/admin/packages', { body });
  });
export const useDeletePackage = () => usePackagesMutation((id: string) => apiCall('DELETE /api/admin/packages/:id', { params: { id } }));
export const useAssignPackage = () =>
  usePackagesMutation(
    (body: {
      userId?: string;
      newCustomer?: { fullName: string; email: string; phone?: string };
      packageId: string;
      notes?: string;
      /** manual is complimentary; cash and check carry the amount received (decision 047). */
      paymentMethod: 'manual' | 'cash' | 'check' | 'stripe';
      amountPaid?: string;
      paymentIntentId?: string;
      servicesRemaining?: number;
    }) =>
      apiCall('POST /api/admin/package-purchases', { body }),
  );
export const useMarkUsed = () =>
  usePackagesMutation(({ purchaseId, notes }: { purchaseId: string; notes: string }) => apiCall('POST /api/admin/package-purchases/:purchaseId/use', { params: { purchaseId }, body: { notes } }));
export const useRefundPurchase = () =>
  usePackagesMutation((purchaseId: string) => apiCall('POST /api/admin/package-purchases/:purchaseId/refund', { params: { purchaseId } }));

/** A card payment for a package, taken by the admin for an existing customer (the server's price). */
export const startAdminPackagePayment = (body: { userId: string; packageId: string }) => apiCall('POST /api/admin/package-purchases/payment', { body });
