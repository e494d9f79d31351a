/**
 * Tiny search-param readers for route validateSearch. Routes are part of the first download, so they
 * avoid Zod (≈50 KB gzipped) and read their few parameters by hand.
 */
export type RawSearch = Record<string, unknown>;

export function text(search: RawSearch, key: string): string | undefined {
  const value = search[key];
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function oneOf<T extends string>(search: RawSearch, key: string, allowed: readonly T[], fallback: T): T {
  const value = text(search, key);
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : fallback;
}

/** A finite number within [min, max], from a string or a number; undefined otherwise. */
export function numberIn(search: RawSearch, key: string, min: number, max: number): number | undefined {
  const raw = text(search, key);
  const value = raw === undefined || raw.trim() === '' ? NaN : Number(raw);
  return Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}
