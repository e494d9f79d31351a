import { Car, GripVertical, MoveRight } from 'lucide-react';
import { useMemo, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { SLOT_MINUTES } from '@shared/constants';
import { bookingNumber } from '@shared/format';
import type { DispatchLanes as LanesData, Lane, LaneJob } from '@shared/schemas/dispatch';
import { formatTime12, minutesOfDay, timeFromMinutes } from '@shared/time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { Input, Label, Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { assignmentConflict, useDispatchLanes, useMoveJob } from '../api';
import { WeatherBadge } from './weather-badge';
import { AssignAnywayDialog } from './assign-anyway-dialog';
import { Pager } from './pager';
import { formatPacificTime, statusLabel, statusTone } from './status';

interface MoveRequest {
  bookingId: string;
  number: string;
  technicianId: string | null;
  startTime?: string;
}

/** How far (px) a press must travel before it is a drag: a press that stays put is a click (the Move button). */
const DRAG_THRESHOLD = 6;
/** The lane under a point of the viewport (its `data-lane`): a technician's id, null for Unassigned, undefined for no lane. */
function laneAt(x: number, y: number): string | null | undefined {
  const lane = document.elementFromPoint(x, y)?.closest('[data-lane]');
  if (!lane) return undefined;
  return lane.getAttribute('data-lane') || null;
}

/** A job being dragged: where the pointer is and the lane under it (undefined: none). */
interface Dragging {
  job: LaneJob;
  x: number;
  y: number;
  over: string | null | undefined;
}

/**
 * Dragging a job onto a lane with pointer events, so a mouse, a pen and a finger all do it (issue 24). A mouse
 * drags the block from anywhere but its buttons; a finger or pen from the block's grip, the one part with
 * `touch-action: none`, so a swipe elsewhere still scrolls the page and the lanes. The press becomes a drag
 * once it travels DRAG_THRESHOLD px; releasing it over a lane hands the job and that lane to `onDrop`.
 */
function usePointerDrag(onDrop: (job: LaneJob, technicianId: string | null) => void) {
  const [dragging, setDragging] = useState<Dragging | null>(null);
  const start = (job: LaneJob) => (event: ReactPointerEvent<HTMLElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    const target = event.target as Element;
    const fromGrip = target.closest('[data-drag-grip]');
    if (!fromGrip && (event.pointerType !== 'mouse' || target.closest('button, a, input, select'))) return;
    const { pointerId, clientX: x0, clientY: y0 } = event;
    let moved = false;
    const move = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      if (!moved && Math.hypot(e.clientX - x0, e.clientY - y0) < DRAG_THRESHOLD) return;
      moved = true;
      e.preventDefault();
      setDragging({ job, x: e.clientX, y: e.clientY, over: laneAt(e.clientX, e.clientY) });
    };
    const stop = (e: PointerEvent) => {
      if (e.pointerId !== pointerId) return;
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', stop);
      window.removeEventListener('pointercancel', stop);
      setDragging(null);
      if (!moved || e.type !== 'pointerup') return;
      const technicianId = laneAt(e.clientX, e.clientY);
      if (technicianId !== undefined) onDrop(job, technicianId);
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', stop);
    window.addEventListener('pointercancel', stop);
    // A mouse press would otherwise start selecting the block's text.
    if (event.pointerType === 'mouse') event.preventDefault();
  };
  return { dragging, start };
}

/** The starts the Move control offers: the 30-minute grid across the day's hours (07:00–20:00 when nobody works), and the job's own. */
function startOptions(data: LanesData, own: string): string[] {
  const hours = data.lanes.flatMap((l) => l.hours);
  const from = hours.length ? Math.min(...hours.map((h) => minutesOfDay(h.start))) : 7 * 60;
  const to = hours.length ? Math.max(...hours.map((h) => minutesOfDay(h.end))) : 20 * 60;
  const times = new Set<string>([own]);
  for (let m = Math.floor(from / SLOT_MINUTES) * SLOT_MINUTES; m < to; m += SLOT_MINUTES) times.add(timeFromMinutes(m));
  return [...times].sort();
}

/**
 * One day of the dispatch board by technician (issue 24): a lane per technician working that day with their
 * hours, each job as a block with the drive before it, the day's total drive, and the unassigned jobs aside. A
 * job moves with its Move control (technician and start; keyboard friendly) or by dragging it onto another lane
 * (keeping its time) with a mouse, or a finger or pen on its grip. A move the technician's day has no room for names the conflict and offers "Assign anyway".
 */
export function DispatchLanes({ dates }: { dates: string[] }) {
  const [date, setDate] = useState(dates[0]!);
  const [page, setPage] = useState(1);
  const { data, isLoading, error } = useDispatchLanes(date, page);
  const moveJob = useMoveJob();
  const [moving, setMoving] = useState<LaneJob | null>(null);
  const [conflict, setConflict] = useState<{ message: string; request: MoveRequest } | null>(null);

  const send = (request: MoveRequest, override = false) =>
    moveJob.mutate(
      { bookingId: request.bookingId, technicianId: request.technicianId, startTime: request.startTime, override },
      {
        onSuccess: (view) => {
          setConflict(null);
          setMoving(null);
          toast.success('Job moved', { description: `#${request.number} at ${formatPacificTime(view.scheduledDate)}: ${view.driver ? view.driver.fullName : 'no driver'}` });
        },
        onError: (err) => {
          const message = assignmentConflict(err);
          // The Move dialog gives way to the conflict's (one modal at a time); Cancel leaves the job where it was.
          if (message) {
            setMoving(null);
            setConflict({ message, request });
          }
          else toast.error('Could not move the job', { description: errorMessage(err, 'Please try again.') });
        },
      },
    );

  const { dragging, start } = usePointerDrag((job, technicianId) => {
    if ((job.assignedDriverId ?? null) === technicianId) return;
    send({ bookingId: job.id, number: bookingNumber(job.id), technicianId });
  });
  const over = dragging ? dragging.over : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-3" data-testid="dispatch-lanes">
      <div className="flex flex-wrap items-center gap-2">
        <div role="group" aria-label="Day" className="inline-flex rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
          {dates.map((d, i) => (
            <Button key={d} type="button" size="sm" variant={date === d ? 'default' : 'ghost'} aria-pressed={date === d} onClick={() => (setDate(d), setPage(1))}>
              {i === 0 ? 'Today' : i === 1 ? 'Tomorrow' : d}
            </Button>
          ))}
        </div>
        <Label htmlFor="lanes-date" className="sr-only">
          Lanes day
        </Label>
        <Input id="lanes-date" type="date" className="w-44" value={date} onChange={(e) => e.target.value && (setDate(e.target.value), setPage(1))} />
      </div>
      {isLoading ? (
        <Spinner />
      ) : error || !data ? (
        <Alert tone="error" title="Failed to load the lanes">
          {errorMessage(error, 'Please refresh the page')}
        </Alert>
      ) : (
        <>
          {data.truncated && <p className="text-sm text-amber-700">This day has more jobs than the lanes can show at once: the earliest are shown.</p>}
          <div className="flex min-w-0 gap-3 overflow-x-auto pb-2">
            <LaneColumn label="Unassigned" subtitle={`${data.unassigned.total} job${data.unassigned.total === 1 ? '' : 's'}`} jobs={data.unassigned.items} onMove={setMoving} onDragStart={start} dragOver={over === null} draggingId={dragging?.job.id} />
            {data.lanes.map((lane) => (
              <LaneColumn key={lane.technicianId} lane={lane} label={lane.name} subtitle={laneSubtitle(lane)} jobs={lane.jobs} onMove={setMoving} onDragStart={start} dragOver={over === lane.technicianId} draggingId={dragging?.job.id} />
            ))}
            {data.lanes.length === 0 && <p className="self-center text-sm text-slate-500">Nobody works this day.</p>}
          </div>
          <Pager page={page} pages={Math.ceil(data.unassigned.total / data.unassigned.pageSize)} onPage={setPage} label="Unassigned pages" />
        </>
      )}
      {dragging && (
        <div aria-hidden className="pointer-events-none fixed z-50 -translate-x-1/2 -translate-y-full rounded-md border border-brand-500 bg-white px-2 py-1 text-sm font-medium shadow-lg dark:bg-slate-950" style={{ left: dragging.x, top: dragging.y - 8 }}>
          #{bookingNumber(dragging.job.id)} · {dragging.job.customerName}
        </div>
      )}
      {moving && data && (
        <MoveDialog job={moving} data={data} busy={moveJob.isPending} onCancel={() => setMoving(null)} onMove={(technicianId, startTime) => send({ bookingId: moving.id, number: bookingNumber(moving.id), technicianId, startTime })} />
      )}
      <AssignAnywayDialog message={conflict?.message ?? null} busy={moveJob.isPending} onCancel={() => setConflict(null)} onConfirm={() => conflict && send(conflict.request, true)} />
    </div>
  );
}

function laneSubtitle(lane: Lane): string {
  const hours = lane.hours.length ? lane.hours.map((h) => `${formatTime12(h.start)}–${formatTime12(h.end)}`).join(', ') : lane.worksJobs ? 'Not working' : 'Takes jobs now and then';
  return hours;
}

export function LaneColumn({
  lane,
  label,
  subtitle,
  jobs,
  onMove,
  onDragStart,
  dragOver,
  draggingId,
}: {
  lane?: Lane;
  label: string;
  subtitle: string;
  jobs: LaneJob[];
  onMove(job: LaneJob): void;
  onDragStart(job: LaneJob): (event: ReactPointerEvent<HTMLElement>) => void;
  dragOver: boolean;
  draggingId: string | undefined;
}) {
  return (
    <section
      aria-label={`Lane: ${label}`}
      data-testid={lane ? `lane-${lane.technicianId}` : 'lane-unassigned'}
      data-lane={lane?.technicianId ?? ''}
      className={`flex w-64 shrink-0 flex-col gap-2 rounded-lg border p-2 ${dragOver ? 'border-brand-500 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-900'}`}
    >
      <header className="flex flex-col gap-0.5">
        <h3 className="flex items-center gap-2 font-semibold">
          <span className="break-words">{label}</span>
          <Badge tone={jobs.length ? 'blue' : 'gray'}>{jobs.length}</Badge>
        </h3>
        <p className="text-xs text-slate-500">{subtitle}</p>
        {lane && (
          <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="lane-total-drive">
            <Car aria-hidden className="mr-1 inline size-3.5" />
            {lane.totalDriveMinutes} min driving today
          </p>
        )}
      </header>
      {jobs.length === 0 ? <p className="text-sm text-slate-500">{lane ? 'No jobs.' : 'Every job has a technician.'}</p> : null}
      <ol className="flex flex-col gap-2">
        {jobs.map((job) => (
          <li key={job.id}>
            {job.driveMinutesBefore !== null && (
              <p className="mb-1 text-xs text-slate-600 dark:text-slate-400" aria-label={`Drive before: ${job.driveMinutesBefore} minutes`}>
                🚗 {job.driveMinutesBefore} min
              </p>
            )}
            <JobBlock job={job} onMove={() => onMove(job)} onPointerDown={onDragStart(job)} dragging={draggingId === job.id} />
          </li>
        ))}
      </ol>
      {lane && lane.jobs.length > 0 && lane.driveMinutesHome > 0 && <p className="text-xs text-slate-500">🚗 {lane.driveMinutesHome} min home</p>}
    </section>
  );
}

function JobBlock({ job, onMove, onPointerDown, dragging }: { job: LaneJob; onMove(): void; onPointerDown(event: ReactPointerEvent<HTMLElement>): void; dragging: boolean }) {
  const number = bookingNumber(job.id);
  return (
    <article
      data-testid={`lane-job-${number}`}
      aria-label={`Job #${number}`}
      onPointerDown={onPointerDown}
      className={`flex cursor-grab select-none flex-col gap-1 rounded-md border border-slate-200 bg-white p-2 text-sm shadow-sm dark:border-slate-700 dark:bg-slate-950 ${dragging ? 'opacity-50' : ''}`}
    >
      <div className="flex items-center gap-2">
        {/* The grip a finger drags by: no panning here, so the press is the drag's (the rest of the block scrolls). */}
        <span data-drag-grip data-testid="lane-job-grip" aria-hidden className="-m-1 flex touch-none items-center self-stretch p-1 text-slate-400">
          <GripVertical className="size-4" />
        </span>
        <span className="font-semibold tabular-nums">{formatTime12(job.time)}</span>
        <span className="text-xs text-slate-500">{job.durationMinutes} min</span>
        <Badge tone={statusTone(job.status)} className="ml-auto">
          {statusLabel(job.status)}
        </Badge>
      </div>
      <p className="break-words font-medium">
        {job.serviceName} <WeatherBadge weather={job.weather} />
      </p>
      <p className="break-words text-slate-600 dark:text-slate-400">{job.customerName}</p>
      {job.address && <p className="break-words text-xs text-slate-500">{job.address}</p>}
      <div className="flex items-center justify-between gap-2">
        <span className="font-mono text-xs text-slate-500">#{number}</span>
        <Button type="button" size="sm" variant="outline" onClick={onMove} aria-label={`Move job #${number}`}>
          <MoveRight className="size-4" aria-hidden /> Move
        </Button>
      </div>
    </article>
  );
}

function MoveDialog({ job, data, busy, onMove, onCancel }: { job: LaneJob; data: LanesData; busy: boolean; onMove(technicianId: string | null, startTime: string): void; onCancel(): void }) {
  const number = bookingNumber(job.id);
  const [technicianId, setTechnicianId] = useState(job.assignedDriverId ?? '');
  const [startTime, setStartTime] = useState(job.time);
  const times = useMemo(() => startOptions(data, job.time), [data, job.time]);
  const unchanged = technicianId === (job.assignedDriverId ?? '') && startTime === job.time;
  return (
    <Dialog open onOpenChange={(open) => !open && onCancel()}>
      <DialogContent title={`Move job #${number}`} description={`${job.serviceName} · ${job.customerName}, now at ${formatTime12(job.time)}`}>
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            onMove(technicianId || null, startTime);
          }}
        >
          <div className="flex flex-col gap-1">
            <Label htmlFor="move-technician">Technician</Label>
            <Select id="move-technician" value={technicianId} onChange={(e) => setTechnicianId(e.target.value)}>
              <option value="">Unassigned</option>
              {data.lanes.map((l) => (
                <option key={l.technicianId} value={l.technicianId}>
                  {l.name}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="move-time">Start time</Label>
            <Select id="move-time" value={startTime} onChange={(e) => setStartTime(e.target.value)}>
              {times.map((time) => (
                <option key={time} value={time}>
                  {formatTime12(time)}
                </option>
              ))}
            </Select>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy || unchanged}>
              Move job
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
