import { or, sql, type SQL } from 'drizzle-orm';

/**
 * A condition true when the text of `column` (any type, read as text, case-insensitively) contains one of
 * the needles: how the erasure of a person finds copies of their e-mail or phone in free text and JSON.
 * Needles shorter than 5 characters are ignored, so a stray short value never matches everything.
 */
export function mentionsAny(column: SQL | { getSQL(): SQL }, needles: readonly string[]): SQL | undefined {
  const usable = [...new Set(needles.map((n) => n.trim().toLowerCase()).filter((n) => n.length >= 5))];
  if (!usable.length) return undefined;
  return or(...usable.map((needle) => sql`position(${needle} in lower(${column}::text)) > 0`));
}
