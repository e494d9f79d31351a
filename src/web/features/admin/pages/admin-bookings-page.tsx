import { useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, useNavigate } from '@tanstack/react-router';
import { CalendarClock, ChevronDown, ChevronLeft, ClipboardCheck, ChevronRight, Download, MessageSquare, Search, Send, SlidersHorizontal, Trash2, UserCheck, UserX, XCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { canSendPaymentLink, deleteRefusal, isClosedBooking, PAYMENT_STATUSES, type DeleteRefusal } from '@shared/booking-lifecycle';
import { BOOKING_STATUSES, SERVICE_TYPES, type BookingStatus } from '@shared/domain';
import { bookingNumber, formatDuration } from '@shared/format';
import { formatTime12 } from '@shared/time';
import { formatUsd } from '@shared/money';
import type { AdminBooking } from '@shared/schemas/admin-bookings';
import { JobLines } from '@web/components/job-lines';
import { Badge } from '@web/components/ui/badge';
import { EmailText } from '@web/components/ui/email-text';
import { BookingMoneyToggle } from '@web/components/payment/booking-money';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, EmptyState, Spinner } from '@web/components/ui/feedback';
import { Input, Select, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useCurrentUser } from '@web/lib/session';
import {
  ADMIN_PAGE_SIZE,
  adminKeys,
  bookingsCsvUrl,
  customerAddressesQuery,
  freeTimesQuery,
  useAdminBookings,
  useAdminServices,
  useChangeDriver,
  useDeleteBooking,
  useSendPaymentLink,
  useDrivers,
  useSetBookingStatus,
  useUpdateBooking,
  type BookingFilters,
} from '../api';
import { AdminLayout } from '../components/admin-layout';
import { InspectionsSideBySide } from '@web/components/inspections/inspections-side-by-side';
import { BookingMessages } from '../components/booking-messages';
import { CancelBookingDialog } from '../components/cancel-booking-dialog';
import { canMarkNoShow, NoShowDialog } from '../components/no-show-dialog';
import { Field, FormActions, LabelledControl } from '../components/form-bits';
import { OVERRIDE_LABELS, OverrideDialog, overridableReason, type OverrideReason } from '../components/override-dialog';
import { formatPacificDateTime, paymentLabel, paymentTone, statusLabel, statusOptions, statusTone } from '../components/status';

const TYPE_LABEL: Record<string, string> = { mobile: 'Mobile', pickup: 'Pickup', serviceLocation: 'At our location' };

const route = getRouteApi('/admin/bookings');

export function AdminBookingsPage() {
  // Filters and page live in the URL: a reload, a shared link or Back shows the same list.
  const search = route.useSearch();
  const filters: BookingFilters = { ...search, page: search.page ?? 1 };
  const navigate = useNavigate();
  // Page 1 is the URL without a page; cleared filters leave no empty keys behind.
  const setFilters = (next: BookingFilters) =>
    void navigate({ to: '/admin/bookings', search: { ...next, page: next.page > 1 ? next.page : undefined }, replace: true });
  const [searchText, setSearchText] = useState(filters.search ?? '');
  const { data, isLoading, error, isFetching } = useAdminBookings(filters);
  const drivers = useDrivers();
  const pages = data ? Math.max(1, Math.ceil(data.total / ADMIN_PAGE_SIZE)) : 1;
  const update = (patch: Partial<BookingFilters>) => setFilters({ ...filters, ...patch, page: patch.page ?? 1 });
  const activeFilters = [filters.from, filters.to, filters.status, filters.paymentStatus, filters.driverId, filters.serviceType].filter(Boolean).length;
  // Folded on a phone unless a filter is already set (a shared link with filters shows them).
  const [filtersOpen, setFiltersOpen] = useState(activeFilters > 0);

  const submitSearch = (event: FormEvent) => {
    event.preventDefault();
    update({ search: searchText.trim() || undefined });
  };

  return (
    <AdminLayout title="Manage Bookings" actions={data ? <Badge tone="brand">{data.total} {data.total === 1 ? "booking" : "bookings"}</Badge> : null}>
      <Card className="mb-4">
        <CardContent className="grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-4">
          <div className="flex gap-2 sm:col-span-2">
            <form onSubmit={submitSearch} className="flex min-w-0 flex-1 gap-2" role="search">
              <Input aria-label="Search bookings" placeholder="Name, email, phone, service or booking #" value={searchText} onChange={(e) => setSearchText(e.target.value)} />
              <Button type="submit" variant="outline" aria-label="Search">
                <Search aria-hidden />
              </Button>
            </form>
            {/* On a phone the filters fold away behind this button; from md up they are always shown. */}
            <Button type="button" variant="outline" className="md:hidden" aria-expanded={filtersOpen} aria-controls="booking-filters" onClick={() => setFiltersOpen(!filtersOpen)}>
              <SlidersHorizontal aria-hidden /> Filters{activeFilters > 0 ? ` (${activeFilters})` : ''}
            </Button>
          </div>
          <div id="booking-filters" className={`${filtersOpen ? 'grid' : 'hidden'} gap-3 sm:col-span-2 sm:grid-cols-2 md:contents`}>
          <Field id="bookings-from" label="From date" type="date" value={filters.from ?? ''} onChange={(e) => update({ from: e.target.value || undefined })} />
          <Field id="bookings-to" label="To date" type="date" value={filters.to ?? ''} onChange={(e) => update({ to: e.target.value || undefined })} />
          <Select aria-label="Status filter" value={filters.status ?? ''} onChange={(e) => update({ status: e.target.value || undefined })}>
            <option value="">All statuses</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </Select>
          <Select aria-label="Payment filter" value={filters.paymentStatus ?? ''} onChange={(e) => update({ paymentStatus: e.target.value || undefined })}>
            <option value="">All payments</option>
            {PAYMENT_STATUSES.map((p) => (
              <option key={p} value={p}>
                {paymentLabel(p)}
              </option>
            ))}
          </Select>
          <Select aria-label="Driver filter" value={filters.driverId ?? ''} onChange={(e) => update({ driverId: e.target.value || undefined })}>
            <option value="">All drivers</option>
            <option value="unassigned">Unassigned</option>
            {(drivers.data ?? []).map((d) => (
              <option key={d.id} value={d.id}>
                {d.fullName}
              </option>
            ))}
          </Select>
          <Select aria-label="Type filter" value={filters.serviceType ?? ''} onChange={(e) => update({ serviceType: e.target.value || undefined })}>
            <option value="">All types</option>
            {SERVICE_TYPES.map((type) => (
              <option key={type} value={type}>
                {TYPE_LABEL[type]}
              </option>
            ))}
          </Select>
          <Select aria-label="Sort" value={filters.sort ?? 'job'} onChange={(e) => update({ sort: e.target.value as BookingFilters['sort'] })}>
            <option value="job">Upcoming jobs first</option>
            <option value="job_asc">Oldest jobs first</option>
            <option value="job_desc">Latest jobs first</option>
            <option value="newest">Newest bookings first</option>
          </Select>
          <div className="flex flex-wrap items-center gap-2 sm:col-span-2 lg:col-span-3 lg:justify-end">
            <Button type="button" variant="ghost" size="sm" onClick={() => { setSearchText(''); setFilters({ page: 1 }); }}>
              Clear filters
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={bookingsCsvUrl(filters)} download>
                <Download aria-hidden /> Export CSV
              </a>
            </Button>
          </div>
          </div>
        </CardContent>
      </Card>

      {isLoading && <Spinner />}
      {error && (
        <Alert tone="error" title="Error loading admin bookings">
          {errorMessage(error, 'Please try refreshing the page')}
        </Alert>
      )}
      {data && data.items.length === 0 && <EmptyState title="No bookings found" />}
      {data && data.items.length > 0 && (
        <div className={isFetching ? 'opacity-70 transition-opacity' : undefined}>
          <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white dark:divide-slate-800 dark:border-slate-800 dark:bg-slate-900" aria-label="Bookings">
            {data.items.map((booking) => (
              // A search that finds one booking opens it.
              <BookingRow key={booking.id} booking={booking} startOpen={data.items.length === 1} />
            ))}
          </ul>
          <nav aria-label="Pagination" className="mt-4 flex items-center justify-center gap-3">
            <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
              <ChevronLeft aria-hidden /> Previous
            </Button>
            <span className="text-sm text-slate-600">
              Page {filters.page} of {pages}
            </span>
            <Button variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
              Next <ChevronRight aria-hidden />
            </Button>
          </nav>
        </div>
      )}
    </AdminLayout>
  );
}

/**
 * One booking as a compact row — number, when, who, what, status, payment and total on one line at desktop
 * width — that opens into its full card (details, actions, money, messages, history) on click.
 */
export function BookingRow({ booking, startOpen }: { booking: AdminBooking; startOpen: boolean }) {
  const [open, setOpen] = useState(startOpen);
  // Also when a search narrows the list to this one booking (the row was already there, closed).
  useEffect(() => {
    if (startOpen) setOpen(true);
  }, [startOpen]);
  const number = bookingNumber(booking.id);
  const detailsId = `booking-details-${booking.id}`;
  return (
    <li data-testid={`booking-${number}`} aria-label={`Booking #${number}`}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={detailsId}
        onClick={() => setOpen(!open)}
        className="flex w-full flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2 text-left text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-600 md:flex-nowrap dark:hover:bg-slate-800"
      >
        <ChevronDown aria-hidden className={`size-4 shrink-0 text-slate-500 transition-transform ${open ? 'rotate-180' : ''}`} />
        <span className="font-mono text-xs font-semibold">#{number}</span>
        <span className="shrink-0 whitespace-nowrap font-medium md:w-52">{formatPacificDateTime(booking.scheduledDate)}</span>
        <span className="min-w-0 flex-1 break-normal font-medium md:flex-none md:basis-40" data-testid="customer-name">
          {customerNameOf(booking)}
        </span>
        <span className="hidden min-w-0 flex-1 truncate text-slate-600 md:block dark:text-slate-300">
          {booking.serviceName} · {TYPE_LABEL[booking.serviceType] ?? booking.serviceType}
        </span>
        <span className="flex shrink-0 items-center gap-1">
          <Badge tone={statusTone(booking.status)}>{statusLabel(booking.status)}</Badge>
          <Badge tone={paymentTone(booking.paymentStatus)} aria-label={`Payment: ${paymentLabel(booking.paymentStatus)}`}>
            {paymentLabel(booking.paymentStatus)}
          </Badge>
          {booking.source === 'admin' && <Badge tone="purple">Appointment</Badge>}
        </span>
        <span className="ml-auto shrink-0 font-bold">{formatUsd(booking.totalAmount)}</span>
      </button>
      {open && (
        <div id={detailsId} className="border-t border-slate-200 bg-slate-50/60 p-2 dark:border-slate-800 dark:bg-slate-950/40">
          <BookingCard booking={booking} />
        </div>
      )}
    </li>
  );
}

const customerNameOf = (booking: AdminBooking) => booking.user?.fullName ?? booking.guestName ?? 'Guest';

function BookingCard({ booking }: { booking: AdminBooking }) {
  const drivers = useDrivers();
  const setStatus = useSetBookingStatus();
  const [rescheduling, setRescheduling] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const customerEmail = booking.user?.email ?? booking.guestEmail;
  const number = bookingNumber(booking.id);

  const [cancelling, setCancelling] = useState(false);
  const [markingNoShow, setMarkingNoShow] = useState(false);
  // Loaded only when opened: a page of cards never fetches every booking's inspections.
  const [inspecting, setInspecting] = useState(false);
  const [showMessages, setShowMessages] = useState(false);
  const { user: me } = useCurrentUser();
  const queryClient = useQueryClient();
  // 'Cancelled' moves money (a paid booking is refunded): it always asks first, with the refund wording.
  const changeStatus = (status: BookingStatus) =>
    status === 'cancelled' ? setCancelling(true) : setStatus.mutate(
      { id: booking.id, status },
      {
        onSuccess: () => toast.success('Booking status updated', { description: `#${number} is now ${statusLabel(status)}` }),
        onError: (error) => toast.error('Error updating booking status', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  const { change: changeDriver, isPending: assigning } = useChangeDriver(booking.id, number);
  const sendLink = useSendPaymentLink();
  const sendPaymentLink = () =>
    sendLink.mutate(booking.id, {
      onSuccess: () => toast.success('Payment link sent', { description: `#${number}: the customer was e-mailed a link to pay ${formatUsd(booking.totalAmount)} by card.` }),
      onError: (error) => toast.error('Error sending the payment link', { description: errorMessage(error, 'Please try again.') }),
    });

  return (
    // The row above is its header: number, status, payment and total are not repeated here.
    <Card>
      <CardContent className="flex flex-col gap-3 pt-4 text-sm">
        <dl className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-x-3 gap-y-1">
          {/* The name and the time are in the row. */}
          <dt className="text-slate-500">E-mail</dt>
          <dd className="break-normal">{customerEmail ? <EmailText email={customerEmail} /> : '—'}</dd>
          <dt className="text-slate-500">Order placed</dt>
          <dd>{formatPacificDateTime(booking.createdAt)}</dd>
          <dt className="text-slate-500">Service</dt>
          <dd>
            <span className="block text-xs capitalize text-slate-500">
              {booking.serviceType === 'serviceLocation' ? 'At our location' : booking.serviceType} · {formatDuration(booking.durationMinutes)}
            </span>
            <JobLines job={booking.job} total={booking.totalAmount} className="mt-1" />
          </dd>
          <dt className="text-slate-500">Address</dt>
          <dd>{booking.address ? `${booking.address.street}, ${booking.address.city}, ${booking.address.state} ${booking.address.zipCode}` : '—'}</dd>
          {booking.notes && (
            <>
              <dt className="text-slate-500">Notes</dt>
              <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{booking.notes}</dd>
            </>
          )}
          {booking.vehicle && !booking.job.vehicles.some((v) => v.label) && (
            <>
              <dt className="text-slate-500">Vehicle</dt>
              <dd className="[overflow-wrap:anywhere]">{booking.vehicle}</dd>
            </>
          )}
          {booking.accessNotes && (
            <>
              <dt className="text-slate-500">Gate / parking</dt>
              <dd className="[overflow-wrap:anywhere]">{booking.accessNotes}</dd>
            </>
          )}
        </dl>
        <div className="grid gap-2 sm:grid-cols-2">
          <LabelledControl label="Status">
            {(id) => (
              <Select id={id} value={booking.status} disabled={setStatus.isPending} onChange={(e) => changeStatus(e.target.value as BookingStatus)}>
                {(booking.paymentStatus === 'refunded' ? [booking.status] : statusOptions(booking.status)).map((s) => (
                  <option key={s} value={s}>
                    {statusLabel(s)}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          {booking.status === 'cancelled' ? (
            // A cancelled job goes nowhere: no driver to choose (the server refuses too).
            <p className="text-sm">
              <span className="block text-slate-500">Driver</span>
              {booking.driver?.fullName ?? 'None'}
            </p>
          ) : (
          <LabelledControl label="Driver">
            {(id) => (
              <Select id={id} value={booking.assignedDriverId ?? ''} disabled={assigning} onChange={(e) => changeDriver(e.target.value)}>
                <option value="">Unassigned</option>
                {me && booking.assignedDriverId === me.id && <option value={me.id}>{me.fullName} (me)</option>}
                {booking.driver && !drivers.data?.some((d) => d.id === booking.driver!.id) && <option value={booking.driver.id}>{booking.driver.fullName}</option>}
                {drivers.data?.map((d) => (
                  <option key={d.id} value={d.id}>
                    {d.fullName}
                    {d.status ? ` (${d.status})` : ''}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          {!isClosedBooking(booking.status) && (
            // A cancelled or finished booking stays as it ended (the server refuses too).
            <Button variant="outline" size="sm" onClick={() => setRescheduling(true)}>
              <CalendarClock aria-hidden /> Reschedule
            </Button>
          )}
          {me && booking.assignedDriverId !== me.id && booking.status !== 'cancelled' && booking.status !== 'completed' && (
            // The owner takes the job and works it from /driver like a driver.
            <Button variant="outline" size="sm" disabled={assigning} onClick={() => changeDriver(me.id)}>
              <UserCheck aria-hidden /> Assign to me
            </Button>
          )}
          {canSendPaymentLink(booking) && (
            <Button variant="outline" size="sm" disabled={sendLink.isPending} onClick={sendPaymentLink}>
              <Send aria-hidden /> {booking.paymentStatus === 'link_sent' ? 'Resend payment link' : 'Send payment link'}
            </Button>
          )}
          {canMarkNoShow(booking) && (
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setMarkingNoShow(true)}>
              <UserX aria-hidden /> No-show
            </Button>
          )}
          {booking.status !== 'cancelled' && (
            <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setCancelling(true)}>
              <XCircle aria-hidden /> Cancel booking
            </Button>
          )}
          {booking.serviceType === 'pickup' && (
            <Button variant="outline" size="sm" aria-expanded={inspecting} onClick={() => setInspecting((open) => !open)}>
              <ClipboardCheck aria-hidden /> Inspections
            </Button>
          )}
          {/* Always there: when deleting is not allowed, its dialog says why and offers Cancel instead. */}
          <Button variant="ghost" size="sm" className="text-red-700 hover:bg-red-50" onClick={() => setDeleting(true)}>
            <Trash2 aria-hidden /> Delete
          </Button>
        </div>
        {inspecting && <InspectionsSideBySide bookingId={booking.id} always />}
        {!booking.isBlocked && booking.status !== 'pending' && (
          // The booking's ledger: collect a payment taken by hand, or refund part of what was paid (decision 049).
          <BookingMoneyToggle bookingId={booking.id} canRefund onChanged={() => void queryClient.invalidateQueries({ queryKey: adminKeys.all })} />
        )}
        <section aria-label="Messages to the customer">
          <Button variant="ghost" size="sm" aria-expanded={showMessages} onClick={() => setShowMessages(!showMessages)}>
            <MessageSquare aria-hidden /> {showMessages ? 'Hide messages' : 'Messages'}
          </Button>
          {showMessages && <BookingMessages bookingId={booking.id} />}
        </section>
        <section aria-label="Updates">
          <h4 className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-500">Updates</h4>
          {booking.updates.length === 0 ? (
            <p className="text-xs text-slate-500">No updates yet.</p>
          ) : (
            <ol className="flex flex-col gap-1 border-l-2 border-slate-200 pl-3">
              {booking.updates.map((u) => (
                <li key={u.id} className="text-xs">
                  <Badge tone={statusTone(u.status)} className="mr-1">
                    {statusLabel(u.status)}
                  </Badge>
                  {u.message}
                  {typeof u.params.override === 'string' && u.params.override in OVERRIDE_LABELS && (
                    <Badge tone="orange" className="ml-1">
                      Owner override: {OVERRIDE_LABELS[u.params.override as OverrideReason]}
                    </Badge>
                  )}
                  {u.kind === 'rescheduled' && u.params.plan === true && (
                    <Badge tone="gray" className="ml-1">
                      Reason: Plan day
                    </Badge>
                  )}{' '}
                  <span className="text-slate-400">· {formatPacificDateTime(u.createdAt)}</span>
                </li>
              ))}
            </ol>
          )}
        </section>
      </CardContent>
      <RescheduleDialog booking={booking} open={rescheduling} onOpenChange={setRescheduling} />
      <DeleteBookingDialog
        booking={booking}
        open={deleting}
        onOpenChange={setDeleting}
        onCancelInstead={() => {
          setDeleting(false);
          setCancelling(true);
        }}
      />
      <CancelBookingDialog booking={booking} open={cancelling} onOpenChange={setCancelling} />
      <NoShowDialog booking={booking} open={markingNoShow} onOpenChange={setMarkingNoShow} />
    </Card>
  );
}

const pacificParts = (iso: string) => {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));
  const time = new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Los_Angeles', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
  return { date, time };
};

/** Reschedule (date and time, capacity-checked on the server) and edit the service, saved address and notes. */
function RescheduleDialog({ booking, open, onOpenChange }: { booking: AdminBooking; open: boolean; onOpenChange(open: boolean): void }) {
  const services = useAdminServices();
  const addresses = useQuery({ ...customerAddressesQuery(booking.userId ?? 'none'), enabled: open && Boolean(booking.userId) });
  const save = useUpdateBooking();
  const initial = () => ({ ...pacificParts(booking.scheduledDate), serviceId: booking.serviceId, addressId: booking.addressId ?? '', notes: booking.notes ?? '' });
  const [form, setForm] = useState(initial);
  useEffect(() => {
    if (open) setForm(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  const [overriding, setOverriding] = useState<OverrideReason | null>(null);
  /** A refusal the owner may override opens the confirm; its Confirm saves again with `override` (decision 047). */
  const send = (override: boolean) =>
    save.mutate(
      { id: booking.id, body: { date: form.date, time: form.time, serviceId: form.serviceId, addressId: form.addressId || null, notes: form.notes, ...(override ? { override } : {}) } },
      {
        onSuccess: () => {
          toast.success('Booking rescheduled', { description: `#${bookingNumber(booking.id)}: ${form.date} at ${form.time} (Pacific Time)` });
          setOverriding(null);
          onOpenChange(false);
        },
        onError: (error) => {
          const reason = override ? null : overridableReason(error);
          setOverriding(reason);
          if (!reason) toast.error('Error rescheduling booking', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.date || !form.time) return toast.error('Please fill in all required fields');
    send(false);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Reschedule Booking" description={`#${bookingNumber(booking.id)} · times are Pacific Time`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-3">
            <Field label="New Date *" type="date" value={form.date} onChange={(e) => setForm((f) => ({ ...f, date: e.target.value }))} />
            <Field label="New Time *" type="time" step={1800} value={form.time} onChange={(e) => setForm((f) => ({ ...f, time: e.target.value }))} />
          </div>
          <FreeTimes serviceId={form.serviceId} date={form.date} value={form.time} onPick={(time) => setForm((f) => ({ ...f, time }))} />
          <LabelledControl label="Service">
            {(id) => (
              <Select id={id} value={form.serviceId} onChange={(e) => setForm((f) => ({ ...f, serviceId: e.target.value }))}>
                {services.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.duration} min)
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          {booking.userId && (
            <LabelledControl label="Saved address">
              {(id) => (
                <Select id={id} value={form.addressId} onChange={(e) => setForm((f) => ({ ...f, addressId: e.target.value }))}>
                  <option value="">{booking.address ? 'Keep the current address' : 'No address'}</option>
                  {addresses.data?.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.street}, {a.city} {a.zipCode}
                      {a.isDefault ? ' (default)' : ''}
                    </option>
                  ))}
                </Select>
              )}
            </LabelledControl>
          )}
          <LabelledControl label="Notes">{(id) => <Textarea id={id} value={form.notes} onChange={(e) => setForm((f) => ({ ...f, notes: e.target.value }))} />}</LabelledControl>
          <FormActions onCancel={() => onOpenChange(false)} submit="Save Changes" busy={save.isPending} />
        </form>
        <OverrideDialog reason={overriding} busy={save.isPending} onConfirm={() => send(true)} onCancel={() => setOverriding(null)} />
      </DialogContent>
    </Dialog>
  );
}

/** The chosen day's free starts for the service, as buttons that fill the time (any other time stays typeable). */
function FreeTimes({ serviceId, date, value, onPick }: { serviceId: string; date: string; value: string; onPick(time: string): void }) {
  const times = useQuery(freeTimesQuery(serviceId, date));
  const free = (times.data ?? []).filter((slot) => slot.availableCapacity > 0);
  if (!date) return null;
  return (
    <section aria-label="Free times" className="flex flex-col gap-1.5">
      <p className="text-sm font-medium">Free times on {date}</p>
      {times.isLoading && <Spinner />}
      {times.data && free.length === 0 && <p className="text-xs text-slate-500">No free times on this day. Another time needs your confirmation to go over the hours or capacity.</p>}
      {free.length > 0 && (
        <div className="flex flex-wrap gap-1.5">
          {free.map((slot) => (
            <Button key={slot.id} type="button" size="sm" variant={slot.startTime === value ? 'default' : 'outline'} aria-pressed={slot.startTime === value} onClick={() => onPick(slot.startTime)}>
              {formatTime12(slot.startTime)}
            </Button>
          ))}
        </div>
      )}
    </section>
  );
}

/** Why a booking stays on record instead of being deleted, in the words the delete dialog shows. */
const KEPT_BECAUSE: Record<DeleteRefusal, string> = {
  cancelled: 'This booking is cancelled. It stays on record with its history, so it cannot be deleted.',
  started: 'This job has started or is finished, so it stays on record and cannot be deleted. Cancel it instead: the customer is told.',
  paid: 'This booking carries a payment (by card, a package credit, the store, or a card payment under way), so it stays on record and cannot be deleted. Cancel it instead: the payment is refunded and the customer is told.',
  customer: 'The customer booked this online, so it stays on record and cannot be deleted. Cancel it instead: the customer is told.',
};

/**
 * Delete is only for an appointment the business made that never started and carries no payment; for
 * anything else the dialog says why it is not offered and offers Cancel, which refunds and tells the customer.
 */
function DeleteBookingDialog({ booking, open, onOpenChange, onCancelInstead }: { booking: AdminBooking; open: boolean; onOpenChange(open: boolean): void; onCancelInstead(): void }) {
  const remove = useDeleteBooking();
  const refusal = deleteRefusal(booking);
  if (refusal) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent title="This booking cannot be deleted" description={`#${bookingNumber(booking.id)}`}>
          <p className="text-sm" data-testid="delete-refusal">
            {KEPT_BECAUSE[refusal]}
          </p>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep booking
            </Button>
            {booking.status !== 'cancelled' && (
              <Button variant="destructive" onClick={onCancelInstead}>
                <XCircle aria-hidden /> Cancel booking instead
              </Button>
            )}
          </div>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Delete this booking?" description={`#${bookingNumber(booking.id)} and its updates are removed for good; its time becomes free. Nothing was paid and the job never started.`}>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep
          </Button>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate(booking.id, {
                onSuccess: () => {
                  toast.success('Booking deleted');
                  onOpenChange(false);
                },
                onError: (error) => toast.error('Error deleting booking', { description: errorMessage(error, 'Please try again.') }),
              })
            }
          >
            <Trash2 aria-hidden /> Delete Booking
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
