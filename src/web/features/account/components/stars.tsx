import { Star } from 'lucide-react';
import { cn } from '@web/lib/utils';

/** Five stars showing a rating (read-only). */
export function Stars({ rating, label, className }: { rating: number; label: string; className?: string }) {
  return (
    <span role="img" aria-label={label} className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} className={cn('size-4', n <= rating ? 'fill-amber-400 text-amber-400' : 'text-slate-300')} aria-hidden />
      ))}
    </span>
  );
}

/** A 1–5 star picker: radio buttons underneath, so it works with the keyboard and a screen reader. */
export function StarPicker({ value, onChange, name, labelFor }: { value: number; onChange: (rating: number) => void; name: string; labelFor: (n: number) => string }) {
  return (
    <div role="radiogroup" className="flex gap-1">
      {[1, 2, 3, 4, 5].map((n) => (
        <label key={n} className="cursor-pointer p-0.5">
          <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="peer sr-only" aria-label={labelFor(n)} />
          <Star
            className={cn('size-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-brand-500', n <= value ? 'fill-amber-400 text-amber-400' : 'text-slate-300')}
            aria-hidden
          />
        </label>
      ))}
    </div>
  );
}
