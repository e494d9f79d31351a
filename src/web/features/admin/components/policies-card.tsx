import { useState, type FormEvent } from 'react';
import { fromCents, toCents } from '@shared/money';
import type { BusinessSettings, FeeRule } from '@shared/schemas/business-settings';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { useSaveCancellationSettings } from '../messages-api';
import { Field, LabelledControl } from './form-bits';

type Policy = BusinessSettings['cancellation'];
interface FeeText {
  kind: FeeRule['kind'];
  text: string;
}

const feeText = (rule: FeeRule): FeeText => ({ kind: rule.kind, text: rule.kind === 'fixed' ? fromCents(rule.value) : rule.kind === 'percent' ? String(rule.value) : '' });

/** A typed fee as the settings store it (cents, or a whole percentage 1–100), or null when it does not read. */
function feeRule(fee: FeeText): FeeRule | null {
  const text = fee.text.trim();
  if (fee.kind === 'none') return { kind: 'none', value: 0 };
  if (fee.kind === 'fixed') return /^\d{1,5}(\.\d{1,2})?$/.test(text) ? { kind: 'fixed', value: toCents(text) } : null;
  return /^\d{1,3}$/.test(text) && Number(text) >= 1 && Number(text) <= 100 ? { kind: 'percent', value: Number(text) } : null;
}

const hoursOf = (text: string): number | null => (/^\d{1,3}$/.test(text.trim()) && Number(text) <= 24 * 14 ? Number(text) : null);

/**
 * The "Policies" card (decision 057): free cancellation up to so many hours before the start; a later
 * cancellation and a no-show cost a fixed amount or a percentage of the booking's total. Checkout, the help
 * page and the confirmation e-mail quote it; fees are taken only on bookings whose customer agreed to it.
 */
export function PoliciesCard({ saved }: { saved: Policy }) {
  const [hours, setHours] = useState(String(saved.freeCancelHours));
  const [late, setLate] = useState(feeText(saved.lateCancelFee));
  const [noShow, setNoShow] = useState(feeText(saved.noShowFee));
  const save = useSaveCancellationSettings();
  const freeCancelHours = hoursOf(hours);
  const lateCancelFee = feeRule(late);
  const noShowFee = feeRule(noShow);
  const valid = freeCancelHours !== null && lateCancelFee !== null && noShowFee !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!valid) return;
    save.mutate(
      { freeCancelHours, lateCancelFee, noShowFee },
      { onSuccess: () => toast.success('Policies saved'), onError: (e) => toast.error('Could not save the policies', { description: errorMessage(e, 'Please try again') }) },
    );
  };
  return (
    <Card className="max-w-xl p-4" data-testid="policy-settings">
      <form className="flex flex-col gap-3" onSubmit={submit} aria-label="Policies">
        <h2 className="text-lg font-semibold">Policies</h2>
        <Field label="Free cancellation until (hours before the start)" inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} aria-invalid={freeCancelHours === null} />
        <FeeFields name="late-cancel" label="Late-cancellation fee" fee={late} onChange={setLate} invalid={lateCancelFee === null} />
        <FeeFields name="no-show" label="No-show fee" fee={noShow} onChange={setNoShow} invalid={noShowFee === null} />
        <p className="text-sm text-slate-500">
          A percentage is of the booking&apos;s total. Fees are kept from what the customer paid (a deposit) first, and only on bookings whose customer agreed to the policy at checkout.
        </p>
        <div className="flex justify-end">
          <Button type="submit" disabled={!valid || save.isPending}>
            {save.isPending ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </Card>
  );
}

function FeeFields({ name, label, fee, onChange, invalid }: { name: string; label: string; fee: FeeText; onChange: (fee: FeeText) => void; invalid: boolean }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <LabelledControl label={label}>
        {(id) => (
          <Select id={id} value={fee.kind} onChange={(e) => onChange({ kind: e.target.value as FeeRule['kind'], text: '' })}>
            <option value="none">No fee</option>
            <option value="fixed">Fixed amount</option>
            <option value="percent">Percentage</option>
          </Select>
        )}
      </LabelledControl>
      {fee.kind !== 'none' && (
        <Field
          id={`${name}-fee-value`}
          label={fee.kind === 'fixed' ? 'Amount ($)' : 'Percent of total'}
          inputMode={fee.kind === 'fixed' ? 'decimal' : 'numeric'}
          value={fee.text}
          onChange={(e) => onChange({ ...fee, text: e.target.value })}
          aria-invalid={invalid}
        />
      )}
    </div>
  );
}
