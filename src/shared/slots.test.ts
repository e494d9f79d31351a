import { describe, expect, it } from 'vitest';
import { candidateSlots, closureApplies, earliestStartMinute, parseSlotId, stepsCovered } from './slots';

const day = (overrides: Partial<Parameters<typeof candidateSlots>[0]> = {}) =>
  candidateSlots({ dateKey: '2026-11-23', windows: [{ start: '09:00', end: '17:00', capacity: 3 }], occupants: [], durationMinutes: 60, earliestStartMinute: -1, ...overrides });

describe('slot maths', () => {
  it('offers 30-minute starts where the whole duration fits before closing', () => {
    const slots = day({ durationMinutes: 90 });
    expect(slots[0]).toMatchObject({ id: '2026-11-23T09:00', startTime: '09:00', endTime: '10:30', capacity: 3, availableCapacity: 3 });
    expect(slots.at(-1)!.startTime).toBe('15:30');
    expect(slots).toHaveLength(14);
  });

  it('counts a booking in every step its duration covers', () => {
    expect(stepsCovered(600, 90)).toEqual([600, 630, 660]);
    expect(stepsCovered(600, 30)).toEqual([600]);
    const slots = day({ durationMinutes: 30, occupants: [{ startMinute: 600, durationMinutes: 90 }] });
    const at = (t: string) => slots.find((s) => s.startTime === t)!.availableCapacity;
    expect(at('09:30')).toBe(3);
    expect(at('10:00')).toBe(2);
    expect(at('11:00')).toBe(2);
    expect(at('11:30')).toBe(3);
  });

  it('takes the most crowded step of a candidate as what is left', () => {
    const occupants = [1, 2, 3].map(() => ({ startMinute: 12 * 60, durationMinutes: 30 }));
    const slots = day({ durationMinutes: 120, occupants });
    expect(slots.find((s) => s.startTime === '10:30')!.availableCapacity).toBe(0);
    expect(slots.find((s) => s.startTime === '10:00')!.availableCapacity).toBe(3);
  });

  it('treats blocked time as full whatever the capacity', () => {
    const slots = day({ durationMinutes: 30, occupants: [{ startMinute: 9 * 60, durationMinutes: 60, blocked: true }] });
    expect(slots.find((s) => s.startTime === '09:30')!.availableCapacity).toBe(0);
    expect(slots.find((s) => s.startTime === '10:00')!.availableCapacity).toBe(3);
  });

  it('hides starts before the earliest minute (past and notice)', () => {
    expect(earliestStartMinute('2026-11-23', '2026-11-23', 10 * 60)).toBe(12 * 60);
    expect(earliestStartMinute('2026-11-22', '2026-11-23', 0)).toBe(Number.POSITIVE_INFINITY);
    expect(earliestStartMinute('2026-11-24', '2026-11-23', 23 * 60)).toBe(-1);
    expect(day({ earliestStartMinute: 12 * 60 })[0]!.startTime).toBe('12:00');
  });

  it('applies recurring closures every year on the same day', () => {
    expect(closureApplies({ date: '2025-12-25', isRecurring: true }, '2026-12-25')).toBe(true);
    expect(closureApplies({ date: '2025-12-25', isRecurring: false }, '2026-12-25')).toBe(false);
  });

  it('offers no start in, or across, the hour skipped when clocks spring forward', () => {
    const slots = candidateSlots({ dateKey: '2026-03-08', windows: [{ start: '01:00', end: '05:00', capacity: 2 }], occupants: [], durationMinutes: 60, earliestStartMinute: -1 });
    expect(slots.map((s) => s.startTime)).toEqual(['01:00', '03:00', '03:30', '04:00']);
    const normalDay = candidateSlots({ dateKey: '2026-03-15', windows: [{ start: '01:00', end: '05:00', capacity: 2 }], occupants: [], durationMinutes: 60, earliestStartMinute: -1 });
    expect(normalDay.map((s) => s.startTime)).toContain('02:00');
  });

  it('parses slot ids strictly', () => {
    expect(parseSlotId('2026-11-23T09:30')).toEqual({ dateKey: '2026-11-23', time: '09:30' });
    expect(parseSlotId('2026-11-23T9:30')).toBeUndefined();
    expect(parseSlotId('nonsense')).toBeUndefined();
  });
});
