import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { GoogleTravelProvider } from './google';
import { travelProviderFor } from './index';
import { OsrmTravelProvider } from './osrm';

const downtown = { latitude: 37.3329, longitude: -121.8916 };
const paloAlto = { latitude: 37.4443, longitude: -122.1497 };
const morganHill = { latitude: 37.1353, longitude: -121.6501 };

let server: Server;
let base: string;
const seen: URL[] = [];
let answer: (url: URL, request: IncomingMessage) => { status: number; body: unknown; delayMs?: number };

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url!, 'http://stub');
    seen.push(url);
    const { status, body, delayMs = 0 } = answer(url, request);
    setTimeout(() => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    }, delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('OSRM table service', () => {
  it('asks once for every pair, longitude first, and turns seconds into minutes with parking', async () => {
    seen.length = 0;
    answer = (url) => {
      const sources = url.searchParams.get('sources')!.split(';');
      const destinations = url.searchParams.get('destinations')!.split(';');
      // 600 s per source index step and 60 s per destination index: each answer names its own cell.
      return { status: 200, body: { code: 'Ok', durations: sources.map((s) => destinations.map((d) => 1200 + Number(s) * 600 + Number(d) * 60)) } };
    };
    const minutes = await new OsrmTravelProvider(`${base}/`).minutes([
      { from: downtown, to: paloAlto, band: 'peak' },
      { from: downtown, to: morganHill, band: 'day' },
      { from: paloAlto, to: downtown, band: 'night' },
    ]);
    expect(seen).toHaveLength(1);
    const url = seen[0]!;
    expect(url.pathname).toBe('/table/v1/driving/-121.891600,37.332900;-122.149700,37.444300;-121.650100,37.135300');
    expect(url.searchParams.get('sources')).toBe('0;1');
    expect(url.searchParams.get('destinations')).toBe('1;2;0');
    expect(url.searchParams.get('annotations')).toBe('duration');
    // downtown(0)→Palo Alto(1): 1200 + 0 + 60 s = 21 min → 21 + 10; downtown→Morgan Hill(2): 1320 s = 22 → 32;
    // Palo Alto(1)→downtown(0): 1200 + 600 + 0 = 1800 s = 30 → 40.
    expect(minutes).toEqual([31, 32, 40]);
  });

  it('throws on an error answer and on a timeout, for the caller to fall back', async () => {
    answer = () => ({ status: 200, body: { code: 'InvalidQuery' } });
    await expect(new OsrmTravelProvider(base).minutes([{ from: downtown, to: paloAlto, band: 'day' }])).rejects.toThrow(/InvalidQuery/);
    answer = () => ({ status: 200, body: { code: 'Ok', durations: [[100]] }, delayMs: 2500 });
    await expect(new OsrmTravelProvider(base).minutes([{ from: downtown, to: paloAlto, band: 'day' }])).rejects.toThrow();
  });
});

describe('Google Distance Matrix', () => {
  it('asks per origin and band with a departure at the band tomorrow, and reads the drive in traffic', async () => {
    const urls: URL[] = [];
    const fakeFetch = ((input: URL) => {
      urls.push(input);
      const destinations = input.searchParams.get('destinations')!.split('|');
      const body = { status: 'OK', rows: [{ elements: destinations.map((_, j) => ({ status: 'OK', duration: { value: 9999 }, duration_in_traffic: { value: 600 * (j + 1) } })) }] };
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }) as unknown as typeof fetch;
    const now = new Date('2026-11-26T12:00:00Z');
    const minutes = await new GoogleTravelProvider('test-key', () => now, fakeFetch).minutes([
      { from: downtown, to: paloAlto, band: 'peak' },
      { from: downtown, to: morganHill, band: 'peak' },
      { from: downtown, to: paloAlto, band: 'night' },
    ]);
    expect(minutes).toEqual([20, 30, 20]);
    expect(urls).toHaveLength(2);
    expect(urls[0]!.searchParams.get('origins')).toBe('37.332900,-121.891600');
    expect(urls[0]!.searchParams.get('destinations')).toBe('37.444300,-122.149700|37.135300,-121.650100');
    expect(urls[0]!.searchParams.get('key')).toBe('test-key');
    // Tomorrow 8:00 Pacific standard time = 16:00 UTC.
    expect(Number(urls[0]!.searchParams.get('departure_time')) * 1000).toBe(Date.parse('2026-11-27T16:00:00Z'));
  });
});

describe('choosing the provider', () => {
  it('takes OSRM when OSRM_URL is set, else Google when keyed, else the offline estimate', () => {
    expect(travelProviderFor(loadConfig({ OSRM_URL: base, GOOGLE_MAPS_API_KEY: 'k' })).name).toBe('osrm');
    expect(travelProviderFor(loadConfig({ GOOGLE_MAPS_API_KEY: 'k' })).name).toBe('google');
    expect(travelProviderFor(loadConfig({})).name).toBe('offline');
    expect(() => loadConfig({ OSRM_URL: 'not a url' })).toThrow(/OSRM_URL/);
  });
});
