import { CalendarHeart, CalendarRange, ChevronLeft, ChevronRight, Clock, Lock, Plus, Settings2 } from 'lucide-react';
import { useState } from 'react';
import { CLOSURE_LABEL } from '@shared/domain';
import type { AvailabilityRow, ClosureRow, ScheduleAppointment, ScheduleDay } from '@shared/schemas/admin-schedule';
import { addDaysToKey, dayOfWeek, formatTime12, minutesOfDay, pacificDateKey, pacificTimeOfDay } from '@shared/time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { cn } from '@web/lib/utils';
import { useDrivers, useSchedule, type AppointmentForm } from '../api';
import { useCurrentUser } from '@web/lib/session';
import { AdminLayout } from '../components/admin-layout';
import { HolidaySuggestionsDialog } from '../components/holiday-suggestions-dialog';
import {
  AppointmentDialog,
  AvailabilityDialog,
  BlockTimeDialog,
  BulkAvailabilityDialog,
  ClosureDialog,
  TimeSlotActionDialog,
  WeeklyHoursDialog,
} from '../components/schedule-dialogs';
import { pacificToday, paymentLabel, paymentTone, statusLabel, statusTone } from '../components/status';
import { formatUsPhone } from '@shared/contact';

/** What the "·3" after an open window means. */
const places = (capacity: number) => `${capacity} ${capacity === 1 ? 'place' : 'places'} at a time`;

/** 8 AM to 8 PM: 13 hourly rows. */
const HOURS = Array.from({ length: 13 }, (_, i) => 8 + i);

const mondayOf = (date: string) => addDaysToKey(date, -((dayOfWeek(date) + 6) % 7));
const dayLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short' });
const dateLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric' });
const yearLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });
const asDate = (key: string) => new Date(`${key}T12:00:00Z`);
const pad = (n: number) => String(n).padStart(2, '0');

type DialogState =
  | { kind: 'none' }
  | { kind: 'action'; date: string; hour: number }
  | { kind: 'appointment'; initial: Partial<AppointmentForm>; editing?: ScheduleAppointment }
  | { kind: 'availability'; date: string; editing?: AvailabilityRow }
  | { kind: 'bulk' }
  | { kind: 'block'; date: string; hour: number; editing?: ScheduleAppointment }
  | { kind: 'closure'; date: string; editing?: ClosureRow | null }
  | { kind: 'hours' }
  | { kind: 'holidays' };

export function AdminSchedulePage() {
  const [weekStart, setWeekStart] = useState(() => mondayOf(pacificToday()));
  const [dialog, setDialog] = useState<DialogState>({ kind: 'none' });
  const { data, isLoading, error, isFetching } = useSchedule(weekStart);
  const close = (open: boolean) => !open && setDialog({ kind: 'none' });
  const today = pacificToday();

  return (
    <AdminLayout
      title="Schedule Management"
      actions={
        <>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'availability', date: weekStart < today ? today : weekStart })}>
            <Clock aria-hidden /> Add Availability
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'bulk' })}>
            <CalendarRange aria-hidden /> Bulk Availability
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'holidays' })}>
            <CalendarHeart aria-hidden /> Suggested Holidays
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'hours' })}>
            <Settings2 aria-hidden /> Weekly Hours
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog({ kind: 'block', date: weekStart < today ? today : weekStart, hour: 9 })}>
            <Lock aria-hidden /> Block Time
          </Button>
          <Button size="sm" onClick={() => setDialog({ kind: 'appointment', initial: { date: weekStart < today ? today : weekStart, time: '09:00' } })}>
            <Plus aria-hidden /> New Appointment
          </Button>
        </>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <Button variant="outline" size="sm" onClick={() => setWeekStart(addDaysToKey(weekStart, -7))}>
          <ChevronLeft aria-hidden /> Previous Week
        </Button>
        <Button variant="outline" size="sm" onClick={() => setWeekStart(mondayOf(today))}>
          Today
        </Button>
        <Button variant="outline" size="sm" onClick={() => setWeekStart(addDaysToKey(weekStart, 7))}>
          Next Week <ChevronRight aria-hidden />
        </Button>
        <h2 className="ml-1 text-lg font-semibold" aria-live="polite">
          {dateLabel.format(asDate(weekStart))} – {yearLabel.format(asDate(addDaysToKey(weekStart, 6)))}
        </h2>
        {isFetching && !isLoading && <span className="text-xs text-slate-500">Updating…</span>}
      </div>
      <Legend />
      {isLoading && <Spinner />}
      {error && <Alert tone="error" title="Failed to load the schedule">{errorMessage(error, 'Please refresh the page')}</Alert>}
      {data && (
        <Agenda
          days={data.days}
          today={today}
          onFree={(date, hour) => setDialog({ kind: 'action', date, hour })}
          onAdd={(date) => setDialog({ kind: 'appointment', initial: { date, time: '09:00' } })}
          onAppointment={(a, date) =>
            a.isBlocked
              ? setDialog({ kind: 'block', date, hour: Number(a.startTime.slice(0, 2)), editing: a })
              : setDialog({
                  kind: 'appointment',
                  editing: a,
                  initial: { customerName: a.customerName ?? '', customerEmail: a.customerEmail ?? '', customerPhone: a.customerPhone ?? '', serviceId: a.serviceId, date, time: a.startTime, notes: a.notes ?? '' },
                })
          }
        />
      )}
      {data && (
        <div className="hidden overflow-x-auto rounded-xl border border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[960px] table-fixed border-collapse text-sm" aria-label="Week schedule">
            <thead>
              <tr>
                <th scope="col" className="sticky left-0 z-10 w-20 border-b border-slate-200 bg-white p-2 text-left text-xs font-medium text-slate-500 dark:bg-slate-900">
                  Time
                </th>
                {data.days.map((day) => (
                  <DayHeader
                    key={day.date}
                    day={day}
                    isToday={day.date === today}
                    onClose={() => setDialog({ kind: 'closure', date: day.date, editing: day.closure })}
                    onAdd={() => setDialog({ kind: 'appointment', initial: { date: day.date, time: '09:00' } })}
                    onEditAvailability={(row) => setDialog({ kind: 'availability', date: day.date, editing: row })}
                  />
                ))}
              </tr>
            </thead>
            <tbody>
              {HOURS.map((hour) => (
                <tr key={hour}>
                  <th scope="row" className="sticky left-0 z-10 border-b border-slate-100 bg-white p-2 text-left align-top text-xs font-medium text-slate-500 dark:bg-slate-900">
                    {formatTime12(`${pad(hour)}:00`).replace(':00 ', ' ')}
                  </th>
                  {data.days.map((day) => (
                    <HourCell
                      key={day.date}
                      day={day}
                      hour={hour}
                      onFree={() => setDialog({ kind: 'action', date: day.date, hour })}
                      onAppointment={(a) =>
                        // Blocked time opens its own editor (date, start, end, reason), never the appointment form.
                        a.isBlocked
                          ? setDialog({ kind: 'block', date: day.date, hour: Number(a.startTime.slice(0, 2)), editing: a })
                          : setDialog({
                          kind: 'appointment',
                          editing: a,
                          initial: {
                            customerName: a.customerName ?? '',
                            customerEmail: a.customerEmail ?? '',
                            customerPhone: formatUsPhone(a.customerPhone),
                            serviceId: a.serviceId,
                            date: day.date,
                            time: a.startTime,
                            notes: a.notes ?? '',
                          },
                        })
                      }
                    />
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      <TimeSlotActionDialog
        open={dialog.kind === 'action'}
        onOpenChange={close}
        label={dialog.kind === 'action' ? `${yearLabel.format(asDate(dialog.date))} at ${formatTime12(`${pad(dialog.hour)}:00`)}` : ''}
        onAppointment={() => dialog.kind === 'action' && setDialog({ kind: 'appointment', initial: { date: dialog.date, time: `${pad(dialog.hour)}:00` } })}
        onBlock={() => dialog.kind === 'action' && setDialog({ kind: 'block', date: dialog.date, hour: dialog.hour })}
      />
      <AppointmentDialog
        open={dialog.kind === 'appointment'}
        onOpenChange={close}
        initial={dialog.kind === 'appointment' ? dialog.initial : {}}
        editing={dialog.kind === 'appointment' ? dialog.editing : undefined}
      />
      <AvailabilityDialog
        open={dialog.kind === 'availability'}
        onOpenChange={close}
        date={dialog.kind === 'availability' ? dialog.date : weekStart}
        editing={dialog.kind === 'availability' ? dialog.editing : undefined}
      />
      <BulkAvailabilityDialog open={dialog.kind === 'bulk'} onOpenChange={close} startDate={weekStart < today ? today : weekStart} />
      <BlockTimeDialog
        open={dialog.kind === 'block'}
        onOpenChange={close}
        date={dialog.kind === 'block' ? dialog.date : weekStart}
        hour={dialog.kind === 'block' ? dialog.hour : 9}
        editing={dialog.kind === 'block' ? dialog.editing : undefined}
      />
      <ClosureDialog
        open={dialog.kind === 'closure'}
        onOpenChange={close}
        date={dialog.kind === 'closure' ? dialog.date : weekStart}
        editing={dialog.kind === 'closure' ? dialog.editing : undefined}
      />
      <WeeklyHoursDialog open={dialog.kind === 'hours'} onOpenChange={close} />
      <HolidaySuggestionsDialog open={dialog.kind === 'holidays'} onOpenChange={close} today={today} />
    </AdminLayout>
  );
}

function DayHeader({
  day,
  isToday,
  onClose,
  onAdd,
  onEditAvailability,
}: {
  day: ScheduleDay;
  isToday: boolean;
  onClose(): void;
  onAdd(): void;
  onEditAvailability(row: AvailabilityRow): void;
}) {
  const label = `${dayLabel.format(asDate(day.date))} ${dateLabel.format(asDate(day.date))}`;
  return (
    <th scope="col" className={cn('border-b border-l border-slate-200 p-2 text-left align-top font-normal', isToday && 'bg-brand-50 dark:bg-slate-800')} data-testid={`day-${day.date}`}>
      <div className="font-semibold">{label}</div>
      {day.closure && (
        <div className="mt-1 flex flex-col items-start gap-0.5">
          <Badge tone="red">{CLOSURE_LABEL[day.closure.type]}</Badge>
          <span className="line-clamp-2 text-xs text-slate-600 dark:text-slate-300">{day.closure.name}</span>
        </div>
      )}
      <div className="mt-1 flex flex-wrap gap-1">
        {day.windowsSource === 'availability'
          ? day.availability.map((row) => (
              <button
                key={row.id}
                type="button"
                onClick={() => onEditAvailability(row)}
                className={cn('rounded bg-green-100 px-1.5 py-0.5 text-[11px] text-green-900 hover:bg-green-200', !row.isActive && 'line-through opacity-60')}
                aria-label={`Edit availability ${row.startTime}–${row.endTime}, ${places(row.maxCapacity)}`}
                title={places(row.maxCapacity)}
              >
                {row.startTime}–{row.endTime} ·{row.maxCapacity}
              </button>
            ))
          : day.windows.map((w) => (
              <span key={w.startTime} className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600 dark:bg-slate-800 dark:text-slate-300" title={`Weekly hours: ${places(w.capacity)}`} data-testid="window-hint">
                {w.startTime}–{w.endTime} ·{w.capacity}
              </span>
            ))}
        {!day.closure && day.windows.length === 0 && <span className="text-[11px] text-slate-500">Closed (weekly hours)</span>}
      </div>
      <div className="mt-1.5 flex gap-1">
        <Button size="sm" variant={day.closure ? 'secondary' : 'outline'} className="h-7 px-2 text-xs" onClick={onClose} aria-label={`${day.closure ? 'Edit' : 'Close'} ${day.date}`}>
          {day.closure ? 'Edit' : 'Close'}
        </Button>
        <Button size="sm" variant="outline" className="h-7 px-2 text-xs" onClick={onAdd} aria-label={`Add appointment on ${day.date}`} disabled={Boolean(day.closure)}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
    </th>
  );
}

/**
 * Whether an hour is over (Pacific): earlier days, and hours of today that have ended. Its free time reads as
 * unavailable; the appointments in it stay visible and open.
 */
function hourIsPast(date: string, hour: number, now = new Date()): boolean {
  const today = pacificDateKey(now);
  if (date !== today) return date < today;
  return (hour + 1) * 60 <= minutesOfDay(pacificTimeOfDay(now));
}

/** What one hour of a day holds: its state, the appointments starting in it, and how full it is (booked / capacity). */
function hourFacts(day: ScheduleDay, hour: number) {
  const start = hour * 60;
  const window = day.closure ? undefined : day.windows.find((w) => minutesOfDay(w.startTime) <= start && start < minutesOfDay(w.endTime));
  const open = !!window;
  const starting = day.appointments.filter((a) => Math.floor(minutesOfDay(a.startTime) / 60) === hour);
  const covering = day.appointments.filter((a) => {
    const s = minutesOfDay(a.startTime);
    return s < start && s + a.durationMinutes > start;
  });
  const blocked = [...starting, ...covering].some((a) => a.isBlocked);
  const past = hourIsPast(day.date, hour);
  const state = day.closure ? 'unavailable' : blocked ? 'blocked' : starting.length || covering.length ? 'booked' : past ? 'past' : open ? 'available' : 'closed';
  // Customer jobs in this hour against the window's capacity: "2/3".
  const booked = [...starting, ...covering].filter((a) => !a.isBlocked && a.status !== 'cancelled').length;
  const fill = window ? { booked: blocked ? window.capacity : booked, capacity: window.capacity } : null;
  return { open, bookable: open && !past, starting, state, fill };
}

function useDriverNames() {
  const drivers = useDrivers();
  const { user } = useCurrentUser();
  return (id: string | null) => (id ? (user?.id === id ? 'Me' : (drivers.data?.find((d) => d.id === id)?.fullName ?? 'Driver')) : 'No driver');
}

function HourCell({ day, hour, onFree, onAppointment }: { day: ScheduleDay; hour: number; onFree(): void; onAppointment(a: ScheduleAppointment): void }) {
  const { bookable, starting, state, fill } = hourFacts(day, hour);
  const driverName = useDriverNames();
  const label = `${day.date} ${pad(hour)}:00`;
  return (
    <td
      className={cn(
        'h-16 border-b border-l border-slate-100 p-1 align-top dark:border-slate-800',
        state === 'unavailable' && 'bg-[repeating-linear-gradient(45deg,#e2e8f0,#e2e8f0_6px,#f1f5f9_6px,#f1f5f9_12px)] dark:bg-slate-800',
        state === 'blocked' && 'bg-red-50 dark:bg-red-950/40',
        state === 'booked' && 'bg-blue-50 dark:bg-blue-950/40',
        state === 'available' && 'bg-green-50 hover:bg-green-100 dark:bg-green-950/30',
        state === 'closed' && 'bg-slate-50 dark:bg-slate-900',
        state === 'past' && 'bg-slate-100 dark:bg-slate-800/60',
      )}
      title={state === 'past' ? 'This hour is over' : undefined}
      data-state={state}
      data-testid={`cell-${label}`}
    >
      <div className="flex h-full flex-col gap-0.5">
        {starting.map((a) => (
          <button
            key={a.id}
            type="button"
            onClick={() => onAppointment(a)}
            className={cn(
              'w-full truncate rounded px-1.5 py-0.5 text-left text-[11px] font-medium',
              a.isBlocked ? 'bg-red-200 text-red-900 hover:bg-red-300' : 'bg-blue-200 text-blue-900 hover:bg-blue-300',
            )}
            title={`${a.startTime}–${a.endTime} ${a.isBlocked ? (a.notes ?? 'Blocked') : `${a.customerName ?? ''} · ${a.serviceName}`}`}
          >
            {a.startTime} {a.isBlocked ? 'Blocked' : (a.customerName ?? 'Customer')}
            {!a.isBlocked && <span className="block truncate font-normal">{a.serviceName}</span>}
            {!a.isBlocked && (
              <span className="block truncate font-normal" data-testid="cell-payment">
                {typeLabel(a.serviceType)} · {paymentLabel(a.paymentStatus)}
              </span>
            )}
            {!a.isBlocked && (
              <span className="block truncate font-normal" data-testid="cell-status">
                {statusLabel(a.status)} · {driverName(a.assignedDriverId)}
              </span>
            )}
          </button>
        ))}
        {fill && state !== 'unavailable' && state !== 'past' && (
          <span className="ml-auto text-[10px] tabular-nums text-slate-500" data-testid="cell-fill" aria-label={`${fill.booked} of ${fill.capacity} booked`} title={`${fill.booked} of ${fill.capacity} places booked`}>
            {fill.booked}/{fill.capacity}
          </span>
        )}
        {state === 'available' || (state === 'booked' && bookable) ? (
          <button type="button" onClick={onFree} className="min-h-4 w-full flex-1 rounded text-left text-[11px] text-green-800/0 hover:text-green-800" aria-label={`Open slot ${label}`}>
            + slot
          </button>
        ) : null}
      </div>
    </td>
  );
}

/**
 * The phone's view (below md): one day at a time, chosen from the week's days, as an agenda of its open hours —
 * each with its fill (2/3) and its appointments (time, status, type, payment, driver); a free hour opens the
 * same Time Slot Action as the grid.
 */
function Agenda({
  days,
  today,
  onFree,
  onAdd,
  onAppointment,
}: {
  days: ScheduleDay[];
  today: string;
  onFree(date: string, hour: number): void;
  onAdd(date: string): void;
  onAppointment(a: ScheduleAppointment, date: string): void;
}) {
  const [picked, setPicked] = useState<string | null>(null);
  const driverName = useDriverNames();
  const day = days.find((d) => d.date === picked) ?? days.find((d) => d.date === today) ?? days[0]!;
  const hours = HOURS.filter((hour) => {
    const facts = hourFacts(day, hour);
    return facts.open || facts.starting.length > 0;
  });
  return (
    <section className="md:hidden" aria-label="Day agenda" data-testid="schedule-agenda">
      <div role="tablist" aria-label="Day" className="mb-3 grid grid-cols-7 gap-1">
        {days.map((d) => (
          <button
            key={d.date}
            type="button"
            role="tab"
            aria-selected={d.date === day.date}
            aria-label={yearLabel.format(asDate(d.date))}
            data-testid={`agenda-day-${d.date}`}
            onClick={() => setPicked(d.date)}
            className={cn(
              'flex flex-col items-center rounded-lg border px-0.5 py-1.5 text-xs',
              d.date === day.date ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
              d.closure && d.date !== day.date && 'text-slate-400',
            )}
          >
            <span>{dayLabel.format(asDate(d.date))}</span>
            <span className="font-semibold">{asDate(d.date).getUTCDate()}</span>
          </button>
        ))}
      </div>
      <div className="mb-2 flex items-center gap-2">
        <h3 className="font-semibold">{yearLabel.format(asDate(day.date))}</h3>
        {day.closure && <Badge tone="gray">{CLOSURE_LABEL[day.closure.type as keyof typeof CLOSURE_LABEL] ?? 'Closed'}</Badge>}
        <Button variant="outline" size="sm" className="ml-auto" onClick={() => onAdd(day.date)} aria-label={`Add appointment on ${day.date} (agenda)`}>
          <Plus aria-hidden /> Add
        </Button>
      </div>
      {hours.length === 0 ? (
        <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-500 dark:border-slate-800 dark:bg-slate-900">{day.closure ? 'Closed all day.' : 'No open hours.'}</p>
      ) : (
        <ol className="flex flex-col gap-2">
          {hours.map((hour) => {
            const { state, starting, fill, bookable } = hourFacts(day, hour);
            return (
              <li key={hour} data-testid={`agenda-${day.date} ${pad(hour)}:00`} data-state={state} className="rounded-lg border border-slate-200 bg-white p-2 dark:border-slate-800 dark:bg-slate-900">
                <div className="flex items-center gap-2 text-sm">
                  <span className="w-14 font-semibold tabular-nums">{formatTime12(`${pad(hour)}:00`).replace(':00 ', ' ')}</span>
                  {fill && (
                    <Badge tone={fill.booked >= fill.capacity ? 'red' : fill.booked ? 'blue' : 'green'} aria-label={`${fill.booked} of ${fill.capacity} booked`}>
                      {fill.booked}/{fill.capacity}
                    </Badge>
                  )}
                  {state === 'blocked' && <Badge tone="red">Blocked</Badge>}
                  {(state === 'available' || (state === 'booked' && bookable && fill && fill.booked < fill.capacity)) && (
                    <Button variant="ghost" size="sm" className="ml-auto" onClick={() => onFree(day.date, hour)} aria-label={`Open slot ${day.date} ${pad(hour)}:00 (agenda)`}>
                      <Plus aria-hidden /> Book
                    </Button>
                  )}
                </div>
                {starting.length > 0 && (
                  <ul className="mt-2 flex flex-col gap-1.5">
                    {starting.map((a) => (
                      <li key={a.id}>
                        <button
                          type="button"
                          onClick={() => onAppointment(a, day.date)}
                          className={cn('w-full min-w-0 rounded-md px-2 py-1.5 text-left text-sm', a.isBlocked ? 'bg-red-100 text-red-900' : 'bg-blue-50 text-blue-950 dark:bg-blue-950/40 dark:text-blue-100')}
                        >
                          <span className="flex flex-wrap items-center gap-1.5">
                            <span className="font-semibold tabular-nums">
                              {formatTime12(a.startTime)}–{formatTime12(a.endTime)}
                            </span>
                            {!a.isBlocked && <Badge tone={statusTone(a.status)}>{statusLabel(a.status)}</Badge>}
                            {!a.isBlocked && <Badge tone={paymentTone(a.paymentStatus)}>{paymentLabel(a.paymentStatus)}</Badge>}
                          </span>
                          {a.isBlocked ? (
                            <span className="block break-words">{a.notes ?? 'Blocked'}</span>
                          ) : (
                            <>
                              <span className="block break-words font-medium">
                                {a.customerName ?? 'Customer'} · {a.serviceName}
                              </span>
                              <span className="block text-xs text-slate-600 dark:text-slate-300">
                                {typeLabel(a.serviceType)} · {driverName(a.assignedDriverId)}
                              </span>
                            </>
                          )}
                        </button>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

const typeLabel = (serviceType: string) => (serviceType === 'serviceLocation' ? 'On site' : serviceType === 'pickup' ? 'Pickup' : 'Mobile');

function Legend() {
  const items = [
    ['bg-green-50 border-green-200', 'Available'],
    ['bg-blue-200 border-blue-300', 'Appointment'],
    ['bg-red-200 border-red-300', 'Blocked time'],
    ['bg-slate-200 border-slate-300', 'Unavailable day'],
    ['bg-slate-50 border-slate-200', 'Outside open hours'],
    ['bg-slate-100 border-slate-300', 'Past'],
  ];
  return (
    <ul className="mb-3 flex flex-wrap gap-3 text-xs text-slate-600 dark:text-slate-300" aria-label="Legend">
      {items.map(([cls, text]) => (
        <li key={text} className="flex items-center gap-1.5">
          <span className={cn('inline-block size-3 rounded border', cls)} aria-hidden />
          {text}
        </li>
      ))}
      <li className="flex items-center gap-1.5" data-testid="legend-capacity">
        <span className="font-medium tabular-nums">9:00–17:00 ·3</span> open hours, 3 places at a time
      </li>
      <li className="flex items-center gap-1.5">
        <span className="font-medium tabular-nums">1/3</span> places booked in the hour
      </li>
    </ul>
  );
}
