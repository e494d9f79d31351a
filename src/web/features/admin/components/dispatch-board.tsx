import { formatUsPhone } from '@shared/contact';
import { telHref } from '@web/lib/public-config';
import { Link } from '@tanstack/react-router';
import { MapPin, Phone, StickyNote, UserCheck } from 'lucide-react';
import { lazy, Suspense, useMemo, useState } from 'react';
import { bookingNumber } from '@shared/format';
import type { DispatchBoard as Board, DispatchJob } from '@shared/schemas/dispatch';
import { WeatherBadge } from './weather-badge';
import { JobLines } from '@web/components/job-lines';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useCurrentUser } from '@web/lib/session';
import { useChangeDriver, useDispatch } from '../api';
import { PlanDayButton } from './plan-day-dialog';
import { AssignAnywayDialog } from './assign-anyway-dialog';
import { formatPacificTime, paymentLabel, paymentTone, statusLabel, statusTone } from './status';

const DispatchMap = lazy(() => import('./dispatch-map'));
const DispatchLanes = lazy(() => import('./dispatch-lanes').then((m) => ({ default: m.DispatchLanes })));

const TYPE_LABEL: Record<string, string> = { mobile: 'Mobile', pickup: 'Pickup', serviceLocation: 'At our location' };
const VIEW_LABEL = { driver: 'By driver', time: 'By time', lanes: 'Lanes' } as const;
const AVAILABILITY: Record<string, string> = { available: 'Available', busy: 'On a job', break: 'On break', offline: 'Offline' };

type Driver = Board['drivers'][number];

const dayLabel = (dateKey: string, dates: string[]) => (dateKey === dates[0] ? 'Today' : dateKey === dates[1] ? 'Tomorrow' : dateKey);

/**
 * The dispatcher's board: today's and tomorrow's jobs, by driver (unassigned first) or by time, each with
 * status, payment, type, address, phone, service and notes, and a driver picker that assigns through the
 * booking core. Live: the staff channel refetches it when a booking, a driver's status or position changes.
 * `compact` is the dashboard's version: today only, no map, a link to the full board.
 */
export function DispatchBoard({ compact = false }: { compact?: boolean }) {
  const { data, isLoading, error } = useDispatch();
  const [view, setView] = useState<'driver' | 'time' | 'lanes'>('driver');
  if (isLoading) return <Spinner />;
  if (error || !data) return <Alert tone="error" title="Failed to load the dispatch board">{errorMessage(error, 'Please refresh the page')}</Alert>;
  const jobs = compact ? data.jobs.filter((j) => j.businessDate === data.dates[0]) : data.jobs;
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid={compact ? 'dispatch-compact' : 'dispatch-board'}>
      {!compact && (
        <div className="flex flex-wrap items-center gap-2">
          <div role="group" aria-label="Group jobs" className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
            {(['driver', 'time', 'lanes'] as const).map((v) => (
              <Button key={v} type="button" size="sm" variant={view === v ? 'default' : 'ghost'} aria-pressed={view === v} onClick={() => setView(v)}>
                {VIEW_LABEL[v]}
              </Button>
            ))}
          </div>
          <span className="text-sm text-slate-500">
            {data.total} job{data.total === 1 ? '' : 's'} today and tomorrow · {data.jobs.filter((j) => !j.assignedDriverId).length} unassigned
          </span>
          {data.truncated && <span className="text-sm text-amber-700">Showing the first {data.jobs.length}.</span>}
        </div>
      )}
      {!compact && (
        <Suspense fallback={<div className="h-72 rounded-lg bg-slate-100 lg:h-96" />}>
          <DispatchMap
            tileUrl={data.tileUrl}
            drivers={data.drivers.flatMap((d) => (d.location ? [{ id: d.id, name: d.fullName, latitude: d.location.latitude, longitude: d.location.longitude }] : []))}
            stops={[...data.jobs]
              .sort((a, b) => a.scheduledDate.localeCompare(b.scheduledDate))
              .filter((j) => j.latitude != null && j.longitude != null)
              .map((j, i) => ({
                id: j.id,
                label: String(i + 1),
                title: `${dayLabel(j.businessDate, data.dates)} ${formatPacificTime(j.scheduledDate)} ${j.serviceName}, ${j.address?.street ?? ''}`,
                latitude: j.latitude!,
                longitude: j.longitude!,
                assigned: !!j.assignedDriverId,
              }))}
          />
        </Suspense>
      )}
      {view === 'lanes' && !compact ? (
        <Suspense fallback={<Spinner />}>
          <DispatchLanes dates={data.dates} />
        </Suspense>
      ) : jobs.length === 0 ? (
        <p className="text-sm text-slate-500">{compact ? 'No jobs today.' : 'No jobs today or tomorrow.'}</p>
      ) : view === 'time' || compact ? (
        <JobList jobs={jobs} dates={data.dates} drivers={data.drivers} compact={compact} />
      ) : (
        <ByDriver jobs={jobs} dates={data.dates} drivers={data.drivers} />
      )}
      {compact && (
        <Link to="/admin/dispatch" className="text-sm text-brand-700 hover:underline">
          Open the dispatch board
        </Link>
      )}
    </div>
  );
}

function ByDriver({ jobs, dates, drivers }: { jobs: DispatchJob[]; dates: string[]; drivers: Driver[] }) {
  const groups = useMemo(() => {
    const unassigned = jobs.filter((j) => !j.assignedDriverId);
    const lanes = drivers.map((d) => ({ driver: d, jobs: jobs.filter((j) => j.assignedDriverId === d.id) }));
    return { unassigned, lanes };
  }, [jobs, drivers]);
  return (
    <div className="grid min-w-0 grid-cols-1 gap-4 lg:grid-cols-2 xl:grid-cols-3">
      <section aria-label="Unassigned" className="min-w-0">
        <h2 className="mb-2 flex items-center gap-2 font-semibold">
          Unassigned <Badge tone={groups.unassigned.length ? 'yellow' : 'gray'}>{groups.unassigned.length}</Badge>
        </h2>
        {groups.unassigned.length ? <JobList jobs={groups.unassigned} dates={dates} drivers={drivers} /> : <p className="text-sm text-slate-500">Every job has a driver.</p>}
      </section>
      {groups.lanes.map(({ driver, jobs: laneJobs }) => (
        <section key={driver.id} aria-label={driver.fullName} className="min-w-0">
          <h2 className="mb-2 flex flex-wrap items-center gap-2 font-semibold">
            <span className="break-normal">{driver.fullName}</span>
            <Badge tone={driver.status === 'available' ? 'green' : driver.status === 'busy' ? 'orange' : 'gray'}>{AVAILABILITY[driver.status ?? 'offline'] ?? driver.status}</Badge>
            {driver.location && <span className="text-xs font-normal text-slate-500">on the map</span>}
            {laneJobs.length > 0 && (
              <span className="ml-auto font-normal">
                <PlanDayButton technician={driver} dates={dates} />
              </span>
            )}
          </h2>
          {laneJobs.length ? <JobList jobs={laneJobs} dates={dates} drivers={drivers} /> : <p className="text-sm text-slate-500">No jobs.</p>}
        </section>
      ))}
    </div>
  );
}

function JobList({ jobs, dates, drivers, compact = false }: { jobs: DispatchJob[]; dates: string[]; drivers: Driver[]; compact?: boolean }) {
  return (
    <ul className="flex min-w-0 flex-col gap-2">
      {jobs.map((job) => (
        <li key={job.id}>
          <JobCard job={job} dates={dates} drivers={drivers} compact={compact} />
        </li>
      ))}
    </ul>
  );
}

function JobCard({ job, dates, drivers, compact }: { job: DispatchJob; dates: string[]; drivers: Driver[]; compact: boolean }) {
  const { user: me } = useCurrentUser();
  const number = bookingNumber(job.id);
  const [conflict, setConflict] = useState<{ message: string; driverId: string } | null>(null);
  const { change, isPending } = useChangeDriver(job.id, number, (message, driverId) => setConflict({ message, driverId }));
  const customer = job.user?.fullName ?? job.guestName ?? 'Guest';
  const phone = job.user?.phone ?? job.guestPhone;
  const address = job.address ? `${job.address.street}, ${job.address.city}` : null;
  const mapsUrl = job.address ? `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${job.address.street}, ${job.address.city}, ${job.address.state} ${job.address.zipCode}`)}` : null;
  const options = me && !drivers.some((d) => d.id === me.id) ? [...drivers, { id: me.id, fullName: `${me.fullName} (me)` }] : drivers;
  const selectId = `assign-${job.id}`;
  return (
    <Card data-testid={`job-${number}`} aria-label={`Job #${number}`} className="min-w-0">
      <CardHeader className="flex-row flex-wrap items-center gap-2 pb-2">
        <CardTitle className="text-base tabular-nums">
          {formatPacificTime(job.scheduledDate)}
          {job.businessDate !== dates[0] && <span className="ml-1 text-xs font-normal text-slate-500">{dayLabel(job.businessDate, dates)}</span>}
        </CardTitle>
        <Badge tone={statusTone(job.status)}>{statusLabel(job.status)}</Badge>
        <Badge tone={paymentTone(job.paymentStatus)} aria-label={`Payment: ${paymentLabel(job.paymentStatus)}`}>
          {paymentLabel(job.paymentStatus)}
        </Badge>
        <Badge tone="gray">{TYPE_LABEL[job.serviceType] ?? job.serviceType}</Badge>
        <span className="ml-auto font-mono text-xs text-slate-500">#{number}</span>
      </CardHeader>
      <CardContent className="flex flex-col gap-1 text-sm">
        <p className="min-w-0 break-words font-medium">
          {job.serviceName} · {customer} <WeatherBadge weather={job.weather} />
        </p>
        <JobLines job={job.job} variant="compact" className="text-slate-600 dark:text-slate-400" />
        {address && (
          <a href={mapsUrl!} target="_blank" rel="noreferrer" className="flex min-w-0 items-start gap-1 break-words text-brand-700 hover:underline">
            <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden /> {address}
          </a>
        )}
        {phone && (
          <a href={telHref(phone)} className="flex items-center gap-1 text-brand-700 hover:underline">
            <Phone className="size-4 shrink-0" aria-hidden /> {formatUsPhone(phone)}
          </a>
        )}
        {job.notes && (
          <p className="flex min-w-0 items-start gap-1 break-words text-slate-600 dark:text-slate-400">
            <StickyNote className="mt-0.5 size-4 shrink-0" aria-hidden /> {job.notes}
          </p>
        )}
        {!compact ? (
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <label htmlFor={selectId} className="sr-only">
              Driver
            </label>
            <Select id={selectId} className="min-w-40 flex-1 basis-40" value={job.assignedDriverId ?? ''} disabled={isPending} onChange={(e) => change(e.target.value)}>
              <option value="">Unassigned</option>
              {options.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.fullName}
                </option>
              ))}
            </Select>
            {me && job.assignedDriverId !== me.id && (
              <Button type="button" variant="outline" size="sm" disabled={isPending} onClick={() => change(me.id)}>
                <UserCheck className="size-4" aria-hidden /> Assign to me
              </Button>
            )}
          </div>
        ) : (
          <p className="text-xs text-slate-500">{job.driver ? `Driver: ${job.driver.fullName}` : 'No driver'}</p>
        )}
        <AssignAnywayDialog
          message={conflict?.message ?? null}
          busy={isPending}
          onCancel={() => setConflict(null)}
          onConfirm={() => {
            if (conflict) change(conflict.driverId, true);
            setConflict(null);
          }}
        />
      </CardContent>
    </Card>
  );
}
