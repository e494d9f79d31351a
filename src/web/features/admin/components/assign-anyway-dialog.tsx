import { ShieldAlert } from 'lucide-react';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';

/**
 * The explicit confirm before the owner gives a technician a job their day has no room for (409
 * ASSIGNMENT_CONFLICT, decision 056): it names the conflict the server gave, and only "Assign anyway" sends the
 * same request again with `override: true` (recorded in the booking's history).
 */
export function AssignAnywayDialog({ message, busy, onConfirm, onCancel }: { message: string | null; busy: boolean; onConfirm(): void; onCancel(): void }) {
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent title="Assign anyway?" description="The override is recorded in the booking's history.">
        <div className="flex flex-col gap-3">
          <p className="flex items-start gap-2 text-sm" data-testid="assignment-conflict">
            <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-600" />
            {message ?? ''}
          </p>
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onCancel}>
              Cancel
            </Button>
            <Button onClick={onConfirm} disabled={busy}>
              Assign anyway
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
