import { useQueryClient } from '@tanstack/react-query';
import { useMutation } from '@web/lib/mutation';
import { UserX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { feeCentsFor } from '@shared/deposit-rules';
import { bookingNumber } from '@shared/format';
import { formatUsd, fromCents, toCents } from '@shared/money';
import { usePolicy } from '@web/components/policy/cancellation-policy';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { apiCall, errorMessage, newIdempotencyKey } from '@web/lib/api';
import { toast } from '@web/lib/toast';
import { adminKeys } from '../api';

/** A booking the office may mark a no-show: confirmed or under way, and its time has come (the server checks too). */
export function canMarkNoShow(booking: { status: string; isBlocked: boolean; scheduledDate: string }, now = Date.now()): boolean {
  return !booking.isBlocked && booking.status !== 'pending' && booking.status !== 'cancelled' && booking.status !== 'completed' && Date.parse(booking.scheduledDate) <= now;
}

/**
 * "Mark as a no-show?" (decision 057): the booking closes with its no-show mark and the customer is e-mailed;
 * with "Charge the no-show fee" the policy's fee is kept from what was paid and the rest charged to the card
 * kept at checkout (only where the customer agreed to the policy); without it, everything paid goes back.
 * One Idempotency-Key per opened dialog: a double click or a retry marks (and charges) once.
 */
export function NoShowDialog({ booking, open, onOpenChange }: { booking: { id: string; totalAmount: string }; open: boolean; onOpenChange(open: boolean): void }) {
  const queryClient = useQueryClient();
  const policy = usePolicy(open).data;
  const [chargeFee, setChargeFee] = useState(true);
  const [key, setKey] = useState(newIdempotencyKey);
  useEffect(() => {
    if (open) setKey(newIdempotencyKey());
  }, [open]);
  const feeCents = policy ? feeCentsFor(policy.noShowFee, toCents(booking.totalAmount)) : 0;
  const mark = useMutation({
    mutationFn: () => apiCall('POST /api/admin/bookings/:id/no-show', { params: { id: booking.id }, headers: { 'idempotency-key': key }, body: { chargeFee: chargeFee && feeCents > 0 } }),
    onSuccess: (result) => {
      const taken = result.feeCents > 0 ? ` Fee taken: ${formatUsd(fromCents(result.feeCents))}.` : '';
      const left = result.uncollectedCents > 0 ? ` ${formatUsd(fromCents(result.uncollectedCents))} could not be charged (no kept card, or it declined).` : '';
      const back = result.refundedCents > 0 ? ` Refunded: ${formatUsd(fromCents(result.refundedCents))}.` : '';
      toast.success('Marked as a no-show', { description: `The customer is e-mailed.${taken}${back}${left}` });
      void queryClient.invalidateQueries({ queryKey: adminKeys.all });
      onOpenChange(false);
    },
    onError: (error) => toast.error('Could not mark the no-show', { description: errorMessage(error, 'Please try again.') }),
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title="Mark as a no-show?" description={`#${bookingNumber(booking.id)} closes as a no-show and the customer is e-mailed.`}>
        <div className="flex flex-col gap-3">
          {feeCents > 0 ? (
            <label className="flex items-start gap-2 text-sm">
              <input type="checkbox" className="mt-0.5 size-4 accent-brand-700" checked={chargeFee} onChange={(e) => setChargeFee(e.target.checked)} />
              <span>
                Charge the no-show fee of {formatUsd(fromCents(feeCents))}: kept from what was paid first, the rest charged to the card kept at checkout. Without it, everything paid is
                refunded.
              </span>
            </label>
          ) : (
            <p className="text-sm text-slate-600">The policy has no no-show fee: everything paid is refunded.</p>
          )}
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep booking
            </Button>
            <Button variant="destructive" disabled={mark.isPending} onClick={() => mark.mutate()}>
              <UserX aria-hidden /> {chargeFee && feeCents > 0 ? `Mark no-show and charge ${formatUsd(fromCents(feeCents))}` : 'Mark no-show'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
