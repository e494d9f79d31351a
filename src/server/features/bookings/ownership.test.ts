import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One owner per table (STYLE.md rule 13): only features/bookings may write or lock `bookings`, its payments,
 * `booking_updates` and the guest link tokens. Reading them for display is allowed anywhere.
 */
const OWNED = ['bookings', 'bookingUpdates', 'guestLinkTokens', 'bookingPayments'];
const SERVER = join(__dirname, '../..');

/** The owned tables a source file imports from the schema and then writes or locks. */
export function ownershipViolations(source: string): string[] {
  const imported = new Set<string>();
  for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'[^']*db\/schema(?:\/bookings)?'/g)) {
    for (const name of match[1]!.split(',').map((n) => n.trim().replace(/^type\s+/, ''))) if (OWNED.includes(name)) imported.add(name);
  }
  const found: string[] = [];
  for (const table of imported) {
    if (new RegExp(String.raw`\.(insert|update|delete)\(\s*${table}\s*\)`).test(source)) found.push(`writes ${table}`);
    // A locking read: a statement that selects from the table and ends in .for('update').
    for (const statement of source.split(';')) {
      if (new RegExp(String.raw`\.from\(\s*${table}\s*\)`).test(statement) && /\.for\(\s*['"](update|no key update)['"]/.test(statement)) found.push(`locks ${table}`);
    }
  }
  if (/sql`[^`]*\b(update|insert\s+into|delete\s+from)\s+"?(bookings|booking_updates|guest_link_tokens)\b/i.test(source)) found.push('writes an owned table in raw SQL');
  return found;
}

/** Factories and stand-ins that seed rows directly for tests (they move under src/server/test/). */
const isTestSupport = (path: string) => path.startsWith('test/') || /(^|\/)(test-support|[\w-]*fixtures|[\w-]*stand-in|test-socket)\.ts$/.test(path);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') && !/\.test\.ts$/.test(path) ? [path] : [];
  });
}

describe('the booking has one owner', () => {
  it('no server code outside features/bookings (and db/) writes or locks bookings, booking_updates or guest link tokens', () => {
    const offenders = sourceFiles(SERVER)
      .map((path) => relative(SERVER, path))
      .filter((path) => !path.startsWith('features/bookings/') && !path.startsWith('db/') && !isTestSupport(path))
      .flatMap((path) => ownershipViolations(readFileSync(join(SERVER, path), 'utf8')).map((what) => `${path}: ${what}`));
    expect(offenders).toEqual([]);
  });

  it('catches the writes and locks other features used to make, and lets plain reads through', () => {
    const schemaImport = "import { bookings, bookingUpdates, guestLinkTokens, users } from '../../db/schema';\n";
    expect(ownershipViolations(`${schemaImport}await tx.update(bookings).set({ trackingTokenHash: hash }).where(eq(bookings.id, id));`)).toEqual(['writes bookings']);
    expect(ownershipViolations(`${schemaImport}const [row] = await db.insert(bookings).values(values).returning({ id: bookings.id });`)).toEqual(['writes bookings']);
    expect(ownershipViolations(`${schemaImport}await db.delete(guestLinkTokens).where(eq(guestLinkTokens.bookingId, id));`)).toEqual(['writes guestLinkTokens']);
    expect(ownershipViolations(`${schemaImport}await db.insert(bookingUpdates).values({ bookingId, status });`)).toEqual(['writes bookingUpdates']);
    expect(
      ownershipViolations(`${schemaImport}const [row] = await tx\n  .select({ id: bookings.id })\n  .from(bookings)\n  .where(eq(bookings.id, bookingId))\n  .for('update')\n  .limit(1);`),
    ).toEqual(['locks bookings']);
    expect(ownershipViolations("await tx.execute(sql`update bookings set status = 'cancelled'`);")).toEqual(['writes an owned table in raw SQL']);
    // Reads, and writes to other tables, are fine.
    expect(ownershipViolations(`${schemaImport}const rows = await db.select().from(bookings).where(eq(bookings.userId, id));\nawait db.update(users).set({ x: 1 });\nawait tx.select().from(users).for('update');`)).toEqual([]);
  });
});
