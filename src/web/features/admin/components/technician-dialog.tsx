import { CalendarOff, MapPin, Search, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import type { TechnicianPlace, TechnicianView, WeeklyHours } from '@shared/schemas/technicians';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Input, Label } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useAdminServices } from '../api';
import { searchPlaces, useAddTechnicianException, useRemoveTechnicianException, useTechnicianExceptions, useUpdateTechnician } from '../technicians-api';

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

/** One technician's time and work (decision 051): weekly hours, days off, services, where the day starts and ends. */
export function TechnicianDialog({ technician, open, onOpenChange }: { technician: TechnicianView; open: boolean; onOpenChange(open: boolean): void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={`Hours & services — ${technician.fullName}`} description="Jobs are offered only when a technician who does the service is working and can drive there in time." className="max-w-2xl">
        {open && <TechnicianForm technician={technician} onDone={() => onOpenChange(false)} />}
        {open && <ExceptionsSection userId={technician.userId} />}
      </DialogContent>
    </Dialog>
  );
}

type DayRow = { works: boolean; startTime: string; endTime: string };

function rowsOf(hours: WeeklyHours[]): DayRow[] {
  return WEEKDAYS.map((_, day) => {
    const h = hours.find((x) => x.dayOfWeek === day);
    return h ? { works: true, startTime: h.startTime, endTime: h.endTime } : { works: false, startTime: '08:00', endTime: '17:00' };
  });
}

function TechnicianForm({ technician, onDone }: { technician: TechnicianView; onDone(): void }) {
  const update = useUpdateTechnician();
  const services = useAdminServices();
  const [worksJobs, setWorksJobs] = useState(technician.worksJobs);
  const [ownHours, setOwnHours] = useState(technician.hours.length > 0);
  const [days, setDays] = useState(() => rowsOf(technician.hours));
  const [limited, setLimited] = useState(technician.limitedServices);
  const [serviceIds, setServiceIds] = useState<string[]>(technician.serviceIds);
  const [start, setStart] = useState<TechnicianPlace | null>(technician.start);
  const [end, setEnd] = useState<TechnicianPlace | null>(technician.end);
  const setDay = (index: number, patch: Partial<DayRow>) => setDays((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hours = ownHours ? days.flatMap((d, dayOfWeek) => (d.works ? [{ dayOfWeek, startTime: d.startTime, endTime: d.endTime }] : [])) : [];
    update.mutate(
      { userId: technician.userId, worksJobs, start, end, limitedServices: limited, serviceIds: limited ? serviceIds : [], hours },
      {
        onSuccess: () => {
          toast.success('Hours & services saved', { description: `${technician.fullName}'s schedule is updated.` });
          onDone();
        },
        onError: (err) => toast.error('Could not save', { description: errorMessage(err, 'Please check the hours and try again.') }),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-5" aria-label="Hours and services">
      <label className="flex items-center gap-2 text-sm font-medium">
        <Switch checked={worksJobs} onCheckedChange={setWorksJobs} aria-label="Works jobs" /> Works jobs
      </label>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Weekly hours</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={!ownHours} onChange={(e) => setOwnHours(!e.target.checked)} /> Same as the business hours
        </label>
        {ownHours && (
          <table className="w-full text-sm">
            <thead>
              <tr className="text-left text-xs uppercase text-slate-500">
                <th scope="col" className="py-1 font-medium">Day</th>
                <th scope="col" className="py-1 font-medium">Works</th>
                <th scope="col" className="py-1 font-medium">Start</th>
                <th scope="col" className="py-1 font-medium">End</th>
              </tr>
            </thead>
            <tbody>
              {days.map((d, i) => (
                <tr key={WEEKDAYS[i]}>
                  <th scope="row" className="py-1 pr-2 text-left font-normal">{WEEKDAYS[i]}</th>
                  <td className="py-1">
                    <input type="checkbox" checked={d.works} onChange={(e) => setDay(i, { works: e.target.checked })} aria-label={`Works ${WEEKDAYS[i]}`} />
                  </td>
                  <td className="py-1 pr-2">
                    <Input type="time" step={1800} value={d.startTime} disabled={!d.works} onChange={(e) => setDay(i, { startTime: e.target.value })} aria-label={`${WEEKDAYS[i]} start`} />
                  </td>
                  <td className="py-1">
                    <Input type="time" step={1800} value={d.endTime} disabled={!d.works} onChange={(e) => setDay(i, { endTime: e.target.value })} aria-label={`${WEEKDAYS[i]} end`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold">Services</legend>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" checked={!limited} onChange={(e) => setLimited(!e.target.checked)} /> Does every service
        </label>
        {limited && (
          <div className="grid grid-cols-2 gap-1">
            {services.isLoading && <Spinner />}
            {services.data?.map((s) => (
              <label key={s.id} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={serviceIds.includes(s.id)}
                  onChange={(e) => setServiceIds((ids) => (e.target.checked ? [...ids, s.id] : ids.filter((x) => x !== s.id)))}
                />
                {s.name}
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <PlaceField label="Starts the day at" place={start} onChange={setStart} emptyText="The business's address" />
      <PlaceField label="Ends the day at" place={end} onChange={setEnd} emptyText="Where the day starts" />

      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save hours & services'}
        </Button>
      </div>
    </form>
  );
}

/** A place found by the address search (so it carries coordinates), or the default. */
function PlaceField({ label, place, onChange, emptyText }: { label: string; place: TechnicianPlace | null; onChange(place: TechnicianPlace | null): void; emptyText: string }) {
  const [query, setQuery] = useState('');
  const [results, setResults] = useState<TechnicianPlace[] | null>(null);
  const [searching, setSearching] = useState(false);
  const id = label.toLowerCase().replace(/\W+/g, '-');
  const search = async () => {
    if (query.trim().length < 3) return;
    setSearching(true);
    try {
      const found = await searchPlaces(query.trim());
      setResults(found.flatMap((f) => (f.latitude !== null && f.longitude !== null ? [{ label: f.formattedAddress, latitude: f.latitude, longitude: f.longitude }] : [])));
    } catch (err) {
      toast.error('Address search failed', { description: errorMessage(err, 'Please try again.') });
    } finally {
      setSearching(false);
    }
  };
  return (
    <fieldset className="space-y-1">
      <legend className="text-sm font-semibold">{label}</legend>
      <p className="flex items-center gap-1 text-sm text-slate-600">
        <MapPin className="size-4" aria-hidden /> {place ? place.label : emptyText}
        {place && (
          <Button type="button" variant="ghost" size="sm" onClick={() => onChange(null)}>
            Reset
          </Button>
        )}
      </p>
      <div className="flex gap-2">
        <Label htmlFor={id} className="sr-only">
          Search an address for “{label}”
        </Label>
        <Input
          id={id}
          value={query}
          placeholder="Search an address"
          onChange={(e) => setQuery(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={() => void search()} disabled={searching}>
          <Search aria-hidden /> Find
        </Button>
      </div>
      {results && results.length === 0 && <p className="text-sm text-slate-500">No address found. Try the street and city.</p>}
      {results && results.length > 0 && (
        <ul className="space-y-1" aria-label={`Addresses for “${label}”`}>
          {results.map((r) => (
            <li key={`${r.label}-${r.latitude}`}>
              <button
                type="button"
                className="w-full rounded-md border border-slate-200 px-2 py-1 text-left text-sm hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
                onClick={() => {
                  onChange(r);
                  setResults(null);
                  setQuery('');
                }}
              >
                {r.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Days off and other hours for single dates. */
function ExceptionsSection({ userId }: { userId: string }) {
  const { data, isLoading, error } = useTechnicianExceptions(userId);
  const add = useAddTechnicianException();
  const remove = useRemoveTechnicianException();
  const [date, setDate] = useState('');
  const [dayOff, setDayOff] = useState(true);
  const [startTime, setStartTime] = useState('10:00');
  const [endTime, setEndTime] = useState('17:00');
  const [note, setNote] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(
      { userId, date, startTime: dayOff ? null : startTime, endTime: dayOff ? null : endTime, note: note.trim() || null },
      {
        onSuccess: () => {
          toast.success(dayOff ? 'Day off added' : 'Other hours added');
          setDate('');
          setNote('');
        },
        onError: (err) => toast.error('Could not add', { description: errorMessage(err, 'Please check the date and try again.') }),
      },
    );
  };
  return (
    <section className="mt-6 space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700" aria-label="Days off and other hours">
      <h3 className="text-sm font-semibold">Days off and other hours</h3>
      {isLoading && <Spinner />}
      {error && <Alert tone="error">{errorMessage(error, 'Could not load the days off')}</Alert>}
      {data && data.items.length === 0 && <p className="text-sm text-slate-500">None coming up.</p>}
      {data && data.items.length > 0 && (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {data.items.map((e) => (
            <li key={e.date} className="flex items-center gap-2 py-1">
              <CalendarOff className="size-4 text-slate-500" aria-hidden />
              <span>
                <span className="font-medium">{e.date}</span> {e.startTime ? `${e.startTime}–${e.endTime}` : 'Day off'}
                {e.note && <span className="text-slate-500"> · {e.note}</span>}
              </span>
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="ml-auto"
                aria-label={`Remove ${e.date}`}
                disabled={remove.isPending}
                onClick={() => remove.mutate({ userId, date: e.date }, { onError: (err) => toast.error('Could not remove', { description: errorMessage(err, 'Please try again.') }) })}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={submit} className="grid grid-cols-2 gap-2 sm:grid-cols-4" aria-label="Add a day off or other hours">
        <div>
          <Label htmlFor={`exception-date-${userId}`}>Date</Label>
          <Input id={`exception-date-${userId}`} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
        </div>
        <label className="flex items-end gap-2 pb-2 text-sm">
          <input type="checkbox" checked={dayOff} onChange={(e) => setDayOff(e.target.checked)} /> Day off
        </label>
        {!dayOff && (
          <>
            <div>
              <Label htmlFor={`exception-start-${userId}`}>Start</Label>
              <Input id={`exception-start-${userId}`} type="time" step={1800} value={startTime} onChange={(e) => setStartTime(e.target.value)} />
            </div>
            <div>
              <Label htmlFor={`exception-end-${userId}`}>End</Label>
              <Input id={`exception-end-${userId}`} type="time" step={1800} value={endTime} onChange={(e) => setEndTime(e.target.value)} />
            </div>
          </>
        )}
        <div className="col-span-2">
          <Label htmlFor={`exception-note-${userId}`}>Note</Label>
          <Input id={`exception-note-${userId}`} value={note} maxLength={200} onChange={(e) => setNote(e.target.value)} placeholder="Dentist, late start…" />
        </div>
        <div className="col-span-2 flex items-end justify-end">
          <Button type="submit" variant="outline" disabled={add.isPending || !date}>
            Add
          </Button>
        </div>
      </form>
    </section>
  );
}
