import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingStatus } from '@shared/domain';
import type {
  AdminBooking,
  AdminCustomer,
  AdminService,
  AvailabilityRow,
  ClosureRow,
  CreatedUser,
  DashboardSummary,
  DriverOption,
  ScheduleWeek,
  StaffMember,
  WeeklyHoursRow,
} from '@shared/schemas/admin';
import type { BookingView } from '@shared/schemas/bookings';
import type { Page } from '@shared/schemas/common';
import type { PublicUser } from '@shared/schemas/auth';
import { api } from '@web/lib/api';

/** Every back-office call: fetcher + queryOptions + hook, invalidated through the same keys. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  schedule: (startDate: string) => ['admin', 'schedule', startDate] as const,
  bookings: (params: BookingFilters) => ['admin', 'bookings', params] as const,
  customers: (params: { search: string; page: number }) => ['admin', 'customers', params] as const,
  services: ['admin', 'services'] as const,
  drivers: ['admin', 'drivers'] as const,
  staff: ['admin', 'staff'] as const,
  hours: ['admin', 'hours'] as const,
  addresses: (userId: string) => ['admin', 'addresses', userId] as const,
};

const qs = (params: Record<string, string | number | undefined>) =>
  new URLSearchParams(Object.entries(params).filter((e): e is [string, string | number] => e[1] !== undefined && e[1] !== '').map(([k, v]) => [k, String(v)])).toString();

// Dashboard

export const dashboardQuery = queryOptions({ queryKey: adminKeys.dashboard, queryFn: () => api.get<DashboardSummary>('/api/admin/dashboard'), staleTime: 30_000 });
export const useDashboard = () => useQuery(dashboardQuery);

// Services

export const adminServicesQuery = queryOptions({ queryKey: adminKeys.services, queryFn: () => api.get<AdminService[]>('/api/admin/services') });
export const useAdminServices = () => useQuery(adminServicesQuery);

export interface ServiceForm {
  name: string;
  description: string;
  price: string;
  serviceFee: string;
  duration: number | string;
  imageUrl: string | null;
  isActive: boolean;
  locationOptions: { mobile: boolean; pickup: boolean; serviceLocation: boolean };
}

export function useSaveService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: ServiceForm }) =>
      id ? api.put<AdminService>(`/api/admin/services/${id}`, form) : api.post<AdminService>('/api/admin/services', form),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSeedServices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<{ message: string; added: number }>('/api/admin/seed-services'),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export const useResetAdminPassword = () => useMutation({ mutationFn: () => api.post<{ message: string }>('/api/admin/reset-admin-password') });

/** Sends the picture as multipart; the server checks it really is an image. */
export async function uploadImage(file: File): Promise<{ id: string; url: string }> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch('/api/admin/uploads', { method: 'POST', body, credentials: 'include' });
  const parsed = (await response.json().catch(() => ({}))) as { message?: string; url?: string; id?: string };
  if (!response.ok) throw new Error(parsed.message ?? `${response.status}: upload failed`);
  return parsed as { id: string; url: string };
}

// Schedule

export const scheduleQuery = (startDate: string) =>
  queryOptions({ queryKey: adminKeys.schedule(startDate), queryFn: () => api.get<ScheduleWeek>(`/api/admin/schedule?startDate=${startDate}`), staleTime: 0 });
export const useSchedule = (startDate: string) => useQuery({ ...scheduleQuery(startDate), placeholderData: keepPreviousData });

export const weeklyHoursQuery = queryOptions({ queryKey: adminKeys.hours, queryFn: () => api.get<WeeklyHoursRow[]>('/api/admin/business-hours') });

export interface AppointmentForm {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceId: string;
  date: string;
  time: string;
  notes: string;
}

/** A mutation that refreshes everything the back office shows once it succeeds. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useCreateAppointment = () => useAdminMutation((form: AppointmentForm) => api.post<BookingView>('/api/admin/appointments', form));
export const useUpdateAppointment = () => useAdminMutation(({ id, form }: { id: string; form: AppointmentForm }) => api.put<BookingView>(`/api/admin/appointments/${id}`, form));
export const useDeleteAppointment = () => useAdminMutation((id: string) => api.delete<{ message: string }>(`/api/admin/appointments/${id}`));
export const useBlockTime = () =>
  useAdminMutation((form: { date: string; startTime: string; endTime: string; reason: string }) => api.post<BookingView>('/api/admin/blocked-time', form));

export interface AvailabilityForm {
  date: string;
  startTime: string;
  endTime: string;
  maxCapacity: number;
  notes?: string;
  isActive?: boolean;
}
export const useCreateAvailability = () => useAdminMutation((form: AvailabilityForm) => api.post<AvailabilityRow>('/api/admin/business-availability', form));
export const useUpdateAvailability = () =>
  useAdminMutation(({ id, form }: { id: string; form: AvailabilityForm }) =>
    // The spec's PUT carries the date as midnight UTC.
    api.put<AvailabilityRow>(`/api/admin/business-availability/${id}`, { ...form, date: `${form.date}T00:00:00.000Z` }),
  );
export const useDeleteAvailability = () => useAdminMutation((id: string) => api.delete<{ message: string }>(`/api/admin/business-availability/${id}`));
export const useBulkAvailability = () =>
  useAdminMutation((form: { startDate: string; endDate: string; startTime: string; endTime: string; maxCapacity: number; daysOfWeek: number[] }) =>
    api.post<{ created: number; skipped: number; message: string }>('/api/admin/bulk-business-availability', form),
  );

export interface ClosureForm {
  date: string;
  name: string;
  reason: string;
  type: ClosureRow['type'];
  isRecurring: boolean;
}
type ClosureResult = ClosureRow & { affectedBookings: number };
export const useSaveClosure = () =>
  useAdminMutation(({ id, form }: { id?: string; form: ClosureForm }) =>
    id ? api.put<ClosureResult>(`/api/admin/business-closures/${id}`, form) : api.post<ClosureResult>('/api/admin/business-closures', form),
  );
export const useDeleteClosure = () => useAdminMutation((id: string) => api.delete<{ message: string }>(`/api/admin/business-closures/${id}`));
export const useSaveWeeklyHours = () => useAdminMutation((days: WeeklyHoursRow[]) => api.put<WeeklyHoursRow[]>('/api/admin/business-hours', { days }));

// Bookings

export interface BookingFilters {
  page: number;
  status?: string;
  from?: string;
  to?: string;
  search?: string;
}
export const ADMIN_PAGE_SIZE = 10;

export const adminBookingsQuery = (filters: BookingFilters) =>
  queryOptions({
    queryKey: adminKeys.bookings(filters),
    queryFn: () => api.get<Page<AdminBooking>>(`/api/admin/bookings?${qs({ ...filters, pageSize: ADMIN_PAGE_SIZE })}`),
    staleTime: 0,
  });
export const useAdminBookings = (filters: BookingFilters) => useQuery({ ...adminBookingsQuery(filters), placeholderData: keepPreviousData });

export const driversQuery = queryOptions({ queryKey: adminKeys.drivers, queryFn: () => api.get<DriverOption[]>('/api/drivers') });
export const useDrivers = () => useQuery(driversQuery);

export const useSetBookingStatus = () =>
  useAdminMutation(({ id, status }: { id: string; status: BookingStatus }) => api.patch<AdminBooking>(`/api/bookings/${id}/status`, { status }));
export const useUpdateBooking = () =>
  useAdminMutation(({ id, body }: { id: string; body: { date: string; time: string; serviceId?: string; addressId?: string | null; notes?: string | null } }) =>
    api.put<AdminBooking>(`/api/admin/bookings/${id}`, body),
  );
export const useDeleteBooking = () => useAdminMutation((id: string) => api.delete<{ message: string }>(`/api/admin/bookings/${id}`));
export const useAssignDriver = () =>
  useAdminMutation(({ driverId, bookingId }: { driverId: string; bookingId: string }) => api.post<BookingView>(`/api/drivers/${driverId}/assign/${bookingId}`));

export const customerAddressesQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.addresses(userId),
    queryFn: () => api.get<Array<{ id: string; street: string; city: string; state: string; zipCode: string; isDefault: boolean }>>(`/api/admin/customers/${userId}/addresses`),
    staleTime: 0,
  });

// Customers and users

export const CUSTOMERS_PAGE_SIZE = 20;
export const customersQuery = (params: { search: string; page: number }) =>
  queryOptions({
    queryKey: adminKeys.customers(params),
    queryFn: () => api.get<Page<AdminCustomer>>(`/api/admin/customers?${qs({ ...params, pageSize: CUSTOMERS_PAGE_SIZE })}`),
    staleTime: 0,
  });
export const useCustomers = (params: { search: string; page: number }) => useQuery({ ...customersQuery(params), placeholderData: keepPreviousData });

export const useUpdateCustomer = () =>
  useAdminMutation(({ id, form }: { id: string; form: { fullName: string; email: string; phone: string } }) => api.put<PublicUser>(`/api/admin/customers/${id}`, form));
export const useDeleteCustomer = () => useAdminMutation((id: string) => api.delete<{ message: string }>(`/api/admin/customers/${id}`));
export const useSendPasswordReset = () => useMutation({ mutationFn: (email: string) => api.post<{ message: string }>('/api/admin/send-password-reset', { email }) });
export const useCreateUser = () => useAdminMutation((form: { fullName: string; email: string; phone: string }) => api.post<CreatedUser>('/api/admin/users', form));

// Staff

export const staffQuery = queryOptions({ queryKey: adminKeys.staff, queryFn: () => api.get<Page<StaffMember>>('/api/admin/staff?pageSize=100'), staleTime: 0, refetchInterval: 30_000 });
export const useStaff = () => useQuery(staffQuery);
export const useAddDriver = () => useAdminMutation((form: { fullName: string; email: string; phone: string }) => api.post<StaffMember>('/api/admin/staff', form));
export const useUpdateStaff = () => useAdminMutation(({ id, isDisabled }: { id: string; isDisabled: boolean }) => api.patch<StaffMember>(`/api/admin/staff/${id}`, { isDisabled }));
export const useResendInvite = () => useMutation({ mutationFn: (id: string) => api.post<{ message: string }>(`/api/admin/staff/${id}/resend-invite`) });
