import { describe, expect, it } from 'vitest';
import { SIZE_CLASSES } from './domain';
import { findMake, sizeClassFor, VEHICLE_CATALOGUE } from './vehicle-catalogue';

describe('the vehicle catalogue', () => {
  it('ships about forty makes and a few hundred models, each with a known size class and no duplicates', () => {
    expect(VEHICLE_CATALOGUE.length).toBeGreaterThanOrEqual(40);
    const models = VEHICLE_CATALOGUE.flatMap((entry) => entry.models);
    expect(models.length).toBeGreaterThanOrEqual(300);
    for (const model of models) expect(SIZE_CLASSES).toContain(model.sizeClass);
    const makes = VEHICLE_CATALOGUE.map((entry) => entry.make.toLowerCase());
    expect(new Set(makes).size).toBe(makes.length);
    for (const entry of VEHICLE_CATALOGUE) {
      const names = entry.models.map((m) => m.model.toLowerCase());
      expect(new Set(names).size, entry.make).toBe(names.length);
    }
  });

  it('gives the usual size class of a make and model however they are typed', () => {
    expect(sizeClassFor('Honda', 'Civic')).toBe('sedan');
    expect(sizeClassFor('honda', 'cr v')).toBe('suv');
    expect(sizeClassFor('Chevy', 'Suburban')).toBe('oversize');
    expect(sizeClassFor('Ford', 'F-150')).toBe('suv');
    expect(sizeClassFor('ford', 'transit')).toBe('oversize');
    expect(sizeClassFor('Mercedes', 'Sprinter')).toBe('oversize');
    expect(sizeClassFor('VW', 'ID.4')).toBe('suv');
  });

  it('answers null for what it does not know, so free text stays allowed', () => {
    expect(sizeClassFor('Honda', 'Rocket')).toBeNull();
    expect(sizeClassFor('DeLorean', 'DMC-12')).toBeNull();
    expect(sizeClassFor('Honda', '')).toBeNull();
    expect(findMake('Tesla')?.models.some((m) => m.model === 'Model Y')).toBe(true);
  });
});
