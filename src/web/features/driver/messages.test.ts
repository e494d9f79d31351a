import { describe, expect, it } from 'vitest';
import { formatPacific } from './format';
import { driverMessages } from './messages';

// Texts that are the same in every language on purpose: a number and a name in brackets.
const SAME_EVERYWHERE = new Set(['groupHeading', 'activeJob', 'routeStop']);

describe('the driver dashboard in three languages', () => {
  it('has the same keys in English, Spanish and French', () => {
    const keys = Object.keys(driverMessages.en).sort();
    expect(Object.keys(driverMessages.es).sort()).toEqual(keys);
    expect(Object.keys(driverMessages.fr).sort()).toEqual(keys);
  });

  it('translates every text (no English left behind in Spanish or French)', () => {
    for (const language of ['es', 'fr'] as const) {
      const untranslated = Object.entries(driverMessages[language]).filter(([key, text]) => !SAME_EVERYWHERE.has(key) && text === driverMessages.en[key as keyof typeof driverMessages.en]);
      expect(untranslated.map(([key]) => key), language).toEqual([]);
    }
  });

  it('keeps the English the browser tests use', () => {
    expect(driverMessages.en).toMatchObject({ pageTitle: 'Driver Dashboard', driverStatus: 'Driver Status', recentCompleted: 'Recent Completed', markAs: 'Mark as {status}', offline: 'Offline' });
  });

  it('writes the time of a job in the chosen language, on the Los Angeles clock', () => {
    const tenAmPacific = '2026-03-03T18:00:00.000Z';
    expect(formatPacific(tenAmPacific)).toBe('Tue, Mar 3, 10:00 AM PST');
    expect(formatPacific(tenAmPacific, 'es')).toMatch(/^mar, 3 de mar.*10:00/);
    expect(formatPacific(tenAmPacific, 'fr')).toMatch(/^mar\. 3 mars.*10 h 00 heure du Pacifique/);
  });
});
