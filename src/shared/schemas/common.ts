import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';
import { normaliseUsPhone, PHONE_INVALID_MESSAGE, PHONE_MAX } from '../contact';

/** The admin forms' one message for a missing field, whichever field it is. */
export const REQUIRED_MESSAGE = 'Please fill in all required fields';

/** A required text field: trimmed, not empty. */
export const required = () => z.string({ error: REQUIRED_MESSAGE }).trim().min(1, { error: REQUIRED_MESSAGE });

/** A dollar amount typed as text or sent as a number: up to two decimals, normalised to '49.00'. */
export const moneyText = (label: string) =>
  z.union([z.string(), z.number()], { error: REQUIRED_MESSAGE }).transform((v, ctx) => {
    const text = String(v).trim();
    if (!text) {
      ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
      return z.NEVER;
    }
    if (!/^\d{1,8}(\.\d{1,2})?$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: `${label} must be an amount in dollars, like 49.00` });
      return z.NEVER;
    }
    return Number(text).toFixed(2);
  });

/** An optional US phone (shared/contact.ts): blank → null, otherwise stored as E.164 or refused. */
export const optionalUsPhone = () =>
  z
    .string()
    .trim()
    .max(PHONE_MAX, { error: `Phone must be at most ${PHONE_MAX} characters` })
    .nullish()
    .transform((v, ctx) => {
      if (!v) return null;
      const e164 = normaliseUsPhone(v);
      if (!e164) ctx.issues.push({ code: 'custom', input: v, message: PHONE_INVALID_MESSAGE });
      return e164;
    });

export const uuidParam = z.object({ id: z.uuid({ error: 'Not a valid id' }) });

/** Every growing list is paginated: ?page=1&pageSize=20 (at most 100). */
export const pageQuery = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be at least 1' }).default(1),
  pageSize: z.coerce
    .number({ error: 'pageSize must be a number' })
    .int()
    .min(1, { error: 'pageSize must be at least 1' })
    .max(MAX_PAGE_SIZE, { error: `pageSize must be at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export interface Page<T> {
  items: T[];
  page: number;
  pageSize: number;
  total: number;
}

/** The response schema of a page of items. */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), page: z.number(), pageSize: z.number(), total: z.number() });

/** The body of every error response (shared/error-codes.ts lists the codes and their statuses). */
export const errorBody = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
});

export const dateKey = z
  .string({ error: 'date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'date must be a real calendar date (YYYY-MM-DD)',
  });

export const timeOfDay = z
  .string({ error: 'time must be HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be HH:mm' });

/**
 * Text no field may hold: NUL (PostgreSQL cannot store it in text or jsonb) and half of a UTF-16 surrogate
 * pair (no character at all; it would be saved as U+FFFD or refused, depending on the driver).
 */
// eslint-disable-next-line no-control-regex -- finding NUL is the point
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const UNSAFE_TEXT_MESSAGE = 'Some text contains a character that cannot be saved. Please retype it and try again.';

/**
 * Where the first unsafe string sits in a request part (`''` for the value itself, `notes` or `items.0.name`
 * within it, keys included), or undefined when every string is clean. The server runs it over the params,
 * query string, body and headers of every declared route before their schemas, so every string of the
 * contract refuses the same characters, including strings declared later (docs/decisions/031).
 */
export function findUnsafeText(value: unknown, path = ''): string | undefined {
  if (typeof value === 'string') return UNSAFE_TEXT.test(value) ? path : undefined;
  if (typeof value !== 'object' || value === null || value instanceof Uint8Array) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (UNSAFE_TEXT.test(key)) return at;
    const found = findUnsafeText(item, at);
    if (found !== undefined) return found;
  }
  return undefined;
}
