import { Coffee, MapPin, Power, Zap } from 'lucide-react';
import type { DriverAvailability } from '@shared/domain';
import type { DriverStatusView } from '@shared/schemas/drivers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useSetDriverStatus } from '../api';
import type { SharingState } from '../use-location-sharing';

const TONES: Record<DriverAvailability, 'green' | 'orange' | 'yellow' | 'gray'> = { available: 'green', busy: 'orange', break: 'yellow', offline: 'gray' };
const NAMES: Record<DriverAvailability, string> = { available: 'Available', busy: 'Busy', break: 'Break', offline: 'Offline' };
const CHOICES = [
  { status: 'available', label: 'Available', icon: Zap },
  { status: 'break', label: 'Break', icon: Coffee },
  { status: 'offline', label: 'Offline', icon: Power },
] as const;

/**
 * Available, Break or Offline. Going Offline while a job is under way (or while the customer sees the
 * driver's position) asks first: offline stops location sharing.
 */
export function DriverStatusCard({ status, sharing, activeJob }: { status: DriverStatusView; sharing: SharingState; activeJob: string | null }) {
  const setStatus = useSetDriverStatus();
  const choose = (choice: (typeof CHOICES)[number]['status']) => {
    if (choice === 'offline' && status.status !== 'offline' && (activeJob || status.isLocationSharing)) {
      const why = activeJob ? `Job ${activeJob} is under way.` : 'Your location is being shared.';
      if (!window.confirm(`${why} Go offline anyway? Location sharing stops and the customer no longer sees where you are.`)) return;
    }
    setStatus.mutate({ status: choice });
  };
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>Driver Status</CardTitle>
        <Badge tone={TONES[status.status]} data-testid="driver-availability">
          {NAMES[status.status]}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid grid-cols-3 gap-2" role="group" aria-label="Set your status">
          {CHOICES.map((choice) => (
            <Button
              key={choice.status}
              variant={status.status === choice.status ? 'default' : 'outline'}
              aria-pressed={status.status === choice.status}
              disabled={setStatus.isPending}
              onClick={() => choose(choice.status)}
            >
              <choice.icon aria-hidden /> {choice.label}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={status.isLocationSharing ? 'green' : 'gray'} data-testid="location-sharing">
            <MapPin className="size-3" aria-hidden /> Location Sharing: {status.isLocationSharing ? 'On' : 'Off'}
          </Badge>
          {status.isLocationSharing && sharing.lastSentAt && <span className="text-xs text-slate-500">Last sent {sharing.lastSentAt.toLocaleTimeString()}</span>}
        </div>
        {status.isLocationSharing && sharing.error && (
          <p role="alert" className="text-sm text-red-700">
            {sharing.error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
