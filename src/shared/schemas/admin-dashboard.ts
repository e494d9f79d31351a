import { z } from 'zod';
import { bookingView } from './bookings';

/**
 * The back office's dashboard: the counts, revenue and today's jobs.
 */
export const dashboardSummary = z.object({
  services: z.number(),
  activeServices: z.number(),
  bookings: z.number(),
  /** Money received net of refunds (paid by card or through the store), dollars as a decimal string. */
  revenue: z.string(),
  customers: z.number(),
  today: z.array(bookingView),
  todayDate: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
