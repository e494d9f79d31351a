import { describe, expect, it } from 'vitest';
import { formatMessage } from '@shared/message-format';
import { driverMessages } from './messages';
import { groupByDay, navigationHref, routeStopLine } from './navigation';

describe('the driver’s navigation link', () => {
  it('is a geo: link with the coordinates and the address on Android', () => {
    expect(navigationHref('425 Park Ave, San Jose, CA 95110', { latitude: 37.33, longitude: -121.89 }, 'Mozilla/5.0 (Linux; Android 14; Pixel 7)')).toBe(
      'geo:37.33,-121.89?q=425%20Park%20Ave%2C%20San%20Jose%2C%20CA%2095110',
    );
    expect(navigationHref('1 Main St', { latitude: null, longitude: null }, 'Android')).toBe('geo:0,0?q=1%20Main%20St');
  });

  it('is a maps search link elsewhere', () => {
    expect(navigationHref('1 Main St', { latitude: 1, longitude: 2 }, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0)')).toBe('https://www.google.com/maps/search/?api=1&query=1%20Main%20St');
  });
});

describe('Today / Later', () => {
  it('splits jobs by the Los Angeles day, not the UTC one', () => {
    // 2026-06-02 05:00 UTC is still June 1 in Los Angeles.
    const now = new Date('2026-06-02T05:00:00Z');
    const jobs = [{ businessDate: '2026-05-31' }, { businessDate: '2026-06-01' }, { businessDate: '2026-06-02' }];
    expect(groupByDay(jobs, now)).toEqual({ today: [jobs[0], jobs[1]], later: [jobs[2]] });
  });
});

describe("today's route", () => {
  const tIn = (language: 'en' | 'fr') => (key: keyof typeof driverMessages.en, vars?: Record<string, string | number>) => formatMessage(driverMessages[language][key], vars, language);

  it('reads each stop as its place in the day, its start, the drive to it and the address', () => {
    const stop = { start: '10:00', driveMinutes: 12, address: '425 Park Ave, San Jose, CA 95110' };
    expect(routeStopLine(tIn('en'), stop, 0)).toBe('1 · 10:00 · 12 min drive · 425 Park Ave, San Jose, CA 95110');
    expect(routeStopLine(tIn('fr'), { ...stop, driveMinutes: 0 }, 2)).toBe('3 · 10:00 · pas de route · 425 Park Ave, San Jose, CA 95110');
    expect(routeStopLine(tIn('en'), { start: '15:30', driveMinutes: null, address: null }, 1)).toBe('2 · 15:30 · no drive · no address');
  });
});
