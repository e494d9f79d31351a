import { XCircle } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { cancelOutcome } from '@shared/booking-lifecycle';
import { bookingNumber } from '@shared/format';
import { formatUsd } from '@shared/money';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Textarea } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useCancelBooking } from '../api';

/** What the dialog needs of a booking (a bookings-list card or a schedule grid cell). */
export interface CancellableBooking {
  id: string;
  status: string;
  paymentStatus: string;
  totalAmount: string;
  isBlocked: boolean;
  source: string;
}

/** Cancel through the booking core: the wording says whether money goes back; the customer is e-mailed. */
export function CancelBookingDialog({ booking, open, onOpenChange, onCancelled }: { booking: CancellableBooking; open: boolean; onOpenChange(open: boolean): void; onCancelled?(): void }) {
  const cancel = useCancelBooking();
  const [message, setMessage] = useState('');
  const number = bookingNumber(booking.id);
  const refunds = cancelOutcome(booking) === 'refund';
  const description = refunds
    ? `#${number} is cancelled and ${formatUsd(booking.totalAmount)} is refunded to the customer's card. The customer is e-mailed.`
    : `#${number} is cancelled. Nothing was paid by card, so nothing is refunded. The customer is e-mailed.`;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={refunds ? 'Cancel and refund this booking?' : 'Cancel this booking?'} description={description}>
        <div className="flex flex-col gap-3">
          <Textarea aria-label="Message to the customer (optional)" placeholder="Message to the customer (optional)" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Keep booking
            </Button>
            <Button
              variant="destructive"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(
                  { id: booking.id, message },
                  {
                    onSuccess: (result) => {
                      toast.success(result.refunded ? 'Booking cancelled and refunded' : 'Booking cancelled', { description: result.message });
                      onOpenChange(false);
                      onCancelled?.();
                    },
                    onError: (error) => toast.error('Error cancelling booking', { description: errorMessage(error, 'Please try again.') }),
                  },
                )
              }
            >
              <XCircle aria-hidden /> {refunds ? `Cancel and refund ${formatUsd(booking.totalAmount)}` : 'Cancel booking'}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}

