import { randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { SHORT_LINK_CODE_LENGTH, shortLinkCode, type ShortLinkPurpose } from '../../../shared/schemas/messages';
import type { AppContext } from '../../context';
import { inBatches } from '../../db/batches';
import type { DbOrTx } from '../../db/client';
import { shortLinks } from '../../db/schema';
import { AppError } from '../../errors';
import { rateLimit } from '../../http/rate-limit';

/**
 * Short links for texts (decision 070): `<PUBLIC_URL>/s/<code>` stands for a long link of ours (Manage,
 * tracking, rating, pay, weather), so a text fits one SMS segment. The code is a bearer credential like the
 * link it stands for: 10 random base62 characters, expiring no later than that link; an unknown or expired
 * code is a 404, and an address that tries too many unknown codes is refused for a while (decision 026).
 */

export const SHORT_LINK_PATH = '/s/';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Random base62 characters, without bias: bytes of 248 and above (4 × 62) are drawn again. */
export function newShortCode(length = SHORT_LINK_CODE_LENGTH): string {
  let code = '';
  while (code.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248 && code.length < length) code += BASE62[byte % 62];
    }
  }
  return code;
}

/** A target is a path (and query) on our own origin: `/x…`, never `//host` or `/\host`, which a browser reads as another origin. */
export function isOwnPath(target: string): boolean {
  return target.startsWith('/') && !['/', '\\'].includes(target[1] ?? '') && !/[\s\\]/.test(target);
}

/** The path and query of one of our own links, or an error: only a link on PUBLIC_URL is ever shortened. */
function targetOf(ctx: AppContext, url: string): string {
  const origin = ctx.config.publicUrl;
  const target = url.startsWith(`${origin}/`) ? url.slice(origin.length) : '';
  if (!isOwnPath(target) || new URL(target, origin).origin !== new URL(origin).origin) throw new Error(`Only a link on ${origin} can be shortened`);
  return target;
}

/**
 * The short URL of one of our links for a text. The same booking, purpose and link keep one code while it
 * lives (a retried text reuses it; its end follows the link's, which a moved booking may change).
 */
export async function shortUrl(ctx: AppContext, link: { bookingId: string; purpose: ShortLinkPurpose; url: string; expiresAt: Date }): Promise<string> {
  const target = targetOf(ctx, link.url);
  const [row] = await ctx.db
    .insert(shortLinks)
    .values({ code: newShortCode(), target, purpose: link.purpose, bookingId: link.bookingId, createdAt: ctx.now(), expiresAt: link.expiresAt })
    .onConflictDoUpdate({ target: [shortLinks.bookingId, shortLinks.purpose, shortLinks.target], set: { expiresAt: sql`excluded.expires_at` } })
    .returning({ code: shortLinks.code });
  return `${ctx.config.publicUrl}${SHORT_LINK_PATH}${row!.code}`;
}

/** Unknown or expired codes tried from one address: 20 in 15 minutes, then every code is refused there until the window ends. */
const unknownCodes = rateLimit({ name: 'short-link-unknown', limit: 20, windowMs: 15 * 60_000 });
const NOT_FOUND = 'This link is not valid or has expired. Please use the link in your latest message, or call us.';
const TOO_MANY = 'Too many links that do not exist were tried from this address. Please wait a few minutes and try again.';

/**
 * Where a code leads (the absolute URL on PUBLIC_URL), or a 404 AppError. An address over its limit of
 * unknown codes is refused first, so it cannot keep guessing and read only the hits.
 */
export async function openShortLink(ctx: AppContext, code: string, ip: string): Promise<string> {
  const key = `ip:${ip}`;
  if (await unknownCodes.over(ctx, key)) throw new AppError('RATE_LIMITED', TOO_MANY);
  const [row] = shortLinkCode.safeParse(code).success
    ? await ctx.db
        .select({ target: shortLinks.target })
        .from(shortLinks)
        .where(and(eq(shortLinks.code, code), gt(shortLinks.expiresAt, ctx.now())))
    : [];
  if (row && isOwnPath(row.target)) return `${ctx.config.publicUrl}${row.target}`;
  await unknownCodes.hit(ctx, [key], TOO_MANY, 'RATE_LIMITED');
  throw new AppError('NOT_FOUND', NOT_FOUND);
}

/** The nightly prune (decision 060): short links past their end are deleted a batch at a time. */
export async function pruneShortLinks(db: DbOrTx, now: Date): Promise<number> {
  return inBatches(async (batch) => {
    const old = db.select({ code: shortLinks.code }).from(shortLinks).where(lte(shortLinks.expiresAt, now)).limit(batch);
    return (await db.delete(shortLinks).where(inArray(shortLinks.code, old)).returning({ code: shortLinks.code })).length;
  });
}
