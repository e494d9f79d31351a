/**
 * One figure of `npm run bench`: what was measured, against its goal. The server half
 * (bench/run.ts) and the web half (bench/web.ts, measureWeb) both return these; run.ts prints them side
 * by side and writes them to bench/results.json.
 */
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The goal, as text (e.g. '≥ 0.6', '≤ 20'). */
  goal: string;
  met: boolean;
}

/** A figure whose goal is a bound: `at least` (≥) or `at most` (≤). */
export function figure(name: string, value: number, unit: string, bound: '≥' | '≤', target: number): Figure {
  return { name, value: round(value), unit, goal: `${bound} ${target}`, met: bound === '≥' ? value >= target : value <= target };
}

/** A figure printed for reference, with no goal of its own (e.g. bookings/s on the embedded database). */
export function reading(name: string, value: number, unit: string): Figure {
  return { name, value: round(value), unit, goal: '—', met: true };
}

function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  return Math.abs(value) >= 100 ? Math.round(value) : Math.round(value * 100) / 100;
}

/** Each figure beside its goal, one line each. */
export function printFigures(figures: Figure[]): void {
  const width = Math.max(...figures.map((f) => f.name.length));
  console.log('');
  for (const f of figures) {
    console.log(`${f.goal === '—' ? '    ' : f.met ? 'met ' : 'MISS'}  ${f.name.padEnd(width)}  ${String(f.value).padStart(9)} ${f.unit.padEnd(10)} goal ${f.goal}`);
  }
}

export function writeResults(path: string, figures: Figure[], notes: Record<string, unknown>): void {
  writeFileSync(path, JSON.stringify({ measuredAt: new Date().toISOString(), loadAverage: loadavg(), notes, figures }, null, 2) + '\n');
}
