import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../constants';

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

export const dateKey = z
  .string({ error: 'date must be YYYY-MM-DD' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'date must be YYYY-MM-DD' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), {
    error: 'date must be a real calendar date (YYYY-MM-DD)',
  });

export const timeOfDay = z
  .string({ error: 'time must be HH:mm' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'time must be HH:mm' });
