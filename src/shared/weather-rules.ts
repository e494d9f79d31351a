import type { ServiceType } from './domain';

/**
 * When the weather decides an offer to move an outdoor job (issue 26). Pure rules; the server reads the
 * forecast and writes the offer.
 */

/** The forecast is read this long before the start (and not before). */
export const WEATHER_CHECK_HOURS_BEFORE = 48;
/** The hourly check reads jobs starting 36 to 48 hours ahead: an offer sent later leaves too little time to move. */
export const WEATHER_CHECK_LAST_HOURS_BEFORE = 36;
/** How many days after the job's the offered starts are looked for. */
export const WEATHER_OFFER_SEARCH_DAYS = 14;
/** Rain is likely when any hour of the job has at least this chance of precipitation. */
export const RAIN_LIKELY_PERCENT = 60;
/** The offer names this many free starts on the next days. */
export const WEATHER_OFFER_SLOTS = 3;

/** One hour (or period) of a forecast: its start and end, and the chance of precipitation in percent. */
export interface ForecastHour {
  start: Date;
  end: Date;
  precipitationPercent: number;
}

export interface WeatherJob {
  serviceType: ServiceType;
  /** The customer said the car stands under a roof (a carport, a garage): rain does not matter. */
  coveredParking: boolean | null;
  start: Date;
  durationMinutes: number;
}

/** Whether the job is one the weather can spoil: a mobile job out in the open. */
export const isOutdoorJob = (job: Pick<WeatherJob, 'serviceType' | 'coveredParking'>): boolean => job.serviceType === 'mobile' && job.coveredParking !== true;

/** Whether its forecast is read now: an outdoor job starting within the next 48 hours (a started one is past asking). */
export function weatherCheckDue(job: WeatherJob, now: Date): 'not_outdoor' | 'not_yet' | 'due' | 'started' {
  if (!isOutdoorJob(job)) return 'not_outdoor';
  const until = job.start.getTime() - now.getTime();
  if (until <= 0) return 'started';
  return until > WEATHER_CHECK_HOURS_BEFORE * 3_600_000 ? 'not_yet' : 'due';
}

/** The highest chance of rain over the job's hours, and whether it reaches the threshold. */
export function rainDuringJob(hours: readonly ForecastHour[], job: Pick<WeatherJob, 'start' | 'durationMinutes'>): { likely: boolean; percent: number } {
  const from = job.start.getTime();
  const until = from + job.durationMinutes * 60_000;
  const percent = hours.filter((h) => h.start.getTime() < until && h.end.getTime() > from).reduce((max, h) => Math.max(max, h.precipitationPercent), 0);
  return { likely: percent >= RAIN_LIKELY_PERCENT, percent };
}
