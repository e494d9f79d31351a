import { TIME_ZONE } from '@shared/constants';

/** 'Tue, Mar 3, 10:00 AM PST': dates and times in Los Angeles time. */
export function formatPacific(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: TIME_ZONE, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' }).format(
    new Date(iso),
  );
}
