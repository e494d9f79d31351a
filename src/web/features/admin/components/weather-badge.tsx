import { CloudRain } from 'lucide-react';
import type { DispatchJob } from '@shared/schemas/dispatch';
import { Badge } from '@web/components/ui/badge';

/**
 * The rain flag on a dispatch job (issue 26): a rain offer is open for its time, or the customer kept the time
 * despite it. Nothing when there is none.
 */
export function WeatherBadge({ weather }: { weather: DispatchJob['weather'] | undefined }) {
  if (!weather) return null;
  const text = `Rain likely ${weather.precipitationPercent} %`;
  const title = weather.state === 'kept' ? `${text}: the customer kept the time` : `${text}: offered to move, no answer yet`;
  return (
    <Badge tone="blue" className="ml-1 align-middle font-medium" title={title} aria-label={title} data-testid="weather-flag">
      <CloudRain className="size-3.5 shrink-0" aria-hidden />
      {text}
    </Badge>
  );
}
