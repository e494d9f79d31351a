import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@web/lib/utils';

export function Spinner({ className, label }: { className?: string; label?: string }) {
  return (
    <div role="status" className={cn('flex items-center justify-center gap-2 py-8 text-slate-500', className)}>
      <Loader2 className="size-5 animate-spin" aria-hidden />
      <span>{label ?? 'Loading...'}</span>
    </div>
  );
}

export function EmptyState({ icon, title, children }: { icon?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center dark:border-slate-700 dark:bg-slate-900">
      {icon}
      <h3 className="text-lg font-semibold">{title}</h3>
      {children}
    </div>
  );
}

export function Alert({ tone = 'info', title, children }: { tone?: 'info' | 'error' | 'success' | 'warning'; title?: string; children?: ReactNode }) {
  const tones = {
    info: 'border-blue-200 bg-blue-50 text-blue-900',
    error: 'border-red-200 bg-red-50 text-red-900',
    success: 'border-green-200 bg-green-50 text-green-900',
    warning: 'border-amber-200 bg-amber-50 text-amber-900',
  };
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-lg border p-3 text-sm', tones[tone])}>
      {title && <p className="font-semibold">{title}</p>}
      {children}
    </div>
  );
}
