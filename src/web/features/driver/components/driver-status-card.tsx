import { Coffee, MapPin, Power, Zap } from 'lucide-react';
import type { DriverAvailability } from '@shared/domain';
import type { DriverStatusView } from '@shared/schemas/drivers';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { useLanguage, useT } from '@web/lib/i18n';
import { useSetDriverStatus } from '../api';
import { formatPacificClock } from '../format';
import { driverMessages } from '../messages';
import type { SharingError, SharingState } from '../use-location-sharing';

const TONES: Record<DriverAvailability, 'green' | 'orange' | 'yellow' | 'gray'> = { available: 'green', busy: 'orange', break: 'yellow', offline: 'gray' };
const CHOICES = [
  { status: 'available', icon: Zap },
  { status: 'break', icon: Coffee },
  { status: 'offline', icon: Power },
] as const;
const SHARING_ERRORS = { unsupported: 'locationUnsupported', denied: 'locationDenied', unreadable: 'locationUnreadable' } as const;

/**
 * Available, Break or Offline. Going Offline while a job is under way (or while the customer sees the
 * driver's position) asks first: offline stops location sharing.
 */
export function DriverStatusCard({ status, sharing, activeJob }: { status: DriverStatusView; sharing: SharingState; activeJob: string | null }) {
  const t = useT(driverMessages);
  const { language } = useLanguage();
  const setStatus = useSetDriverStatus();
  const choose = (choice: (typeof CHOICES)[number]['status']) => {
    if (choice === 'offline' && status.status !== 'offline' && (activeJob || status.isLocationSharing)) {
      const why = activeJob ? t('offlineJobUnderWay', { job: activeJob }) : t('offlineSharing');
      if (!window.confirm(t('offlineConfirm', { why }))) return;
    }
    setStatus.mutate({ status: choice });
  };
  const sharingError = (error: SharingError) => (error.reason === 'server' ? error.text : t(SHARING_ERRORS[error.reason]));
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle>{t('driverStatus')}</CardTitle>
        <Badge tone={TONES[status.status]} data-testid="driver-availability">
          {t(status.status)}
        </Badge>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <div className="grid grid-cols-3 gap-2" role="group" aria-label={t('setStatus')}>
          {CHOICES.map((choice) => (
            <Button
              key={choice.status}
              // A longer word (Desconectado, Disponible) wraps under its icon instead of leaving the button.
              className="h-auto min-h-10 flex-col gap-0.5 whitespace-normal px-1 py-1.5 text-center text-sm"
              variant={status.status === choice.status ? 'default' : 'outline'}
              aria-pressed={status.status === choice.status}
              disabled={setStatus.isPending}
              onClick={() => choose(choice.status)}
            >
              <choice.icon aria-hidden /> {t(choice.status)}
            </Button>
          ))}
        </div>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <Badge tone={status.isLocationSharing ? 'green' : 'gray'} data-testid="location-sharing">
            <MapPin className="size-3" aria-hidden /> {t('locationSharing', { state: t(status.isLocationSharing ? 'on' : 'off') })}
          </Badge>
          {status.isLocationSharing && sharing.lastSentAt && <span className="text-xs text-slate-500">{t('lastSent', { time: formatPacificClock(sharing.lastSentAt, language) })}</span>}
        </div>
        {status.isLocationSharing && sharing.error && (
          <p role="alert" className="text-sm text-red-700">
            {sharingError(sharing.error)}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
