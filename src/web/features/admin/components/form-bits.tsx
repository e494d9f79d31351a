import { useId, type FormEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { toCents } from '@shared/money';
import { Button, type ButtonProps } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Alert } from '@web/components/ui/feedback';
import { Input, Label } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
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

/** A whole number typed into a settings field, from 0 to `max`, else null (never quietly changed to fit). */
export function typedWholeNumber(text: string, max: number): number | null {
  const trimmed = text.trim();
  return /^\d{1,6}$/.test(trimmed) && Number(trimmed) <= max ? Number(trimmed) : null;
}

/** Dollars typed into a field ("45", "45.5", "$45.50") as cents, up to $99,999.99, else null. */
export function typedDollars(text: string): number | null {
  const trimmed = text.trim().replace(/^\$/, '');
  return /^\d{1,5}(\.\d{1,2})?$/.test(trimmed) ? toCents(trimmed) : null;
}

/** What a settings card needs of its save mutation. */
interface SettingsSave<T> {
  mutate(body: T, options: { onSuccess(): void; onError(error: unknown): void }): void;
  isPending: boolean;
  error?: unknown;
}

/**
 * One section of the business settings as a card: its title, its fields, the server's refusal when it says
 * what is wrong, and one Save, disabled while the fields do not read (`body` null) or a save is under way.
 * `what` names the section in the toasts ("Policies saved", "Could not save the policies").
 */
export function SettingsCard<T>(props: { title: string; what: string; testId: string; className?: string; save: SettingsSave<T>; body: T | null; children: ReactNode }) {
  const { save, body, what } = props;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (body === null) return;
    save.mutate(body, {
      onSuccess: () => toast.success(`${what.charAt(0).toUpperCase()}${what.slice(1)} saved`),
      onError: (error) => toast.error(`Could not save the ${what}`, { description: errorMessage(error, 'Please try again') }),
    });
  };
  return (
    <Card className={cn('max-w-xl p-4', props.className)} data-testid={props.testId}>
      <form className="flex flex-col gap-3" onSubmit={submit} aria-label={props.title}>
        <h2 className="text-lg font-semibold">{props.title}</h2>
        {props.children}
        {save.error ? (
          <Alert tone="error" title="Not saved">
            {errorMessage(save.error, 'Please try again')}
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button type="submit" disabled={body === null || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Card>
  );
}
