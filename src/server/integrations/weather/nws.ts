import type { ForecastHour } from '../../../shared/weather-rules';
import type { WeatherSource } from './weather';

export type Fetch = typeof fetch;
export const NWS_API = 'https://api.weather.gov';

/**
 * The US National Weather Service (no key; a User-Agent naming the caller is required): `/points/{lat},{lon}`
 * names the grid's `forecastHourly` URL, whose periods carry `probabilityOfPrecipitation` (percent, or null
 * when none is given: read as 0). Coordinates go with 4 decimals (the API redirects longer ones).
 */
export function nwsWeather(options: { userAgent: string; fetch?: Fetch; apiBase?: string; timeoutMs?: number }): WeatherSource {
  const fetchImpl = options.fetch ?? fetch;
  const base = options.apiBase ?? NWS_API;
  const get = async (url: string): Promise<unknown> => {
    const response = await fetchImpl(url, { headers: { 'User-Agent': options.userAgent, Accept: 'application/geo+json' }, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) });
    if (!response.ok) throw new Error(`National Weather Service ${response.status} for ${new URL(url).pathname}`);
    return response.json();
  };
  return {
    name: 'nws',
    async hourly({ lat, lng }) {
      const point = (await get(`${base}/points/${lat.toFixed(4)},${lng.toFixed(4)}`)) as { properties?: { forecastHourly?: string } };
      const hourlyUrl = point.properties?.forecastHourly;
      if (!hourlyUrl) throw new Error('National Weather Service: no hourly forecast for this place');
      const forecast = (await get(hourlyUrl)) as { properties?: { periods?: Array<{ startTime: string; endTime: string; probabilityOfPrecipitation?: { value: number | null } | null }> } };
      return (forecast.properties?.periods ?? []).map(
        (p): ForecastHour => ({ start: new Date(p.startTime), end: new Date(p.endTime), precipitationPercent: p.probabilityOfPrecipitation?.value ?? 0 }),
      );
    },
  };
}
