import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import type { BookingStatus, SizeClass } from '@shared/domain';
import type { ClosureRow, WeeklyHoursRow } from '@shared/schemas/admin-schedule';
import type { AddOnRequest } from '@shared/schemas/admin-services';
import type { Translations } from '@shared/localized';
import { toast } from '@web/lib/toast';
import { ApiError, apiCall, errorMessage, type ApiRequest } from '@web/lib/api';

/** Every back-office call: fetcher + queryOptions + hook, invalidated through the same keys. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: ['admin', 'dashboard'] as const,
  backups: ['admin', 'backups'] as const,
  schedule: (startDate: string) => ['admin', 'schedule', startDate] as const,
  bookings: (params: BookingFilters) => ['admin', 'bookings', params] as const,
  customers: (params: { search: string; page: number }) => ['admin', 'customers', params] as const,
  clients: (params: { q: string; page: number }) => ['admin', 'clients', params] as const,
  client: (id: string) => ['admin', 'client', id] as const,
  clientBookings: (id: string, page: number) => ['admin', 'client', id, 'bookings', page] as const,
  services: ['admin', 'services'] as const,
  addOns: (page: number) => ['admin', 'add-ons', page] as const,
  drivers: ['admin', 'drivers'] as const,
  staff: ['admin', 'staff'] as const,
  hours: ['admin', 'hours'] as const,
  closures: (startDate: string, endDate: string) => ['admin', 'closures', startDate, endDate] as const,
  addresses: (userId: string) => ['admin', 'addresses', userId] as const,
  dispatch: (date: string | undefined) => ['admin', 'dispatch', date ?? 'today'] as const,
  dispatchLanes: (date: string, page: number) => ['admin', 'dispatch-lanes', date, page] as const,
};

/**
 * A create sends an Idempotency-Key: one per opened form (`newIdempotencyKey()` when the dialog mounts), so a
 * double click or a retried request saves one record; a repeat while the first runs answers 409.
 */
export { newIdempotencyKey } from '@web/lib/api';
const idem = (key: string | undefined) => (key ? { 'idempotency-key': key } : undefined);

// Dashboard

export const dashboardQuery = queryOptions({ queryKey: adminKeys.dashboard, queryFn: () => apiCall('GET /api/admin/dashboard'), staleTime: 30_000 });
export const useDashboard = () => useQuery(dashboardQuery);

export const backupStatusQuery = queryOptions({ queryKey: adminKeys.backups, queryFn: () => apiCall('GET /api/admin/backups'), staleTime: 5 * 60_000 });
export const useBackupStatus = () => useQuery(backupStatusQuery);

// Services

/** A day's free starts for a service (the same list customers see), for the reschedule dialog. */
export const freeTimesQuery = (serviceId: string, date: string) =>
  queryOptions({
    queryKey: ['admin', 'free-times', serviceId, date] as const,
    queryFn: () => apiCall('GET /api/services/:id/available-slots', { params: { id: serviceId }, query: { date } }),
    enabled: Boolean(serviceId && /^\d{4}-\d{2}-\d{2}$/.test(date)),
    staleTime: 15_000,
  });
export const adminServicesQuery = queryOptions({ queryKey: adminKeys.services, queryFn: () => apiCall('GET /api/admin/services') });
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
  /** The size table: each class's price and minutes as typed; empty is the base. */
  sizePrices: Record<SizeClass, { price: string | null; duration: number | string | null }>;
  /** Spanish and French words (decision 053). */
  translations: Translations;
  /** No deposit, a fixed amount (cents) or a percentage (decision 057); sent whole, so an edit keeps it. */
  deposit: { kind: 'none' | 'fixed' | 'percent'; value: number };
}

export function useSaveService() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form, idempotencyKey }: { id?: string; form: ServiceForm; idempotencyKey?: string }) =>
      id ? apiCall('PUT /api/admin/services/:id', { params: { id }, body: form }) : apiCall('POST /api/admin/services', { body: form, headers: idem(idempotencyKey) }),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useSeedServices() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall('POST /api/admin/seed-services'),
    onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

// Add-ons

export const ADD_ONS_PAGE_SIZE = 20;
export const addOnsQuery = (page: number) =>
  queryOptions({ queryKey: adminKeys.addOns(page), queryFn: () => apiCall('GET /api/admin/add-ons', { query: { page, pageSize: ADD_ONS_PAGE_SIZE } }) });
export const useAddOns = (page: number) => useQuery({ ...addOnsQuery(page), placeholderData: keepPreviousData });

export function useSaveAddOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, form, idempotencyKey }: { id?: string; form: AddOnRequest; idempotencyKey?: string }) =>
      id ? apiCall('PUT /api/admin/add-ons/:id', { params: { id }, body: form }) : apiCall('POST /api/admin/add-ons', { body: form, headers: idem(idempotencyKey) }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'add-ons'] }),
  });
}

export function useDeleteAddOn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiCall('DELETE /api/admin/add-ons/:id', { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', 'add-ons'] }),
  });
}

export const useResetAdminPassword = () => useMutation({ mutationFn: () => apiCall('POST /api/admin/reset-admin-password') });

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
  queryOptions({ queryKey: adminKeys.schedule(startDate), queryFn: () => apiCall('GET /api/admin/schedule', { query: { startDate } }), staleTime: 0 });
export const useSchedule = (startDate: string) => useQuery({ ...scheduleQuery(startDate), placeholderData: keepPreviousData });

export const weeklyHoursQuery = queryOptions({ queryKey: adminKeys.hours, queryFn: () => apiCall('GET /api/admin/business-hours') });

export interface AppointmentForm {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  serviceId: string;
  date: string;
  time: string;
  notes: string;
  /** A new phone appointment only: where it happens, the address for mobile and pickup, and how it is paid. */
  serviceType?: 'mobile' | 'pickup' | 'serviceLocation';
  address?: { street: string; city: string; state: string; zipCode: string } | null;
  payment?: 'on_site' | 'link' | 'later';
}

/** A mutation that refreshes everything the back office shows once it succeeds. */
function useAdminMutation<I, O>(fn: (input: I) => Promise<O>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: fn, onSuccess: () => client.invalidateQueries({ queryKey: adminKeys.all }) });
}

export const useCreateAppointment = () =>
  useAdminMutation((form: AppointmentForm & { idempotencyKey?: string }) => {
    const { idempotencyKey, ...body } = form;
    return apiCall('POST /api/admin/appointments', { body, headers: idem(idempotencyKey) });
  });
export const useUpdateAppointment = () => useAdminMutation(({ id, form }: { id: string; form: AppointmentForm }) => apiCall('PUT /api/admin/appointments/:id', { params: { id }, body: form }));
export const useDeleteAppointment = () => useAdminMutation((id: string) => apiCall('DELETE /api/admin/appointments/:id', { params: { id } }));
export const useBlockTime = () =>
  useAdminMutation((form: { date: string; startTime: string; endTime: string; reason: string }) => apiCall('POST /api/admin/blocked-time', { body: form }));
/** The block editor: saves exactly the date, start, end and reason it shows. */
export const useUpdateBlockedTime = () =>
  useAdminMutation(({ id, form }: { id: string; form: { date: string; startTime: string; endTime: string; reason: string } }) => apiCall('PUT /api/admin/blocked-time/:id', { params: { id }, body: form }));

export interface AvailabilityForm {
  date: string;
  startTime: string;
  endTime: string;
  maxCapacity: number;
  notes?: string;
  isActive?: boolean;
}
export const useCreateAvailability = () =>
  useAdminMutation((form: AvailabilityForm & { idempotencyKey?: string }) => {
    const { idempotencyKey, ...body } = form;
    return apiCall('POST /api/admin/business-availability', { body, headers: idem(idempotencyKey) });
  });
export const useUpdateAvailability = () =>
  useAdminMutation(({ id, form }: { id: string; form: AvailabilityForm }) =>
    // The PUT carries the date as midnight UTC; the server keeps the calendar day.
    apiCall('PUT /api/admin/business-availability/:id', { params: { id }, body: { ...form, date: `${form.date}T00:00:00.000Z` } }),
  );
export const useDeleteAvailability = () => useAdminMutation((id: string) => apiCall('DELETE /api/admin/business-availability/:id', { params: { id } }));
export const useBulkAvailability = () =>
  useAdminMutation((form: { startDate: string; endDate: string; startTime: string; endTime: string; maxCapacity: number; daysOfWeek: number[] }) =>
    apiCall('POST /api/admin/bulk-business-availability', { body: form }),
  );

export interface ClosureForm {
  date: string;
  name: string;
  reason: string;
  type: ClosureRow['type'];
  isRecurring: boolean;
}
export const useSaveClosure = () =>
  useAdminMutation(({ id, form }: { id?: string; form: ClosureForm }) =>
    id ? apiCall('PUT /api/admin/business-closures/:id', { params: { id }, body: form }) : apiCall('POST /api/admin/business-closures', { body: form }),
  );
/** The closures of a date range (a year at most: one answer). */
export const closuresQuery = (startDate: string, endDate: string) =>
  queryOptions({ queryKey: adminKeys.closures(startDate, endDate), queryFn: () => apiCall('GET /api/admin/business-closures', { query: { startDate, endDate } }) });
export const useClosures = (startDate: string, endDate: string, enabled = true) => useQuery({ ...closuresQuery(startDate, endDate), enabled });
export const useDeleteClosure = () => useAdminMutation((id: string) => apiCall('DELETE /api/admin/business-closures/:id', { params: { id } }));
export const useSaveWeeklyHours = () => useAdminMutation((days: WeeklyHoursRow[]) => apiCall('PUT /api/admin/business-hours', { body: { days } }));

// Bookings

export interface BookingFilters {
  page: number;
  status?: string;
  paymentStatus?: string;
  driverId?: string;
  serviceType?: string;
  from?: string;
  to?: string;
  search?: string;
  sort?: 'job' | 'job_asc' | 'job_desc' | 'newest';
}

type ListQuery = ApiRequest<'GET /api/admin/bookings'> extends { query?: infer Q } ? NonNullable<Q> : never;

/** The list's filters as the API spells them (without the page), shared by the list and the CSV export link. */
export function bookingFilterQuery(filters: BookingFilters): Omit<ListQuery, 'page' | 'pageSize'> {
  const { page: _page, ...rest } = filters;
  return Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')) as Omit<ListQuery, 'page' | 'pageSize'>;
}

/** GET /api/admin/bookings/export.csv with the same filters: a plain link, so the browser downloads the streamed file. */
export function bookingsCsvUrl(filters: BookingFilters): string {
  const params = new URLSearchParams(Object.entries(bookingFilterQuery(filters)).map(([k, v]) => [k, String(v)]));
  const query = params.toString();
  return `/api/admin/bookings/export.csv${query ? `?${query}` : ''}`;
}
export const ADMIN_PAGE_SIZE = 10;

export const adminBookingsQuery = (filters: BookingFilters) =>
  queryOptions({
    queryKey: adminKeys.bookings(filters),
    queryFn: () => apiCall('GET /api/admin/bookings', { query: { ...bookingFilterQuery(filters), page: filters.page, pageSize: ADMIN_PAGE_SIZE } }),
    staleTime: 0,
  });
export const useAdminBookings = (filters: BookingFilters) => useQuery({ ...adminBookingsQuery(filters), placeholderData: keepPreviousData });

export const driversQuery = queryOptions({ queryKey: adminKeys.drivers, queryFn: () => apiCall('GET /api/drivers') });
export const useDrivers = () => useQuery(driversQuery);

export const useSetBookingStatus = () =>
  useAdminMutation(({ id, status }: { id: string; status: BookingStatus }) => apiCall('PATCH /api/bookings/:id/status', { params: { id }, body: { status } }));
export const useUpdateBooking = () =>
  useAdminMutation(({ id, body }: { id: string; body: { date: string; time: string; serviceId?: string; addressId?: string | null; notes?: string | null } }) =>
    apiCall('PUT /api/admin/bookings/:id', { params: { id }, body }),
  );
/** Cancels through the booking core: a paid booking is refunded and the customer is e-mailed. */
export const useCancelBooking = () =>
  useAdminMutation(({ id, message }: { id: string; message: string }) => apiCall('POST /api/admin/bookings/:id/cancel', { params: { id }, body: { message: message.trim() || null } }));
/** (Re)sends the confirmation e-mail with its Pay now link (an unpaid phone appointment). */
export const useSendPaymentLink = () => useAdminMutation((id: string) => apiCall('POST /api/admin/bookings/:id/payment-link', { params: { id } }));
export const useDeleteBooking = () => useAdminMutation((id: string) => apiCall('DELETE /api/admin/bookings/:id', { params: { id } }));
export const useAssignDriver = () =>
  useAdminMutation(({ driverId, bookingId, override }: { driverId: string; bookingId: string; override?: boolean }) =>
    apiCall('POST /api/drivers/:driverId/assign/:bookingId', { params: { driverId, bookingId }, body: override ? { override: true } : {} }),
  );

/** A refused assignment or move the owner may confirm anyway (409 ASSIGNMENT_CONFLICT, decision 056): its words. */
export function assignmentConflict(error: unknown): string | null {
  return error instanceof ApiError && error.code === 'ASSIGNMENT_CONFLICT' ? errorMessage(error, 'That technician cannot take this job then.') : null;
}

/**
 * Assign ('' unassigns) with the toast both the bookings list and the dispatch board show. A conflict with the
 * technician's day goes to `onConflict` when given (the board's "Assign anyway" dialog, which calls
 * `change(id, true)`), else to the error toast.
 */
export function useChangeDriver(bookingId: string, number: string, onConflict?: (message: string, driverId: string) => void) {
  const assign = useAssignDriver();
  const change = (driverId: string, override = false) =>
    assign.mutate(
      { driverId: driverId || 'unassign', bookingId, override },
      {
        onSuccess: (view) => toast.success(view.driver ? 'Driver assigned' : 'Driver unassigned', { description: view.driver ? `${view.driver.fullName} takes #${number}` : `#${number} has no driver` }),
        onError: (error) => {
          const conflict = assignmentConflict(error);
          if (conflict && onConflict) onConflict(conflict, driverId);
          else toast.error('Error assigning driver', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );
  return { change, isPending: assign.isPending };
}

/** One day's lanes of the dispatch board: each technician's jobs with the drive before each, and the unassigned page. */
export const dispatchLanesQuery = (date: string, page: number) =>
  queryOptions({ queryKey: adminKeys.dispatchLanes(date, page), queryFn: () => apiCall('GET /api/admin/dispatch/lanes', { query: { date, page } }), staleTime: 0 });
export const useDispatchLanes = (date: string, page: number) => useQuery({ ...dispatchLanesQuery(date, page), placeholderData: keepPreviousData });

/** The board's move: a job to a technician (null: unassigned) and/or a start that day; `override` after the owner confirmed a conflict. */
export const useMoveJob = () =>
  useAdminMutation(({ bookingId, technicianId, startTime, override }: { bookingId: string; technicianId: string | null; startTime?: string; override?: boolean }) =>
    apiCall('PATCH /api/admin/dispatch/bookings/:id', { params: { id: bookingId }, body: { technicianId, ...(startTime ? { startTime } : {}), ...(override ? { override: true } : {}) } }),
  );

/** The dispatch board (today and tomorrow by default); refetched by the staff channel like every admin query. */
export const dispatchQuery = (date?: string) =>
  queryOptions({ queryKey: adminKeys.dispatch(date), queryFn: () => apiCall('GET /api/admin/dispatch', { query: date ? { date } : {} }), staleTime: 0 });
export const useDispatch = (date?: string) => useQuery({ ...dispatchQuery(date), placeholderData: keepPreviousData });

export const customerAddressesQuery = (userId: string) =>
  queryOptions({
    queryKey: adminKeys.addresses(userId),
    queryFn: () => apiCall('GET /api/admin/customers/:id/addresses', { params: { id: userId } }),
    staleTime: 0,
  });

// Customers and users

export const CUSTOMERS_PAGE_SIZE = 20;
export const customersQuery = (params: { search: string; page: number }) =>
  queryOptions({
    queryKey: adminKeys.customers(params),
    queryFn: () => apiCall('GET /api/admin/customers', { query: { ...params, pageSize: CUSTOMERS_PAGE_SIZE } }),
    staleTime: 0,
  });
export const useCustomers = (params: { search: string; page: number }) => useQuery({ ...customersQuery(params), placeholderData: keepPreviousData });

export const useUpdateCustomer = () =>
  useAdminMutation(({ id, form }: { id: string; form: { fullName: string; email: string; phone: string } }) => apiCall('PUT /api/admin/customers/:id', { params: { id }, body: form }));
/** Deleting with `cancelUpcoming` cancels (and refunds) the customer's upcoming bookings first; without it they refuse the deletion. */
export const useDeleteCustomer = () =>
  useAdminMutation(({ id, cancelUpcoming }: { id: string; cancelUpcoming: boolean }) =>
    apiCall('DELETE /api/admin/customers/:id', { params: { id }, query: { cancelUpcoming: cancelUpcoming ? 'true' : 'false' } }),
  );
/** What the delete dialog lists before deleting a customer: their bookings still ahead. */
export const customerUpcomingQuery = (id: string) =>
  queryOptions({ queryKey: [...adminKeys.all, 'customer-upcoming', id] as const, queryFn: () => apiCall('GET /api/admin/customers/:id/upcoming-bookings', { params: { id } }), staleTime: 0 });
export const useSendPasswordReset = () => useMutation({ mutationFn: (email: string) => apiCall('POST /api/admin/send-password-reset', { body: { email } }) });
export const useCreateUser = () =>
  useAdminMutation(({ idempotencyKey, ...form }: { fullName: string; email: string; phone: string; idempotencyKey?: string }) => apiCall('POST /api/admin/users', { body: form, headers: idem(idempotencyKey) }));

// Clients: every person who books, one record each (docs/decisions/039-clients.md)

export const clientsQuery = (params: { q: string; page: number }) =>
  queryOptions({
    queryKey: adminKeys.clients(params),
    queryFn: () => apiCall('GET /api/admin/clients', { query: { ...(params.q ? { q: params.q } : {}), page: params.page, pageSize: CUSTOMERS_PAGE_SIZE } }),
    staleTime: 0,
  });
export const useClients = (params: { q: string; page: number }) => useQuery({ ...clientsQuery(params), placeholderData: keepPreviousData });
export const clientQuery = (id: string) => queryOptions({ queryKey: adminKeys.client(id), queryFn: () => apiCall('GET /api/admin/clients/:id', { params: { id } }), staleTime: 0 });
export const CLIENT_BOOKINGS_PAGE_SIZE = 10;
export const clientBookingsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: adminKeys.clientBookings(id, page),
    queryFn: () => apiCall('GET /api/admin/clients/:id/bookings', { params: { id }, query: { page, pageSize: CLIENT_BOOKINGS_PAGE_SIZE } }),
    staleTime: 0,
  });
export const useUpdateClient = () =>
  useAdminMutation(({ id, body }: { id: string; body: { name?: string; email?: string | null; phone?: string | null; notes?: string; tags?: string[]; marketingConsent?: boolean } }) =>
    apiCall('PUT /api/admin/clients/:id', { params: { id }, body }),
  );
export const useMergeClient = () => useAdminMutation(({ id, intoClientId }: { id: string; intoClientId: string }) => apiCall('POST /api/admin/clients/:id/merge', { params: { id }, body: { intoClientId } }));
export const useDeleteClient = () =>
  useAdminMutation(({ id, cancelUpcoming }: { id: string; cancelUpcoming: boolean }) =>
    apiCall('DELETE /api/admin/clients/:id', { params: { id }, query: { cancelUpcoming: cancelUpcoming ? 'true' : 'false' } }),
  );
export const clientUpcomingQuery = (id: string) =>
  queryOptions({ queryKey: [...adminKeys.all, 'client-upcoming', id] as const, queryFn: () => apiCall('GET /api/admin/clients/:id/upcoming-bookings', { params: { id } }), staleTime: 0 });

// Staff

export const staffQuery = queryOptions({ queryKey: adminKeys.staff, queryFn: () => apiCall('GET /api/admin/staff', { query: { pageSize: 100 } }), staleTime: 0, refetchInterval: 30_000 });
export const useStaff = () => useQuery(staffQuery);
export const useAddDriver = () =>
  useAdminMutation(({ idempotencyKey, ...form }: { fullName: string; email: string; phone: string; idempotencyKey?: string }) => apiCall('POST /api/admin/staff', { body: form, headers: idem(idempotencyKey) }));
export const useUpdateStaff = () => useAdminMutation(({ id, isDisabled }: { id: string; isDisabled: boolean }) => apiCall('PATCH /api/admin/staff/:id', { params: { id }, body: { isDisabled } }));
export const useResendInvite = () => useMutation({ mutationFn: (id: string) => apiCall('POST /api/admin/staff/:id/resend-invite', { params: { id } }) });

/** A booking's scheduled customer messages (reminders, on my way, …), read when the admin opens them (decision 050). */
export const bookingMessagesQuery = (id: string, page = 1) =>
  queryOptions({ queryKey: [...adminKeys.all, 'booking-messages', id, page] as const, queryFn: () => apiCall('GET /api/admin/bookings/:id/messages', { params: { id }, query: { page, pageSize: 20 } }), staleTime: 0 });

// Plan day (decision 056)

/** One technician's day reordered for less drive: the moves and the plan's token; nothing changes until applied. */
export const dayPlanQuery = (date: string, technicianId: string) =>
  queryOptions({ queryKey: [...adminKeys.all, 'day-plan', date, technicianId] as const, queryFn: () => apiCall('GET /api/admin/dispatch/plan', { query: { date, technicianId } }), staleTime: 0 });
/** Applies the plan shown (its token): 409 PLAN_STALE when the day changed since. */
export const useApplyDayPlan = () =>
  useAdminMutation((body: { date: string; technicianId: string; planToken: string }) => apiCall('POST /api/admin/dispatch/plan/apply', { body }));
