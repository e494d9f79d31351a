import { z } from 'zod';

/** GET /api/calendar-feed: whether the signed-in staff member has a feed (its URL is only shown when made). */
export const calendarFeedStatus = z.object({
  active: z.boolean(),
  createdAt: z.string().nullable(),
});
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatus>;

/** POST /api/calendar-feed: a new private URL (any earlier one stops working). */
export const calendarFeedCreated = z.object({
  url: z.string(),
  createdAt: z.string(),
});
export type CalendarFeedCreated = z.infer<typeof calendarFeedCreated>;

/** GET /api/calendar/{token}.ics: the token is 43 URL-safe characters; anything else is a feed that does not exist. */
export const calendarFeedParams = z.object({ token: z.string().max(200) });
