import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/domain';
import type { LazyCatalog } from '@web/lib/i18n';

/**
 * Every feature's messages.ts (and the shell's): Spanish and French have exactly the English keys, no
 * empty text, and the same `{placeholders}` — a translation that drops `{number}` would show a job without
 * its number. The type of defineMessages catches a missing key; this catches the rest, for any new file.
 */
type Catalog = Record<string, Record<string, string>>;
// Every catalog file by name, and the components that keep theirs beside them (the slot picker, the job lines).
const modules = import.meta.glob<Record<string, unknown>>(['../features/**/*messages.ts', '../components/**/*messages.ts', './messages.ts', '../components/slot-picker.tsx', '../components/job-lines.tsx'], {
  eager: true,
});
/** Every web source file's text: a file that defines a catalog must be one of the modules above. */
const sources = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], { eager: true, query: '?raw', import: 'default' });

const isCatalog = (value: unknown): value is Catalog =>
  typeof value === 'object' && value !== null && LANGUAGES.every((language) => typeof (value as Record<string, unknown>)[language] === 'object');

/** A catalog whose other languages are fetched on demand (lazyMessages): all of them, fetched here. */
const isLazyCatalog = (value: unknown): value is LazyCatalog<Record<string, string>> => typeof value === 'object' && value !== null && 'load' in value && 'en' in value;
const withEveryLanguage = async (lazy: LazyCatalog<Record<string, string>>): Promise<Catalog> =>
  Object.fromEntries(await Promise.all(LANGUAGES.map(async (language) => [language, language === 'en' ? lazy.en : await lazy.load[language]()])));

const catalogs = (
  await Promise.all(
    Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports).map(async ([name, value]) => {
        const catalog = isCatalog(value) ? value : isLazyCatalog(value) ? await withEveryLanguage(value) : undefined;
        return catalog ? [{ where: `${file} ${name}`, catalog }] : [];
      }),
    ),
  )
).flat();

/** `{name}` and the argument of `{name, plural, …}` / `{name, select, …}`. */
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)(?:\}|, (?:plural|select),)/g)].map((m) => m[1]))].sort();

describe('the message catalogs', () => {
  it('are found, the driver dashboard among them', () => {
    expect(catalogs.map((c) => c.where)).toEqual(expect.arrayContaining([expect.stringMatching(/features\/driver\/messages\.ts driverMessages$/)]));
    expect(catalogs.length).toBeGreaterThanOrEqual(9);
  });

  it('cover every file that defines one (the booking start, the slot picker, the card form among them)', () => {
    const defining = Object.entries(sources)
      .filter(([file, text]) => !file.endsWith('/lib/i18n.tsx') && /\b(defineMessages|lazyMessages)\(/.test(text))
      .map(([file]) => file)
      .sort();
    expect(defining.length).toBeGreaterThanOrEqual(15);
    expect(defining.filter((file) => !(file in modules))).toEqual([]);
    const names = catalogs.map((c) => c.where);
    for (const name of ['bookingStartMessages', 'pickerMessages', 'cardFormMessages', 'jobLinesMessages']) expect(names.some((where) => where.endsWith(` ${name}`)), name).toBe(true);
  });

  it.each(catalogs)('$where: every language has the English keys, none empty, with the same placeholders', ({ catalog }) => {
    const english = catalog.en!;
    for (const language of LANGUAGES) {
      const table = catalog[language]!;
      expect(Object.keys(table).sort(), language).toEqual(Object.keys(english).sort());
      for (const [key, text] of Object.entries(table)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(placeholders(english[key]!));
      }
    }
  });
});
