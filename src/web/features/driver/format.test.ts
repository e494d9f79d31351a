import { describe, expect, it } from 'vitest';
import { formatPacific } from './format';

describe('a job’s date and time', () => {
  it('names the zone as Pacific time in French, never "UTC−8"', () => {
    const text = formatPacific('2026-12-01T17:00:00.000Z', 'fr');
    expect(text).toContain('heure du Pacifique');
    expect(text).not.toMatch(/UTC|GMT/);
    expect(formatPacific('2026-12-01T17:00:00.000Z', 'en')).toMatch(/9:00\sAM PST$/);
  });
});
