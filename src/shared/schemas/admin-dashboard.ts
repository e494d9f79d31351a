import { z } from 'zod';
import { bookingView } from './bookings';

/**
 * The back office's dashboard: the counts, revenue and today's jobs.
 */
export const dashboardSummary = z.object({
  services: z.number(),
  activeServices: z.number(),
  bookings: z.number(),
  /** Bookings' money received net of refunds (paid by card or through the store), all time, dollars as a decimal string. */
  revenue: z.string(),
  /**
   * Money received today and this week (Monday to now, Pacific), net of refunds: bookings counted when they were
   * paid (never a future job's price before its money came) and packages sold by card, cash or check.
   */
  received: z.object({ today: z.string(), week: z.string(), weekStart: z.string() }),
  /** Tomorrow at a glance (Pacific): its jobs, how many still go out without a driver, and the first start. */
  tomorrow: z.object({ date: z.string(), jobs: z.number(), unassigned: z.number(), firstStart: z.string().nullable() }),
  /**
   * What needs the owner: upcoming mobile or pickup jobs of the next 7 days without a driver, past jobs still unpaid,
   * e-mails that failed this week, and bookings of today or later (not cancelled) on which a customer flagged an
   * inspection concern: how many, and the first few by job time.
   */
  attention: z.object({
    unassigned: z.number(),
    unpaid: z.number(),
    failedMessages: z.number(),
    concerns: z.number(),
    concernBookings: z.array(z.object({ id: z.string(), scheduledDate: z.string() })),
  }),
  customers: z.number(),
  today: z.array(bookingView),
  todayDate: z.string(),
});
export type DashboardSummary = z.infer<typeof dashboardSummary>;
