import { Check } from 'lucide-react';
import { trackingStepIndex, trackingSteps } from '@shared/tracking';
import { useLanguage } from '@web/lib/i18n';
import { cn } from '@web/lib/utils';
import { stepText } from '../messages';

/** The 6-step pickup or 4-step mobile timeline, the current step marked for people and screen readers. */
export function ProgressStepper({ serviceType, status, label }: { serviceType: string; status: string; label: string }) {
  const { language } = useLanguage();
  const steps = trackingSteps(serviceType);
  const current = status === 'completed' ? steps.length : trackingStepIndex(serviceType, status);
  return (
    <ol aria-label={label} className="flex flex-col gap-0" data-testid="progress-stepper">
      {steps.map((step, index) => {
        const done = index < current;
        const active = index === current;
        const last = index === steps.length - 1;
        return (
          <li key={step} aria-current={active ? 'step' : undefined} data-state={done ? 'done' : active ? 'current' : 'upcoming'} className="relative flex items-start gap-3 pb-4 last:pb-0">
            {!last && <span aria-hidden className={cn('absolute left-[13px] top-7 h-[calc(100%-1.5rem)] w-0.5', done ? 'bg-brand-700' : 'bg-slate-200 dark:bg-slate-700')} />}
            <span
              aria-hidden
              className={cn(
                'z-10 flex size-7 shrink-0 items-center justify-center rounded-full border-2 text-xs font-bold',
                done && 'border-brand-700 bg-brand-700 text-white',
                active && 'border-brand-700 bg-white text-brand-700 ring-4 ring-brand-100 dark:border-brand-400 dark:bg-slate-900 dark:text-brand-200 dark:ring-brand-800',
                !done && !active && 'border-slate-300 bg-white text-slate-400 dark:border-slate-600 dark:bg-slate-900',
              )}
            >
              {done ? <Check className="size-4" /> : index + 1}
            </span>
            <span className={cn('pt-1 text-sm', active ? 'font-semibold text-slate-900 dark:text-white' : done ? 'text-slate-700 dark:text-slate-200' : 'text-slate-500')}>
              {stepText(language, serviceType, step)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
