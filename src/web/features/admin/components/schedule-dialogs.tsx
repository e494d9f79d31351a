import { canDeleteBooking } from '@shared/booking-lifecycle';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { useQuery } from '@tanstack/react-query';
import { CalendarPlus, Lock, Trash2, XCircle } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { CLOSURE_TYPES } from '@shared/domain';
import type { AvailabilityRow, ClosureRow, ScheduleAppointment, WeeklyHoursRow } from '@shared/schemas/admin-schedule';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Select, Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import {
  useAdminServices,
  useBlockTime,
  useUpdateBlockedTime,
  useBulkAvailability,
  newIdempotencyKey,
  useCreateAppointment,
  useCreateAvailability,
  useDeleteAppointment,
  useDeleteAvailability,
  useDeleteClosure,
  useSaveClosure,
  useSaveWeeklyHours,
  useUpdateAppointment,
  useUpdateAvailability,
  weeklyHoursQuery,
  type AppointmentForm,
} from '../api';
import { OverrideDialog, overridableReason, type OverrideReason } from './override-dialog';
import { CAPACITY_MESSAGE, CheckboxField, Field, FormActions, LabelledControl, parseCapacity } from './form-bits';

const REQUIRED = 'Please fill in all required fields';
const requiredToast = () => toast.error(REQUIRED);

interface DialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

// Time Slot Action

export function TimeSlotActionDialog({ open, onOpenChange, label, onAppointment, onBlock }: DialogProps & { label: string; onAppointment(): void; onBlock(): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Time Slot Action" description={label}>
        <div className="flex flex-col gap-2">
          <Button onClick={onAppointment}>
            <CalendarPlus aria-hidden /> Create Customer Appointment
          </Button>
          <Button variant="outline" onClick={onBlock}>
            <Lock aria-hidden /> Block This Time (Personal/Unavailable)
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

// Create New Appointment / Edit Appointment

export function AppointmentDialog({ open, onOpenChange, initial, editing }: DialogProps & { initial: Partial<AppointmentForm>; editing?: ScheduleAppointment }) {
  const services = useAdminServices();
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const remove = useDeleteAppointment();
  const [form, setForm] = useState<AppointmentForm>(() => blankAppointment(initial));
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  const [cancelling, setCancelling] = useState(false);
  const [overriding, setOverriding] = useState<OverrideReason | null>(null);
  useEffect(() => {
    if (open) setIdempotencyKey(newIdempotencyKey());
    if (open) setForm(blankAppointment(initial));
    setOverriding(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (patch: Partial<AppointmentForm>) => setForm((f) => ({ ...f, ...patch }));
  const needsAddress = !editing && (form.serviceType === 'mobile' || form.serviceType === 'pickup');
  const address = form.address ?? { street: '', city: '', state: 'CA', zipCode: '' };
  const setAddress = (patch: Partial<NonNullable<AppointmentForm['address']>>) => set({ address: { ...address, ...patch } });

  /** Saves the form; a refusal the owner may override opens the confirm, whose Confirm saves again with `override`. */
  const save = (override: boolean) => {
    const refused = (title: string) => (error: unknown) => {
      const reason = override ? null : overridableReason(error);
      if (reason) return setOverriding(reason);
      setOverriding(null);
      toast.error(title, { description: errorMessage(error, 'Please try again.') });
    };
    const done = (title: string, description?: string) => () => {
      toast.success(title, description ? { description } : undefined);
      setOverriding(null);
      onOpenChange(false);
    };
    if (editing) {
      update.mutate({ id: editing.id, form: { ...form, ...(override ? { override } : {}) } }, { onSuccess: done('Appointment updated'), onError: refused('Error updating appointment') });
    } else {
      // The override is a new request (the refused one created nothing), so it carries its own key.
      const key = override ? newIdempotencyKey() : idempotencyKey;
      create.mutate(
        { ...form, address: needsAddress ? address : null, idempotencyKey: key, ...(override ? { override } : {}) },
        { onSuccess: done('Appointment created', `${form.customerName} on ${form.date} at ${form.time}`), onError: refused('Error creating appointment') },
      );
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.customerName.trim() || !form.customerEmail.trim() || !form.serviceId || !form.date || !form.time) return requiredToast();
    if (needsAddress && (!address.street.trim() || !address.city.trim() || !address.state.trim() || !address.zipCode.trim())) return requiredToast();
    save(false);
  };

  const del = () => {
    if (!editing) return;
    remove.mutate(editing.id, {
      onSuccess: () => {
        toast.success(editing.isBlocked ? 'Blocked time removed' : 'Appointment deleted');
        onOpenChange(false);
      },
      onError: (error) => toast.error('Error deleting appointment', { description: errorMessage(error, 'Please try again.') }),
    });
  };

  const pending = create.isPending || update.isPending || remove.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? (editing.isBlocked ? 'Blocked Time' : 'Edit Appointment') : 'Create New Appointment'} description="Times are Pacific Time.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Customer Name *" value={form.customerName} onChange={(e) => set({ customerName: e.target.value })} />
          <Field label="Customer Email *" type="email" value={form.customerEmail} onChange={(e) => set({ customerEmail: e.target.value })} />
          <Field label="Customer Phone" type="tel" value={form.customerPhone} onChange={(e) => set({ customerPhone: e.target.value })} />
          <LabelledControl label="Service *">
            {(id) => (
              <Select id={id} value={form.serviceId} onChange={(e) => set({ serviceId: e.target.value })}>
                <option value="">Select a service</option>
                {services.data?.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name} ({s.duration} min){s.isActive ? '' : ' — inactive'}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          <div className="grid grid-cols-2 gap-3">
            <Field label="Date *" type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} />
            <Field label="Time *" type="time" step={1800} value={form.time} onChange={(e) => set({ time: e.target.value })} />
          </div>
          {!editing && (
            <>
              <LabelledControl label="Service type *">
                {(id) => (
                  <Select id={id} value={form.serviceType ?? 'serviceLocation'} onChange={(e) => set({ serviceType: e.target.value as AppointmentForm['serviceType'] })}>
                    <option value="serviceLocation">At our location</option>
                    <option value="mobile">Mobile (we go to the customer)</option>
                    <option value="pickup">Pickup &amp; delivery</option>
                  </Select>
                )}
              </LabelledControl>
              {needsAddress && (
                <fieldset className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700">
                  <legend className="px-1 text-sm font-medium">Customer address</legend>
                  <Field className="col-span-2" label="Street *" autoComplete="off" value={address.street} onChange={(e) => setAddress({ street: e.target.value })} />
                  <Field className="col-span-2" label="City *" value={address.city} onChange={(e) => setAddress({ city: e.target.value })} />
                  <Field label="State *" maxLength={2} value={address.state} onChange={(e) => setAddress({ state: e.target.value.toUpperCase() })} />
                  <Field label="ZIP *" inputMode="numeric" value={address.zipCode} onChange={(e) => setAddress({ zipCode: e.target.value })} />
                </fieldset>
              )}
              <fieldset className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-medium">Payment</legend>
                {(
                  [
                    ['on_site', 'Pay on site', 'The driver or the shop takes the payment at the job.'],
                    ['link', 'Send a payment link', 'The customer gets an e-mail with a link to pay by card; unpaid until then.'],
                  ] as const
                ).map(([value, label, hint]) => (
                  <label key={value} className="flex items-start gap-2 text-sm">
                    <input type="radio" name="appointment-payment" className="mt-1" checked={form.payment === value} onChange={() => set({ payment: value })} />
                    <span>
                      <span className="font-medium">{label}</span>
                      <span className="block text-xs text-slate-500">{hint}</span>
                    </span>
                  </label>
                ))}
              </fieldset>
              <p className="text-xs text-slate-500">The customer gets the confirmation e-mail with a tracking link, like a web booking.</p>
            </>
          )}
          <LabelledControl label="Notes">{(id) => <Textarea id={id} value={form.notes} onChange={(e) => set({ notes: e.target.value })} />}</LabelledControl>
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Update Appointment' : 'Create Appointment'} busy={pending}>
            {editing && canDeleteBooking(editing) && (
              <Button type="button" variant="destructive" onClick={del} disabled={pending} className="mr-auto">
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
            {editing && !canDeleteBooking(editing) && (
              // Paid or booked by a customer: cancelled (and refunded when paid) through the booking core, never deleted.
              <Button type="button" variant="destructive" onClick={() => setCancelling(true)} disabled={pending} className="mr-auto">
                <XCircle aria-hidden /> Cancel booking
              </Button>
            )}
          </FormActions>
        </form>
        {editing && !canDeleteBooking(editing) && (
          <CancelBookingDialog booking={editing} open={cancelling} onOpenChange={setCancelling} onCancelled={() => onOpenChange(false)} />
        )}
        <OverrideDialog reason={overriding} busy={pending} onConfirm={() => save(true)} onCancel={() => setOverriding(null)} />
      </DialogContent>
    </Dialog>
  );
}

function blankAppointment(initial: Partial<AppointmentForm>): AppointmentForm {
  return { customerName: '', customerEmail: '', customerPhone: '', serviceId: '', date: '', time: '09:00', notes: '', payment: 'link', ...initial };
}

// Add / Edit Business Availability

interface AvailabilityState {
  date: string;
  startTime: string;
  endTime: string;
  maxCapacity: string;
  notes: string;
  isActive: boolean;
}

export function AvailabilityDialog({ open, onOpenChange, date, editing }: DialogProps & { date: string; editing?: AvailabilityRow }) {
  const create = useCreateAvailability();
  const update = useUpdateAvailability();
  const remove = useDeleteAvailability();
  const fresh = (): AvailabilityState =>
    editing
      ? { date: editing.date, startTime: editing.startTime, endTime: editing.endTime, maxCapacity: String(editing.maxCapacity), notes: editing.notes ?? '', isActive: editing.isActive }
      : { date, startTime: '09:00', endTime: '17:00', maxCapacity: '3', notes: '', isActive: true };
  const [form, setForm] = useState<AvailabilityState>(fresh);
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey);
  useEffect(() => {
    if (open) setIdempotencyKey(newIdempotencyKey());
    if (open) setForm(fresh());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);
  const set = (patch: Partial<AvailabilityState>) => setForm((f) => ({ ...f, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.date || !form.startTime || !form.endTime) return requiredToast();
    const maxCapacity = parseCapacity(form.maxCapacity);
    if (maxCapacity === null) return void toast.error(CAPACITY_MESSAGE);
    const body = { date: form.date, startTime: form.startTime, endTime: form.endTime, maxCapacity, notes: form.notes, isActive: form.isActive };
    const done = {
      onSuccess: () => {
        toast.success(editing ? 'Availability updated' : 'Availability added', { description: `${form.date}, ${form.startTime}–${form.endTime}` });
        onOpenChange(false);
      },
      onError: (error: unknown) => toast.error(editing ? 'Error updating availability' : 'Error adding availability', { description: errorMessage(error, 'Please try again.') }),
    };
    if (editing) update.mutate({ id: editing.id, form: body }, done);
    else create.mutate({ ...body, idempotencyKey }, done);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Edit Business Availability' : 'Add Business Availability'} description="Open hours for one date; they replace the weekly hours of that date.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Date *" type="date" value={form.date} onChange={(e) => set({ date: e.target.value })} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Start Time *" type="time" value={form.startTime} onChange={(e) => set({ startTime: e.target.value })} />
            <Field label="End Time *" type="time" value={form.endTime} onChange={(e) => set({ endTime: e.target.value })} />
          </div>
          <Field label="Max Concurrent Appointments" type="number" min={1} max={10} value={form.maxCapacity} onChange={(e) => set({ maxCapacity: e.target.value })} hint="1 to 10" />
          <Field label="Notes" value={form.notes} onChange={(e) => set({ notes: e.target.value })} />
          {editing && <CheckboxField label="Active" checked={form.isActive} onChange={(isActive) => set({ isActive })} />}
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Update Availability' : 'Add Availability'} busy={create.isPending || update.isPending}>
            {editing && (
              <Button
                type="button"
                variant="destructive"
                className="mr-auto"
                onClick={() =>
                  remove.mutate(editing.id, {
                    onSuccess: () => {
                      toast.success('Availability deleted');
                      onOpenChange(false);
                    },
                    onError: (error) => toast.error('Error deleting availability', { description: errorMessage(error, 'Please try again.') }),
                  })
                }
              >
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Bulk Availability

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

export function BulkAvailabilityDialog({ open, onOpenChange, startDate }: DialogProps & { startDate: string }) {
  const bulk = useBulkAvailability();
  const [form, setForm] = useState({ startDate, endDate: '', startTime: '09:00', endTime: '17:00', maxCapacity: '3', daysOfWeek: [] as number[] });
  useEffect(() => {
    if (open) setForm({ startDate, endDate: '', startTime: '09:00', endTime: '17:00', maxCapacity: '3', daysOfWeek: [] });
  }, [open, startDate]);
  const toggleDay = (day: number) =>
    setForm((f) => ({ ...f, daysOfWeek: f.daysOfWeek.includes(day) ? f.daysOfWeek.filter((d) => d !== day) : [...f.daysOfWeek, day].sort() }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.startDate || !form.endDate || !form.startTime || !form.endTime) return requiredToast();
    const maxCapacity = parseCapacity(form.maxCapacity);
    if (maxCapacity === null) return void toast.error(CAPACITY_MESSAGE);
    bulk.mutate(
      { ...form, maxCapacity },
      {
        onSuccess: (result) => {
          toast.success('Bulk availability created', { description: result.message });
          onOpenChange(false);
        },
        onError: (error) => toast.error('Error creating availability', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Bulk Availability" description="The same hours on every chosen weekday of a date range. No weekday chosen means every day.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <div className="grid grid-cols-2 gap-3">
            <Field label="Start Date *" type="date" value={form.startDate} onChange={(e) => setForm((f) => ({ ...f, startDate: e.target.value }))} />
            <Field label="End Date *" type="date" value={form.endDate} onChange={(e) => setForm((f) => ({ ...f, endDate: e.target.value }))} />
            <Field label="Start Time *" type="time" value={form.startTime} onChange={(e) => setForm((f) => ({ ...f, startTime: e.target.value }))} />
            <Field label="End Time *" type="time" value={form.endTime} onChange={(e) => setForm((f) => ({ ...f, endTime: e.target.value }))} />
          </div>
          <Field
            label="Max Concurrent Appointments"
            type="number"
            min={1}
            max={10}
            value={form.maxCapacity}
            onChange={(e) => setForm((f) => ({ ...f, maxCapacity: e.target.value }))}
            hint="1 to 10"
          />
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">Days of the week</legend>
            <div className="flex flex-wrap gap-3">
              {WEEKDAYS.map((name, day) => (
                <CheckboxField key={name} label={name} checked={form.daysOfWeek.includes(day)} onChange={() => toggleDay(day)} />
              ))}
            </div>
          </fieldset>
          <FormActions onCancel={() => onOpenChange(false)} submit="Create Availability" busy={bulk.isPending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Block Time

/**
 * Block Time, and the block's own editor (`editing`): date, start, end and reason, saved exactly as shown
 * (an unchanged save keeps the block as it was), with Delete. Blocked time never opens the appointment form,
 * which would give it a service's length.
 */
export function BlockTimeDialog({ open, onOpenChange, date, hour, editing }: DialogProps & { date: string; hour: number; editing?: ScheduleAppointment }) {
  const block = useBlockTime();
  const update = useUpdateBlockedTime();
  const remove = useDeleteAppointment();
  const pad = (n: number) => String(n).padStart(2, '0');
  // A blocked time ends at the start hour's :59 unless the admin changes it.
  const initial = () =>
    editing
      ? { date, startTime: editing.startTime, endTime: editing.endTime, reason: editing.blockReason ?? '' }
      : { date, startTime: `${pad(hour)}:00`, endTime: `${pad(hour)}:59`, reason: '' };
  const [form, setForm] = useState(initial);
  useEffect(() => {
    if (open) setForm(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, date, hour, editing]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.date || !form.startTime || !form.endTime) return requiredToast();
    if (editing) {
      return update.mutate(
        { id: editing.id, form },
        {
          onSuccess: () => {
            toast.success('Blocked time updated', { description: `${form.date}, ${form.startTime}–${form.endTime}` });
            onOpenChange(false);
          },
          onError: (error) => toast.error('Error updating blocked time', { description: errorMessage(error, 'Please try again.') }),
        },
      );
    }
    block.mutate(form, {
      onSuccess: () => {
        toast.success('Time blocked successfully', { description: 'The selected time period is now unavailable for booking' });
        onOpenChange(false);
      },
      onError: (error) => toast.error('Error blocking time', { description: errorMessage(error, 'Please try again.') }),
    });
  };
  const del = () =>
    editing &&
    remove.mutate(editing.id, {
      onSuccess: () => {
        toast.success('Blocked time removed');
        onOpenChange(false);
      },
      onError: (error) => toast.error('Error deleting blocked time', { description: errorMessage(error, 'Please try again.') }),
    });

  const pending = block.isPending || update.isPending || remove.isPending;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={editing ? 'Blocked Time' : 'Block Time'} description="Customers cannot book blocked time. Times are Pacific Time.">
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Date *" type="date" value={form.date} onChange={(e) => setForm((f) => ({ ...f, date: e.target.value }))} />
          <div className="grid grid-cols-2 gap-3">
            <Field label="Start Time *" type="time" value={form.startTime} onChange={(e) => setForm((f) => ({ ...f, startTime: e.target.value }))} />
            <Field label="End Time *" type="time" value={form.endTime} onChange={(e) => setForm((f) => ({ ...f, endTime: e.target.value }))} />
          </div>
          <Field label="Reason" placeholder="Personal time" value={form.reason} onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))} />
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Save Blocked Time' : <><Lock aria-hidden /> Block Time</>} busy={pending}>
            {editing && (
              <Button type="button" variant="destructive" onClick={del} disabled={pending} className="mr-auto">
                <Trash2 aria-hidden /> Delete
              </Button>
            )}
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Mark Day Unavailable

const TYPE_LABELS: Record<ClosureRow['type'], string> = {
  holiday: 'Holiday',
  capacity: 'Fully booked (FULL)',
  staff: 'No staff',
  maintenance: 'Maintenance',
  other: 'Other',
};

export function ClosureDialog({ open, onOpenChange, date, editing }: DialogProps & { date: string; editing?: ClosureRow | null }) {
  const save = useSaveClosure();
  const remove = useDeleteClosure();
  const initial = () => ({
    type: (editing?.type ?? 'holiday') as ClosureRow['type'] | '',
    name: editing?.name ?? '',
    reason: editing?.reason ?? '',
    isRecurring: editing?.isRecurring ?? false,
  });
  const [form, setForm] = useState(initial);
  useEffect(() => {
    if (open) setForm(initial());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, editing?.id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.type || !form.name.trim()) return requiredToast();
    save.mutate(
      { id: editing?.id, form: { date: editing?.date ?? date, name: form.name, reason: form.reason, type: form.type, isRecurring: form.isRecurring } },
      {
        onSuccess: (result) => {
          toast.success(editing ? 'Closure updated' : 'Day marked unavailable', {
            description: result.affectedBookings
              ? `${result.affectedBookings} booking${result.affectedBookings === 1 ? '' : 's'} stand on this day: move or cancel them from Manage Bookings.`
              : 'Customers can no longer book this day.',
          });
          onOpenChange(false);
        },
        onError: (error) => toast.error('Error marking day unavailable', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Mark Day Unavailable" description={`Close ${editing?.date ?? date} to customer bookings.`}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <LabelledControl label="Type *">
            {(id) => (
              <Select id={id} value={form.type} onChange={(e) => setForm((f) => ({ ...f, type: e.target.value as ClosureRow['type'] }))}>
                <option value="">Select a type</option>
                {CLOSURE_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {TYPE_LABELS[type]}
                  </option>
                ))}
              </Select>
            )}
          </LabelledControl>
          <Field label="Description *" placeholder="e.g. Thanksgiving" value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} />
          <LabelledControl label="Notes">{(id) => <Textarea id={id} value={form.reason} onChange={(e) => setForm((f) => ({ ...f, reason: e.target.value }))} />}</LabelledControl>
          <CheckboxField label="Repeat every year" checked={form.isRecurring} onChange={(isRecurring) => setForm((f) => ({ ...f, isRecurring }))} />
          <FormActions onCancel={() => onOpenChange(false)} submit={editing ? 'Save' : 'Mark Unavailable'} busy={save.isPending} submitVariant="destructive">
            {editing && (
              <Button
                type="button"
                variant="outline"
                className="mr-auto"
                onClick={() =>
                  remove.mutate(editing.id, {
                    onSuccess: () => {
                      toast.success('Day reopened', { description: 'Customers can book this day again.' });
                      onOpenChange(false);
                    },
                    onError: (error) => toast.error('Error reopening day', { description: errorMessage(error, 'Please try again.') }),
                  })
                }
              >
                Reopen Day
              </Button>
            )}
          </FormActions>
        </form>
      </DialogContent>
    </Dialog>
  );
}

// Weekly hours

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

export function WeeklyHoursDialog({ open, onOpenChange }: DialogProps) {
  const hours = useQuery({ ...weeklyHoursQuery, enabled: open });
  const save = useSaveWeeklyHours();
  const [rows, setRows] = useState<Array<WeeklyHoursRow & { capacityText: string }>>([]);
  useEffect(() => {
    if (open && hours.data) {
      const byDay = new Map(hours.data.map((h) => [h.dayOfWeek, h]));
      setRows(DAY_NAMES.map((_, day) => ({ ...(byDay.get(day) ?? { dayOfWeek: day, startTime: '09:00', endTime: '17:00', capacity: 3, isOpen: false }), capacityText: String(byDay.get(day)?.capacity ?? 3) })));
    }
  }, [open, hours.data]);
  const set = (day: number, patch: Partial<WeeklyHoursRow & { capacityText: string }>) => setRows((r) => r.map((row) => (row.dayOfWeek === day ? { ...row, ...patch } : row)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (rows.some((r) => !r.startTime || !r.endTime)) return requiredToast();
    const wrong = rows.find((r) => r.isOpen && parseCapacity(r.capacityText) === null);
    if (wrong) return void toast.error(CAPACITY_MESSAGE, { description: `${DAY_NAMES[wrong.dayOfWeek]}: “${wrong.capacityText}”` });
    save.mutate(
      // A closed day keeps its last capacity (its field is disabled and not checked).
      rows.map(({ capacityText, ...r }) => ({ ...r, capacity: parseCapacity(capacityText) ?? r.capacity })),
      {
        onSuccess: () => {
          toast.success('Weekly hours saved');
          onOpenChange(false);
        },
        onError: (error) => toast.error('Error saving weekly hours', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Weekly Hours" description="The usual opening hours; a date's business availability replaces them on that date." className="max-w-2xl">
        <form onSubmit={submit} noValidate className="flex flex-col gap-2">
          {/* Each field is named for screen readers (Monday opens…); the headings are for the eye. */}
          <div aria-hidden className="grid grid-cols-[6.5rem_1fr_1fr_4.5rem] gap-2 text-xs font-semibold uppercase text-slate-500" data-testid="weekly-hours-headings">
            <span>Open</span>
            <span>Opens</span>
            <span>Closes</span>
            <span>Capacity</span>
          </div>
          {rows.map((row) => (
            <div key={row.dayOfWeek} className="grid grid-cols-[6.5rem_1fr_1fr_4.5rem] items-center gap-2">
              <CheckboxField label={DAY_NAMES[row.dayOfWeek]!} checked={row.isOpen} onChange={(isOpen) => set(row.dayOfWeek, { isOpen })} />
              <input aria-label={`${DAY_NAMES[row.dayOfWeek]} opens`} type="time" className="h-10 rounded-lg border border-slate-300 px-2" value={row.startTime} disabled={!row.isOpen} onChange={(e) => set(row.dayOfWeek, { startTime: e.target.value })} />
              <input aria-label={`${DAY_NAMES[row.dayOfWeek]} closes`} type="time" className="h-10 rounded-lg border border-slate-300 px-2" value={row.endTime} disabled={!row.isOpen} onChange={(e) => set(row.dayOfWeek, { endTime: e.target.value })} />
              <input aria-label={`${DAY_NAMES[row.dayOfWeek]} capacity`} type="number" min={1} max={10} className="h-10 rounded-lg border border-slate-300 px-2" value={row.capacityText} disabled={!row.isOpen} onChange={(e) => set(row.dayOfWeek, { capacityText: e.target.value })} />
            </div>
          ))}
          <p className="text-xs text-slate-500">Capacity: max concurrent appointments, 1 to 10.</p>
          <FormActions onCancel={() => onOpenChange(false)} submit="Save Weekly Hours" busy={save.isPending || !rows.length} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
