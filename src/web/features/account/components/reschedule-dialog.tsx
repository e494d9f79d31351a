import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '@web/lib/toast';
import { addDaysToKey, formatTime12, pacificDateKey, pacificTimeOfDay } from '@shared/time';
import type { AccountBooking } from '@shared/schemas/bookings-account';
import { Button } from '@web/components/ui/button';
import { Dialog, DialogContent } from '@web/components/ui/dialog';
import { Spinner } from '@web/components/ui/feedback';
import { Input, Label, Select } from '@web/components/ui/input';
import { errorMessage } from '@web/lib/api';
import { useLanguage, useT } from '@web/lib/i18n';
import { rescheduleSlotsQuery, useRescheduleBooking } from '../api';
import { formatDateTime } from '../format';
import { accountMessages } from '../messages';

/** Pick a new day and start: the slots come from the same engine as booking; the server re-checks capacity. */
export function RescheduleDialog({ booking, onClose }: { booking: AccountBooking; onClose: () => void }) {
  const t = useT(accountMessages);
  const { language } = useLanguage();
  // Today as the dialog opened: a render must not read the clock.
  const [today] = useState(() => pacificDateKey(Date.now()));
  const [date, setDate] = useState(() => (booking.businessDate > today ? booking.businessDate : addDaysToKey(today, 1)));
  const [slotId, setSlotId] = useState('');
  const validDate = /^\d{4}-\d{2}-\d{2}$/.test(date) && date >= today;
  const place = booking.serviceType !== 'serviceLocation' && booking.latitude !== null && booking.longitude !== null ? { lat: booking.latitude, lng: booking.longitude } : null;
  const slots = useQuery({ ...rescheduleSlotsQuery(booking.serviceId, date, place), enabled: validDate });
  const reschedule = useRescheduleBooking();
  // The booking's own start is not a choice: it is already there.
  const currentSlot = `${booking.businessDate}T${pacificTimeOfDay(new Date(booking.scheduledDate))}`;
  const choices = (slots.data ?? []).filter((slot) => slot.id !== currentSlot);

  const submit = () =>
    reschedule.mutate(
      { id: booking.id, slotId, scheduledDate: date },
      {
        onSuccess: (result) => {
          toast.success(t('rescheduledTitle'), { description: formatDateTime(result.booking.scheduledDate, language) });
          onClose();
        },
        onError: (error) => toast.error(t('rescheduleFailed'), { description: errorMessage(error, t('tryAgain')) }),
      },
    );

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={t('rescheduleTitle')} description={t('rescheduleHint', { when: formatDateTime(booking.scheduledDate, language) })}>
        <div className="flex flex-col gap-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor="reschedule-date">{t('newDate')}</Label>
            <Input
              id="reschedule-date"
              type="date"
              min={today}
              value={date}
              onChange={(event) => {
                setDate(event.target.value);
                setSlotId('');
              }}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor="reschedule-time">{t('newTime')}</Label>
            {slots.isLoading ? (
              <Spinner />
            ) : (
              <Select id="reschedule-time" value={slotId} onChange={(event) => setSlotId(event.target.value)} disabled={!choices.length}>
                <option value="">{choices.length ? t('chooseTime') : t('noSlots')}</option>
                {choices.map((slot) => (
                  <option key={slot.id} value={slot.id}>
                    {formatTime12(slot.startTime)} - {formatTime12(slot.endTime)}
                    {slot.availableCapacity < slot.capacity ? ` (${t('spotsLeft', { n: slot.availableCapacity })})` : ''}
                  </option>
                ))}
              </Select>
            )}
            <p className="text-xs text-slate-500">{t('pacificNote')}</p>
          </div>
          <Button onClick={submit} disabled={!slotId || reschedule.isPending}>
            {reschedule.isPending ? t('saving') : t('confirmReschedule')}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
