import { describe, expect, it } from 'vitest';
import { formatPacificDateTime, formatPacificEta } from './format';

describe('tracking times', () => {
  const nineAm = '2026-12-01T17:00:00.000Z'; // 9:00 AM in San Jose

  it('names the zone as Pacific time in French, never "UTC−8"', () => {
    for (const text of [formatPacificDateTime(nineAm, 'fr')]) {
      expect(text).toContain('heure du Pacifique');
      expect(text).not.toMatch(/UTC|GMT/);
    }
    expect(formatPacificDateTime(nineAm, 'en')).toMatch(/9:00\sAM PST$/);
    expect(formatPacificDateTime(nineAm, 'es')).toMatch(/PST$/);
  });

  it('shows an estimate for another day with its date, and one for today as a time alone', () => {
    const sameMorning = new Date('2026-12-01T16:00:00.000Z');
    const dayBefore = new Date('2026-11-30T20:00:00.000Z');
    expect(formatPacificEta(nineAm, 'en', sameMorning)).toMatch(/^9:00\sAM$/);
    expect(formatPacificEta(nineAm, 'en', dayBefore)).toMatch(/^Tue, Dec 1, 9:00\sAM$/);
    expect(formatPacificEta(nineAm, 'es', dayBefore)).toMatch(/dic/);
  });
});
