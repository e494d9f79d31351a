import { useEffect, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Field, FormActions } from './form-bits';

export interface PersonForm {
  fullName: string;
  email: string;
  phone: string;
}

/** Name, e-mail and phone of a new account (a customer or a driver); name and e-mail are required. */
export function PersonDialog(props: {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  submitLabel: string;
  pending: boolean;
  /** The form and one Idempotency-Key per opened dialog (a double click creates one account). */
  onSubmit(form: PersonForm & { idempotencyKey: string }): void;
}) {
  const { open, onOpenChange } = props;
  const [form, setForm] = useState<PersonForm>({ fullName: '', email: '', phone: '' });
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  useEffect(() => {
    if (open) setForm({ fullName: '', email: '', phone: '' });
    if (open) setIdempotencyKey(crypto.randomUUID());
  }, [open]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.fullName.trim() || !form.email.trim()) return void toast.error('Please fill in all required fields');
    if (props.pending) return;
    props.onSubmit({ ...form, idempotencyKey });
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={props.title} description={props.description}>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Field label="Full Name *" value={form.fullName} onChange={(e) => setForm((f) => ({ ...f, fullName: e.target.value }))} />
          <Field label="Email *" type="email" value={form.email} onChange={(e) => setForm((f) => ({ ...f, email: e.target.value }))} />
          <Field label="Phone" type="tel" value={form.phone} onChange={(e) => setForm((f) => ({ ...f, phone: e.target.value }))} />
          <FormActions onCancel={() => onOpenChange(false)} submit={props.submitLabel} busy={props.pending} />
        </form>
      </DialogContent>
    </Dialog>
  );
}
