import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pacificDateKey, pacificInstant } from '../../../shared/time';
import { rainDuringJob, weatherCheckDue, type ForecastHour } from '../../../shared/weather-rules';
import { nwsWeather } from './nws';
import { createWeatherSource, parseStandInRain, standInWeather } from './weather';

const HOUR = 3_600_000;
const start = pacificInstant('2026-06-03', '10:00');
const hoursAround = (percents: Record<number, number>): ForecastHour[] =>
  Array.from({ length: 12 }, (_, i) => ({ start: new Date(start.getTime() + (i - 4) * HOUR), end: new Date(start.getTime() + (i - 3) * HOUR), precipitationPercent: percents[i - 4] ?? 5 }));

describe('the rain threshold and when the forecast is read', () => {
  const job = { serviceType: 'mobile' as const, coveredParking: false, start, durationMinutes: 180 };

  it('offers at 60 % in any hour of the job, not at 59 %, and ignores hours outside it', () => {
    expect(rainDuringJob(hoursAround({ 1: 59 }), job)).toEqual({ likely: false, percent: 59 });
    expect(rainDuringJob(hoursAround({ 2: 60 }), job)).toEqual({ likely: true, percent: 60 });
    // The hour before the start and the hour after the end do not count.
    expect(rainDuringJob(hoursAround({ [-1]: 90, 3: 95 }), job).likely).toBe(false);
  });

  it('reads the forecast for an outdoor mobile job within 48 hours only; covered parking and on-site jobs never', () => {
    expect(weatherCheckDue(job, new Date(start.getTime() - 48 * HOUR - 60_000))).toBe('not_yet');
    expect(weatherCheckDue(job, new Date(start.getTime() - 48 * HOUR))).toBe('due');
    expect(weatherCheckDue(job, new Date(start.getTime() - HOUR))).toBe('due');
    expect(weatherCheckDue(job, start)).toBe('started');
    expect(weatherCheckDue({ ...job, coveredParking: true }, new Date(start.getTime() - HOUR))).toBe('not_outdoor');
    expect(weatherCheckDue({ ...job, serviceType: 'serviceLocation' }, new Date(start.getTime() - HOUR))).toBe('not_outdoor');
    expect(weatherCheckDue({ ...job, serviceType: 'pickup' }, new Date(start.getTime() - HOUR))).toBe('not_outdoor');
    // Not asked (null) counts as outdoors.
    expect(weatherCheckDue({ ...job, coveredParking: null }, new Date(start.getTime() - HOUR))).toBe('due');
  });
});

describe('the National Weather Service adapter', () => {
  const requests: { url: string; headers: IncomingHttpHeaders }[] = [];
  let base = '';
  const server = createServer((request, response) => {
    requests.push({ url: request.url!, headers: request.headers });
    response.setHeader('content-type', 'application/geo+json');
    if (request.url === '/points/37.3382,-121.8863') {
      response.end(JSON.stringify({ properties: { forecastHourly: `${base}/gridpoints/MTR/99,82/forecast/hourly` } }));
    } else if (request.url === '/gridpoints/MTR/99,82/forecast/hourly') {
      response.end(
        JSON.stringify({
          properties: {
            periods: [
              { startTime: '2026-06-03T10:00:00-07:00', endTime: '2026-06-03T11:00:00-07:00', probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: 70 } },
              { startTime: '2026-06-03T11:00:00-07:00', endTime: '2026-06-03T12:00:00-07:00', probabilityOfPrecipitation: { unitCode: 'wmoUnit:percent', value: null } },
            ],
          },
        }),
      );
    } else {
      response.statusCode = 404;
      response.end('{}');
    }
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('asks /points for the grid, then its forecastHourly, with the required User-Agent, and reads the chance of rain', async () => {
    const nws = nwsWeather({ userAgent: '(Glint Detailing, owner@example.com)', apiBase: base });
    const hours = await nws.hourly({ lat: 37.338208, lng: -121.886329 });
    expect(requests.map((r) => r.url)).toEqual(['/points/37.3382,-121.8863', '/gridpoints/MTR/99,82/forecast/hourly']);
    for (const request of requests) {
      expect(request.headers['user-agent']).toBe('(Glint Detailing, owner@example.com)');
      expect(request.headers.accept).toBe('application/geo+json');
    }
    expect(hours).toEqual([
      { start: start, end: new Date(start.getTime() + HOUR), precipitationPercent: 70 },
      { start: new Date(start.getTime() + HOUR), end: new Date(start.getTime() + 2 * HOUR), precipitationPercent: 0 },
    ]);
    expect(rainDuringJob(hours, { start, durationMinutes: 60 }).likely).toBe(true);
  });

  it('fails on an answer that is not 2xx (the job tries again later)', async () => {
    const nws = nwsWeather({ userAgent: 'Glint', apiBase: base });
    await expect(nws.hourly({ lat: 1, lng: 2 })).rejects.toThrow(/National Weather Service 404/);
  });

  it('is chosen by WEATHER_PROVIDER=nws; otherwise the stand-in', () => {
    const options = { userAgent: 'Glint', now: () => start, pacificDay: pacificDateKey };
    expect(createWeatherSource({ WEATHER_PROVIDER: 'nws' }, options).name).toBe('nws');
    expect(createWeatherSource({}, options).name).toBe('stand-in');
  });
});

describe('the offline stand-in', () => {
  it('is dry unless a day (and optionally a place) is set rainy, from the environment or by a test', async () => {
    expect(parseStandInRain('2026-06-03:80; 2026-06-04@37.33,-121.89:65;bad;2026-06-05:101')).toEqual([
      { date: '2026-06-03', percent: 80 },
      { date: '2026-06-04', near: { lat: 37.33, lng: -121.89 }, percent: 65 },
    ]);
    const now = pacificInstant('2026-06-02', '08:00');
    const weather = standInWeather(parseStandInRain('2026-06-04@37.33,-121.89:65'), () => now, pacificDateKey);
    const job = (date: string) => ({ start: pacificInstant(date, '10:00'), durationMinutes: 120 });
    const here = { lat: 37.331, lng: -121.889 };
    expect(rainDuringJob(await weather.hourly(here), job('2026-06-03'))).toEqual({ likely: false, percent: 10 });
    expect(rainDuringJob(await weather.hourly(here), job('2026-06-04'))).toEqual({ likely: true, percent: 65 });
    expect(rainDuringJob(await weather.hourly({ lat: 38.5, lng: -121.5 }), job('2026-06-04')).likely).toBe(false);
    weather.rain.push({ date: '2026-06-03', percent: 59 });
    expect(rainDuringJob(await weather.hourly(here), job('2026-06-03'))).toEqual({ likely: false, percent: 59 });
    // The same inputs give the same forecast.
    expect(await weather.hourly(here)).toEqual(await weather.hourly(here));
  });
});
