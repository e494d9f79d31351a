import { ShieldAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { ApiError } from '@web/lib/api';

/** What the server said the owner may go past (`params.overridable` of a refusal, decision 047). */
export type OverrideReason = 'capacity' | 'hours' | 'closed';

const REASONS: Record<OverrideReason, string> = {
  capacity: 'Every place at this time is already booked: the slot is at its capacity.',
  hours: 'This time is outside the business hours of that day.',
  closed: 'This day is marked unavailable.',
};

/** The reason a refusal may be overridden by the owner, or null when it may not (blocked time, the past, anything else). */
export function overridableReason(error: unknown): OverrideReason | null {
  const reason = error instanceof ApiError ? error.params?.overridable : undefined;
  return reason === 'capacity' || reason === 'hours' || reason === 'closed' ? reason : null;
}

/**
 * The explicit confirm before the owner books or moves a job over capacity or outside the hours: it names the
 * reason the server gave, and only Confirm sends the same request again with `override: true`.
 */
export function OverrideDialog({ reason, busy, onConfirm, onCancel }: { reason: OverrideReason | null; busy: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <Dialog open={reason !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent title="Book it anyway?" description="The override is recorded in the booking's history.">
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 text-sm" data-testid="override-reason">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            {reason ? REASONS[reason] : ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Choose another time
            </Button>
            <Button onClick={onConfirm} disabled={busy}>
              Confirm override
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** "Over capacity", for a history line whose update carries `params.override`. */
export const OVERRIDE_LABELS: Record<OverrideReason, string> = { capacity: 'over capacity', hours: 'outside business hours', closed: 'on a day marked unavailable' };
