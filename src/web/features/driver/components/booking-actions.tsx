import { useState } from 'react';
import type { BookingView } from '@shared/schemas/bookings';
import type { DriverStatusView } from '@shared/schemas/drivers';
import { driverNextStatus, isEnRouteStatus, statusLabel } from '@shared/tracking';
import { bookingNumber } from '@shared/format';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { Label, Textarea } from '@web/components/ui/input';
import { Switch } from '@web/components/ui/switch';
import { useAdvanceBooking, useSetDriverStatus } from '../api';

/** The one allowed next status for the selected job, an optional message, and sharing while en route. */
export function BookingActions({ booking, status }: { booking: BookingView; status: DriverStatusView }) {
  const [message, setMessage] = useState('');
  const advance = useAdvanceBooking();
  const setStatus = useSetDriverStatus();
  const next = driverNextStatus(booking.status);
  const enRoute = isEnRouteStatus(booking.status);

  const submit = () => {
    if (!next) return;
    advance.mutate({ bookingId: booking.id, status: next, message: message.trim() || undefined }, { onSuccess: () => setMessage('') });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Booking Actions</CardTitle>
        <p className="text-sm text-slate-500">
          {booking.serviceName} · #{bookingNumber(booking.id)} · {statusLabel(booking.serviceType, booking.status)}
        </p>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="status-message">Status message (optional)</Label>
          <Textarea id="status-message" value={message} maxLength={500} onChange={(e) => setMessage(e.target.value)} placeholder="e.g. Running 5 minutes late" />
        </div>
        {next ? (
          <Button onClick={submit} disabled={advance.isPending}>
            Mark as {statusLabel(booking.serviceType, next)}
          </Button>
        ) : (
          <p className="text-sm text-slate-500">No driver action for this status.</p>
        )}
        {enRoute && (
          <div className="flex items-center justify-between gap-3 rounded-lg bg-slate-50 p-3 dark:bg-slate-800">
            <Label htmlFor="share-location">Share my location with the customer</Label>
            <Switch id="share-location" checked={status.isLocationSharing} disabled={setStatus.isPending} onCheckedChange={(checked) => setStatus.mutate({ isLocationSharing: checked })} />
          </div>
        )}
      </CardContent>
    </Card>
  );
}
