/** Date keys (YYYY-MM-DD) and wall-clock times (HH:mm) as plain calendar arithmetic, no time zone involved. */

/** Day of week (0 = Sunday) of a calendar date. */
export function dayOfWeek(dateKey: string): number {
  return new Date(`${dateKey}T12:00:00Z`).getUTCDay();
}

export function addDaysToKey(dateKey: string, days: number): string {
  const d = new Date(`${dateKey}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function minutesOfDay(time: string): number {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  return hh * 60 + mm;
}

export function timeFromMinutes(minutes: number): string {
  return `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;
}

/** '9:30 AM' style, for a HH:mm. */
export function formatTime12(time: string): string {
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const suffix = hh >= 12 ? 'PM' : 'AM';
  const hour = hh % 12 === 0 ? 12 : hh % 12;
  return `${hour}:${pad(mm)} ${suffix}`;
}

export function pad(n: number): string {
  return String(n).padStart(2, '0');
}
