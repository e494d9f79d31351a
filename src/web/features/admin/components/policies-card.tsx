import { useState } from 'react';
import { fromCents } from '@shared/money';
import type { BusinessSettings, FeeRule } from '@shared/schemas/business-settings';
import { Select } from '@web/components/ui/input';
import { useSaveCancellationSettings } from '../messages-api';
import { Field, LabelledControl, SettingsCard, typedDollars, typedWholeNumber } from './form-bits';

type Policy = BusinessSettings['cancellation'];
interface FeeText {
  kind: FeeRule['kind'];
  text: string;
}

const feeText = (rule: FeeRule): FeeText => ({ kind: rule.kind, text: rule.kind === 'fixed' ? fromCents(rule.value) : rule.kind === 'percent' ? String(rule.value) : '' });

/** A typed fee as the settings store it (cents, or a whole percentage 1–100), or null when it does not read. */
function feeRule(fee: FeeText): FeeRule | null {
  if (fee.kind === 'none') return { kind: 'none', value: 0 };
  const value = fee.kind === 'fixed' ? typedDollars(fee.text) : typedWholeNumber(fee.text, 100);
  return value === null || (fee.kind === 'percent' && value < 1) ? null : { kind: fee.kind, value };
}

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
  const freeCancelHours = typedWholeNumber(hours, 24 * 14);
  const lateCancelFee = feeRule(late);
  const noShowFee = feeRule(noShow);
  const body = freeCancelHours !== null && lateCancelFee !== null && noShowFee !== null ? { freeCancelHours, lateCancelFee, noShowFee } : null;
  return (
    <SettingsCard title="Policies" what="policies" testId="policy-settings" save={save} body={body}>
      <Field label="Free cancellation until (hours before the start)" inputMode="numeric" value={hours} onChange={(e) => setHours(e.target.value)} aria-invalid={freeCancelHours === null} />
      <FeeFields name="late-cancel" label="Late-cancellation fee" fee={late} onChange={setLate} invalid={lateCancelFee === null} />
      <FeeFields name="no-show" label="No-show fee" fee={noShow} onChange={setNoShow} invalid={noShowFee === null} />
      <p className="text-sm text-slate-500">
        A percentage is of the booking&apos;s total. Fees are kept from what the customer paid (a deposit) first, and only on bookings whose customer agreed to the policy at checkout.
      </p>
    </SettingsCard>
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
