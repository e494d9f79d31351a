import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { mergeClasses } from './class-merge';

/** Every class in src/web's string literals that tailwind-merge knows as a Tailwind utility. */
function classesOfTheApp(): string[] {
  const root = new URL('..', import.meta.url).pathname;
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes('.test.') && entry.name !== 'class-merge.ts') files.push(path);
    }
  };
  walk(root);
  const tokens = new Set<string>();
  for (const file of files) {
    for (const literal of readFileSync(file, 'utf8').matchAll(/'([^'\n]*)'|"([^"\n]*)"|`([^`]*)`/g)) {
      for (const token of (literal[1] ?? literal[2] ?? literal[3] ?? '').split(/[\s'"`{}<>]+/)) if (token) tokens.add(token);
    }
  }
  // tailwind-merge drops the second of two equal classes only when it knows the class.
  return [...tokens].filter((token) => twMerge(`${token} ${token}`) === token).sort();
}

describe('mergeClasses', () => {
  const classes = classesOfTheApp();

  it('finds the app’s classes', () => {
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toEqual(expect.arrayContaining(['px-4', 'hover:bg-slate-100', 'dark:text-slate-300', 'rounded-md']));
  });

  it('merges every pair of the app’s classes as tailwind-merge does', () => {
    const differences: string[] = [];
    for (const a of classes) {
      for (const b of classes) {
        const input = `${a} ${b}`;
        const expected = twMerge(input);
        const actual = mergeClasses(input);
        if (actual !== expected) differences.push(`${input} → ${actual} (tailwind-merge: ${expected})`);
      }
    }
    expect(differences.slice(0, 40)).toEqual([]);
  });

  it('keeps classes it does not know, and the last of several conflicting ones', () => {
    expect(mergeClasses('glint-card p-4 px-2 p-3 glint-card')).toBe('glint-card p-3 glint-card');
    expect(mergeClasses('text-sm leading-5 text-lg hover:text-red-600 text-slate-700 dark:hover:!bg-black hover:dark:!bg-white')).toBe('text-lg hover:text-red-600 text-slate-700 hover:dark:!bg-white');
  });
});
