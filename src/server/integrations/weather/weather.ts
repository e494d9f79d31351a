import type { ForecastHour } from '../../../shared/weather-rules';
import { nwsWeather, type Fetch } from './nws';

/** Where the hourly forecast for a place comes from: the US National Weather Service, or the offline stand-in. */
export interface WeatherSource {
  name: 'nws' | 'stand-in';
  hourly(place: { lat: number; lng: number }): Promise<ForecastHour[]>;
}

/** A rainy forecast the stand-in gives: a Pacific day (YYYY-MM-DD), optionally only near a place, and the chance. */
export interface StandInRain {
  date: string;
  near?: { lat: number; lng: number };
  percent: number;
}

const HOUR = 3_600_000;

/**
 * `WEATHER_STANDIN_RAIN`, for the demo and browser tests: `2026-06-03:80` (rain everywhere that day) or
 * `2026-06-03@37.33,-121.89:65` (near that place), comma-free entries separated by `;`. Bad entries are ignored.
 */
export function parseStandInRain(text: string | undefined): StandInRain[] {
  return (text ?? '')
    .split(';')
    .map((entry) => /^\s*(\d{4}-\d{2}-\d{2})(?:@(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?))?:(\d{1,3})\s*$/.exec(entry))
    .filter((m): m is RegExpExecArray => Boolean(m) && Number(m![4]) <= 100)
    .map((m) => ({ date: m[1]!, ...(m[2] ? { near: { lat: Number(m[2]), lng: Number(m[3]) } } : {}), percent: Number(m[4]) }));
}

/**
 * The offline stand-in (development and tests): dry (10 %) everywhere, every hour of the next 7 days, except
 * the days and places set rainy (`rain`, which tests and the demo may change at any time). Deterministic: the
 * same inputs give the same forecast. "Near" is within about 5 km.
 */
export function standInWeather(rain: StandInRain[], now: () => Date, pacificDay: (instant: Date) => string): WeatherSource & { rain: StandInRain[] } {
  const source = {
    name: 'stand-in' as const,
    rain,
    async hourly(place: { lat: number; lng: number }): Promise<ForecastHour[]> {
      const first = Math.floor(now().getTime() / HOUR) * HOUR;
      return Array.from({ length: 7 * 24 }, (_, i) => {
        const start = new Date(first + i * HOUR);
        const day = pacificDay(start);
        const wet = source.rain.filter((r) => r.date === day && (!r.near || (Math.abs(r.near.lat - place.lat) < 0.05 && Math.abs(r.near.lng - place.lng) < 0.05)));
        return { start, end: new Date(start.getTime() + HOUR), precipitationPercent: wet.reduce((max, r) => Math.max(max, r.percent), 10) };
      });
    },
  };
  return source;
}

/** `WEATHER_PROVIDER=nws` reads the National Weather Service (a User-Agent naming the business is required); else the stand-in. */
export function createWeatherSource(env: { WEATHER_PROVIDER?: string; WEATHER_STANDIN_RAIN?: string }, options: { userAgent: string; now: () => Date; pacificDay: (instant: Date) => string; fetch?: Fetch }): WeatherSource {
  if (env.WEATHER_PROVIDER === 'nws') return nwsWeather({ userAgent: options.userAgent, fetch: options.fetch });
  return standInWeather(parseStandInRain(env.WEATHER_STANDIN_RAIN), options.now, options.pacificDay);
}
