import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Input, Label } from '@web/components/ui/input';
import { cn } from '@web/lib/utils';

/** A labelled input; the label is tied to the input so tests and screen readers find it by name. */
export function Field({ label, hint, className, id: givenId, ...props }: { label: string; hint?: string } & InputHTMLAttributes<HTMLInputElement>) {
  // A field may name its own id (a caller that points at it from elsewhere); otherwise React's useId.
  const generated = useId();
  const id = givenId ?? generated;
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...props} />
      {hint && <p className="text-xs text-slate-500">{hint}</p>}
    </div>
  );
}

export function LabelledControl({ label, children, className }: { label: string; children: (id: string) => ReactNode; className?: string }) {
  const id = useId();
  return (
    <div className={cn('flex flex-col gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children(id)}
    </div>
  );
}

export function CheckboxField({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input type="checkbox" className="size-4 accent-brand-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      {label}
    </label>
  );
}

/**
 * A dialog form's buttons at its foot: what the form adds first (a delete, a reopen), then Cancel, which
 * closes it, and the submit button, disabled while `busy` (a double click never saves twice).
 */
export function FormActions({ onCancel, submit, busy, submitVariant, children }: { onCancel: () => void; submit: ReactNode; busy?: boolean; submitVariant?: ButtonProps['variant']; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 pt-1">
      {children}
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" variant={submitVariant} disabled={busy}>
        {submit}
      </Button>
    </div>
  );
}

export const CAPACITY_MESSAGE = 'Max concurrent appointments must be between 1 and 10';

/** Max concurrent appointments as typed: a whole number from 1 to 10, else null (never quietly changed to fit). */
export function parseCapacity(value: string | number): number | null {
  const text = String(value).trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 10 ? n : null;
}
