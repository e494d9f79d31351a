import { CalendarPlus, Check } from 'lucide-react';
import { toast } from '@web/lib/toast';
import { CLOSURE_LABEL } from '@shared/domain';
import { addDaysToKey } from '@shared/time';
import { upcomingUsHolidays } from '@shared/us-holidays';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Alert, Spinner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { useClosures, useSaveClosure } from '../api';

const dateLabel = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' });

/**
 * The coming year's US federal holidays, each with Add: a suggestion only — a holiday becomes a closure
 * when the owner adds it, one click per day, and a day already closed says so instead.
 */
export function HolidaySuggestionsDialog({ open, onOpenChange, today }: { open: boolean; onOpenChange: (open: boolean) => void; today: string }) {
  const holidays = upcomingUsHolidays(today);
  const end = holidays.at(-1)?.date ?? addDaysToKey(today, 365);
  const closures = useClosures(today, end, open);
  const save = useSaveClosure();
  const add = (date: string, name: string) =>
    save.mutate(
      { form: { date, name, reason: '', type: 'holiday', isRecurring: false } },
      {
        onSuccess: () => toast.success('Closure added', { description: `${name}: closed all day.` }),
        onError: (error) => toast.error('Could not add the closure', { description: errorMessage(error, 'Please try again.') }),
      },
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Suggested Holidays" description="US federal holidays in the coming year. Nothing closes until you add it.">
        {closures.isLoading && <Spinner />}
        {closures.error && <Alert tone="error" title="Failed to load the closures">{errorMessage(closures.error, 'Please refresh the page')}</Alert>}
        {closures.data && (
          <ul className="flex flex-col divide-y divide-slate-100 dark:divide-slate-800" aria-label="Suggested holidays">
            {holidays.map((holiday) => {
              const closed = closures.data.find((c) => c.date === holiday.date);
              const adding = save.isPending && save.variables?.form.date === holiday.date;
              return (
                <li key={holiday.date} className="flex items-center gap-3 py-2" aria-label={holiday.name}>
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{holiday.name}</p>
                    <p className="text-sm text-slate-500">{dateLabel.format(new Date(`${holiday.date}T12:00:00Z`))}</p>
                  </div>
                  {closed ? (
                    <Badge tone="gray">
                      <Check className="size-3" aria-hidden /> {closed.type === 'holiday' ? 'Added' : `Closed (${CLOSURE_LABEL[closed.type]})`}
                    </Badge>
                  ) : (
                    <Button size="sm" variant="outline" disabled={save.isPending} onClick={() => add(holiday.date, holiday.name)} aria-label={`Add ${holiday.name}`}>
                      <CalendarPlus aria-hidden /> {adding ? 'Adding…' : 'Add'}
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}
