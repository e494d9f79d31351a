import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Route } from 'lucide-react';
import { useState } from 'react';
import { formatTime12 } from '@shared/time';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import type { DayPlan } from '@shared/schemas/dispatch';
import { adminKeys, dayPlanQuery, useApplyDayPlan } from '../api';

const dayWord = (date: string, dates: readonly string[]) => (date === dates[0] ? 'today' : date === dates[1] ? 'tomorrow' : `on ${date}`);

/**
 * "Plan day" for one technician (decision 056): the button for a lane of the dispatch board and its dialog.
 * The dialog asks the server for the day reordered within each customer's promised window and shows the drive
 * before → after and every job whose time changes; only "Apply plan" moves them (the customers are e-mailed).
 * A day that changed meanwhile (409 PLAN_STALE) is said in a toast and planned again.
 */
export function PlanDayButton({ technician, dates }: { technician: { id: string; fullName: string }; dates: readonly string[] }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)} aria-label={`Plan day for ${technician.fullName}`}>
        <Route aria-hidden /> Plan day
      </Button>
      {open && <PlanDayDialog technician={technician} dates={dates} onClose={() => setOpen(false)} />}
    </>
  );
}

function PlanDayDialog({ technician, dates, onClose }: { technician: { id: string; fullName: string }; dates: readonly string[]; onClose(): void }) {
  const [date, setDate] = useState(dates[0]!);
  const client = useQueryClient();
  const plan = useQuery(dayPlanQuery(date, technician.id));
  const apply = useApplyDayPlan();
  const data = plan.data;

  const onApply = () => {
    if (!data) return;
    apply.mutate(
      { date, technicianId: technician.id, planToken: data.planToken },
      {
        onSuccess: (applied) => {
          toast.success('Plan applied', {
            description: `${applied.moves.length} job${applied.moves.length === 1 ? '' : 's'} moved · drive ${applied.beforeMinutes} min → ${applied.afterMinutes} min. The customers were e-mailed their new times.`,
          });
          onClose();
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'PLAN_STALE') {
            toast.error(errorMessage(error, 'The day changed since this plan was made. Plan again.'));
            // The board and this plan are read again: the dialog shows the day as it is now.
            void client.invalidateQueries({ queryKey: adminKeys.all });
            return;
          }
          toast.error('Could not apply the plan', { description: errorMessage(error, 'Please try again.') });
        },
      },
    );
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()}>
      <DialogContent title={`Plan day: ${technician.fullName}`} description="Reorders the jobs within each customer's promised window (the booked time ± 1 hour) for the shortest drive.">
        <div className="flex flex-col gap-4" data-testid="plan-day">
          {dates.length > 1 && (
            <div role="group" aria-label="Day" className="inline-flex self-start rounded-lg border border-slate-300 p-0.5 dark:border-slate-700">
              {dates.map((d) => (
                <Button key={d} type="button" size="sm" variant={d === date ? 'default' : 'ghost'} aria-pressed={d === date} onClick={() => setDate(d)}>
                  {d === dates[0] ? 'Today' : d === dates[1] ? 'Tomorrow' : d}
                </Button>
              ))}
            </div>
          )}
          {plan.isLoading ? (
            <Spinner label="Planning the day…" />
          ) : plan.error || !data ? (
            <Alert tone="error" title="Could not plan the day">
              {errorMessage(plan.error, 'Please try again.')}
            </Alert>
          ) : (
            <PlanSummary plan={data} day={dayWord(date, dates)} />
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            {data && data.moves.length > 0 && (
              <Button type="button" onClick={onApply} disabled={apply.isPending || plan.isFetching}>
                Apply plan
              </Button>
            )}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The plan as the dialog shows it: the day's drive before → after, and each job whose time changes. */
export function PlanSummary({ plan: data, day }: { plan: DayPlan; day: string }) {
  return (
    <>
      <p className="text-base font-medium tabular-nums" data-testid="plan-day-drive">
        Drive {day}: {data.beforeMinutes} min → {data.afterMinutes} min
      </p>
      {data.moves.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">This day is already the shortest drive.</p>
      ) : (
        <>
          <ul className="flex flex-col gap-1.5 text-sm" aria-label="Moves">
            {data.moves.map((m) => (
              <li key={m.bookingId} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-0.5">
                <span className="font-mono text-xs text-slate-500">#{m.number}</span>
                <span className="min-w-0 break-words">
                  {m.service} · {m.customer}
                </span>
                <span className="ml-auto inline-flex items-center gap-1 whitespace-nowrap tabular-nums">
                  {formatTime12(m.from)} <ArrowRight aria-label="to" className="size-3.5" /> <strong>{formatTime12(m.to)}</strong>
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-500">Each customer whose time changes is e-mailed the new time.</p>
        </>
      )}
    </>
  );
}
