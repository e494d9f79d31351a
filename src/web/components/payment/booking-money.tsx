import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { useState, type FormEvent } from 'react';
import { formatUsd } from '@shared/money';
import { COLLECT_METHODS, type CollectMethod } from '@shared/payment-ledger';
import { Button } from '@web/components/ui/button';
import { Input, Label, Textarea } from '@web/components/ui/input';
import { apiCall, errorMessage, newIdempotencyKey } from '@web/lib/api';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { ledgerMessages } from './ledger-messages';

/**
 * A booking's money, from its ledger (decision 049): the rows and what is paid and left, "Collect payment"
 * (amount prefilled with the balance, how it was paid, a tip, a note) for the assigned driver and the office,
 * and for the office a refund of any amount up to what was paid, behind a confirm step. Each form sends one
 * Idempotency-Key per opening, so a double tap or a retry records once.
 */
export const bookingLedgerKey = (bookingId: string) => ['booking-ledger', bookingId] as const;

const dollars = (cents: number) => (cents / 100).toFixed(2);
/** "25", "25.5", "25.50" → cents; anything else → null. */
const toCentsOrNull = (text: string) => (/^\d{1,6}(\.\d{1,2})?$/.test(text.trim()) ? Math.round(Number(text.trim()) * 100) : null);

type LedgerWrite = { ledger: unknown; entry: { amountCents: number } };

/**
 * A money form's amount as typed and its one write: one Idempotency-Key per opening of the form, the
 * answer's ledger put straight into the panel, and a toast either way.
 */
function useLedgerWrite(bookingId: string, initial: string, send: (amountCents: number, key: string) => Promise<LedgerWrite>, done: { message: (amountCents: number) => string; onDone: () => void; onError?: () => void }) {
  const t = useT(ledgerMessages);
  const queryClient = useQueryClient();
  const [key] = useState(newIdempotencyKey);
  const [amount, setAmount] = useState(initial);
  const cents = toCentsOrNull(amount);
  const write = useMutation({
    mutationFn: (amountCents: number) => send(amountCents, key),
    onSuccess: (result) => {
      queryClient.setQueryData(bookingLedgerKey(bookingId), result.ledger);
      toast.success(done.message(result.entry.amountCents));
      done.onDone();
    },
    onError: (error) => {
      done.onError?.();
      toast.error(t('failed'), { description: errorMessage(error, t('failed')) });
    },
  });
  /** The typed amount, or null after telling the user it does not read. */
  const checkedCents = (): number | null => {
    if (cents === null || cents === 0) {
      toast.error(t('badAmount'));
      return null;
    }
    return cents;
  };
  return { amount, setAmount, cents, write, checkedCents };
}

/** The panel behind a "Payments" button, so a list of bookings reads no ledger until one is opened. */
export function BookingMoneyToggle(props: { bookingId: string; canRefund?: boolean; onChanged?: () => void }) {
  const t = useT(ledgerMessages);
  const [shown, setShown] = useState(false);
  if (shown) return <BookingMoney {...props} />;
  return (
    <Button size="sm" variant="outline" className="self-start" onClick={() => setShown(true)}>
      {t('title')}
    </Button>
  );
}

export function BookingMoney({ bookingId, canRefund = false, onChanged }: { bookingId: string; canRefund?: boolean; onChanged?: () => void }) {
  const t = useT(ledgerMessages);
  const ledger = useQuery({ queryKey: bookingLedgerKey(bookingId), queryFn: () => apiCall('GET /api/bookings/:id/payments', { params: { id: bookingId } }) });
  const [open, setOpen] = useState<'collect' | 'refund' | null>(null);
  if (!ledger.data) return null;
  const { entries, summary } = ledger.data;
  const done = () => {
    setOpen(null);
    onChanged?.();
  };
  return (
    <section aria-label={t('title')} data-testid="booking-money" className="flex flex-col gap-2 text-sm">
      <h4 className="font-semibold">{t('title')}</h4>
      {entries.length ? (
        <ul className="flex flex-col gap-1">
          {entries.map((e) => (
            <li key={e.id} className="flex justify-between gap-2" data-testid="ledger-row">
              <span>
                {t(`kind.${e.kind}`)} · {t(`method.${e.method}`)}
                {e.note ? <span className="text-slate-500"> · {e.note}</span> : null}
              </span>
              <span className={e.kind === 'refund' ? 'text-red-600' : ''}>{e.kind === 'refund' ? `−${formatUsd(e.amountCents / 100)}` : formatUsd(e.amountCents / 100)}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">{t('noPayments')}</p>
      )}
      <dl className="grid grid-cols-2 gap-x-2 text-slate-600 dark:text-slate-300">
        <dt>{t('paid')}</dt>
        <dd className="text-right" data-testid="paid">{formatUsd(summary.paidCents / 100)}</dd>
        <dt>{t('left')}</dt>
        <dd className="text-right font-semibold" data-testid="left-to-pay">{formatUsd(summary.balanceCents / 100)}</dd>
        {summary.tipsCents > 0 && (
          <>
            <dt>{t('tips')}</dt>
            <dd className="text-right">{formatUsd(summary.tipsCents / 100)}</dd>
          </>
        )}
        {summary.refundedCents > 0 && (
          <>
            <dt>{t('refunded')}</dt>
            <dd className="text-right">{formatUsd(summary.refundedCents / 100)}</dd>
          </>
        )}
      </dl>
      {open === 'collect' ? (
        <CollectForm bookingId={bookingId} balanceCents={summary.balanceCents} onDone={done} onCancel={() => setOpen(null)} />
      ) : open === 'refund' ? (
        <RefundForm bookingId={bookingId} refundableCents={summary.refundableCents} onDone={done} onCancel={() => setOpen(null)} />
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={() => setOpen('collect')}>
            {t('collect')}
          </Button>
          {canRefund && summary.refundableCents > 0 && (
            <Button size="sm" variant="outline" onClick={() => setOpen('refund')}>
              {t('refund')}
            </Button>
          )}
        </div>
      )}
    </section>
  );
}

function CollectForm({ bookingId, balanceCents, onDone, onCancel }: { bookingId: string; balanceCents: number; onDone: () => void; onCancel: () => void }) {
  const t = useT(ledgerMessages);
  const [method, setMethod] = useState<CollectMethod>('cash');
  const [tip, setTip] = useState(balanceCents === 0);
  const [note, setNote] = useState('');
  const { amount, setAmount, cents, write: save, checkedCents } = useLedgerWrite(
    bookingId,
    balanceCents > 0 ? dollars(balanceCents) : '',
    (amountCents, key) => apiCall('POST /api/bookings/:id/payments', { params: { id: bookingId }, headers: { 'idempotency-key': key }, body: { amountCents, method, tip, note: note.trim() || undefined } }),
    { message: (amountCents) => t('recorded', { amount: formatUsd(amountCents / 100) }), onDone },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const amountCents = checkedCents();
    if (amountCents !== null) save.mutate(amountCents);
  };
  const id = (name: string) => `${name}-${bookingId}`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-2" aria-label={t('collect')}>
      <Label htmlFor={id('amount')}>{t('amount')}</Label>
      <Input id={id('amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <Label htmlFor={id('method')}>{t('method')}</Label>
      <select id={id('method')} className="h-11 rounded-lg border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900" value={method} onChange={(e) => setMethod(e.target.value as CollectMethod)}>
        {COLLECT_METHODS.map((m) => (
          <option key={m} value={m}>
            {t(`method.${m}`)}
          </option>
        ))}
      </select>
      <label className="flex items-center gap-2">
        <input type="checkbox" checked={tip} onChange={(e) => setTip(e.target.checked)} /> {t('tip')}
      </label>
      <Label htmlFor={id('note')}>{t('note')}</Label>
      <Input id={id('note')} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {t('record', { amount: cents ? formatUsd(cents / 100) : '' })}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}

function RefundForm({ bookingId, refundableCents, onDone, onCancel }: { bookingId: string; refundableCents: number; onDone: () => void; onCancel: () => void }) {
  const t = useT(ledgerMessages);
  const [reason, setReason] = useState('');
  const [reviewing, setReviewing] = useState(false);
  const { amount, setAmount, cents, write: refund, checkedCents } = useLedgerWrite(
    bookingId,
    dollars(refundableCents),
    (amountCents, key) => apiCall('POST /api/admin/bookings/:id/refunds', { params: { id: bookingId }, headers: { 'idempotency-key': key }, body: { amountCents, reason: reason.trim() } }),
    { message: (amountCents) => t('refundDone', { amount: formatUsd(Math.abs(amountCents) / 100) }), onDone, onError: () => setReviewing(false) },
  );
  const review = (event: FormEvent) => {
    event.preventDefault();
    if (checkedCents() !== null) setReviewing(true);
  };
  const id = (name: string) => `${name}-${bookingId}`;
  if (reviewing && cents) {
    // Money goes back only after a second, deliberate click that names the amount.
    return (
      <div role="alertdialog" aria-label={t('refund')} className="flex flex-col gap-2 rounded-md border border-red-200 p-2 dark:border-red-900">
        <p>{t('refundConfirm', { amount: formatUsd(cents / 100) })}</p>
        <div className="flex gap-2">
          <Button size="sm" variant="destructive" disabled={refund.isPending} onClick={() => refund.mutate(cents)}>
            {t('refundDo', { amount: formatUsd(cents / 100) })}
          </Button>
          <Button size="sm" variant="outline" onClick={() => setReviewing(false)}>
            {t('back')}
          </Button>
        </div>
      </div>
    );
  }
  return (
    <form onSubmit={review} className="flex flex-col gap-2" aria-label={t('refund')}>
      <Label htmlFor={id('refund-amount')}>{t('refundAmount')}</Label>
      <Input id={id('refund-amount')} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
      <Label htmlFor={id('refund-reason')}>{t('reason')}</Label>
      <Textarea id={id('refund-reason')} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="flex gap-2">
        <Button type="submit" size="sm">
          {t('refundReview')}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          {t('cancel')}
        </Button>
      </div>
    </form>
  );
}
