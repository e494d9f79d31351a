import type { AppContext } from '../../context';

/**
 * What the business and the queue did, read from the database when /metrics is scraped: one cheap grouped
 * count per gauge, the same figure from every instance (a per-process counter would say only what this
 * instance saw, and restart at zero). Read-only: these queries write nothing.
 */
const registered = new WeakSet<object>();

export function registerBusinessGauges(ctx: AppContext): void {
  if (registered.has(ctx.metrics)) return;
  registered.add(ctx.metrics);
  const rows = async (text: string, values: unknown[] = []) => (await ctx.handle.executeSql(text, values)).rows;
  const { metrics } = ctx;

  metrics.gauge({
    name: 'glint_bookings',
    help: 'Bookings by status (blocked time left out)',
    labelNames: ['status'],
    async read(set) {
      for (const r of await rows(`select status, count(*)::int as n from bookings where not is_blocked group by status`)) set(Number(r.n), { status: String(r.status) });
    },
  });
  metrics.gauge({
    name: 'glint_bookings_held',
    help: 'Checkouts holding a slot right now (pending, hold not expired)',
    async read(set) {
      set(Number((await rows(`select count(*)::int as n from bookings where status = 'pending' and hold_expires_at > $1`, [ctx.now().toISOString()]))[0]!.n));
    },
  });
  metrics.gauge({
    name: 'glint_bookings_by_payment',
    help: 'Bookings by payment status (paid, refunded, partially_refunded, unpaid, on_site, package, store, link_sent)',
    labelNames: ['payment_status'],
    async read(set) {
      for (const r of await rows(`select payment_status, count(*)::int as n from bookings where not is_blocked group by payment_status`)) set(Number(r.n), { payment_status: String(r.payment_status) });
    },
  });
  metrics.gauge({
    name: 'glint_card_payments',
    help: 'Card payments in the ledger by status: open, succeeded, canceled intents, and refunded (refund rows)',
    labelNames: ['status'],
    async read(set) {
      for (const r of await rows(`select case when kind = 'refund' then 'refunded' else status end as status, count(*)::int as n from booking_payments where method in ('card', 'saved_card') group by 1`)) set(Number(r.n), { status: String(r.status) });
    },
  });
  metrics.gauge({
    name: 'glint_card_payments_cents',
    help: 'Amount of card payments by status, in cents (refunded: money given back)',
    labelNames: ['status'],
    async read(set) {
      for (const r of await rows(`select case when kind = 'refund' then 'refunded' else status end as status, coalesce(sum(amount_cents), 0)::bigint as cents from booking_payments where method in ('card', 'saved_card') group by 1`)) set(Number(r.cents), { status: String(r.status) });
    },
  });
  metrics.gauge({
    name: 'glint_job_queue',
    help: 'Jobs by queue and state: created and retry are waiting (the depth), active are running, failed gave up',
    labelNames: ['queue', 'state'],
    async read(set) {
      if (!(await exists('pgboss.job'))) return;
      for (const r of await rows(`select name, state::text as state, count(*)::int as n from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`)) {
        set(Number(r.n), { queue: String(r.name), state: String(r.state) });
      }
    },
  });
  metrics.gauge({
    name: 'glint_booking_event_lag_seconds',
    help: 'Age of the oldest booking event (last 7 days) some subscriber has not taken yet; 0 when all are delivered. Absent without the booking_events tables',
    async read(set) {
      const lag = await bookingEventLag();
      if (lag) set(lag.seconds);
    },
  });
  metrics.gauge({
    name: 'glint_booking_events_undelivered',
    help: 'Booking events (last 7 days) some subscriber has not taken yet. Absent without the booking_events tables',
    async read(set) {
      const lag = await bookingEventLag();
      if (lag) set(lag.count);
    },
  });

  async function exists(table: string): Promise<boolean> {
    return Boolean((await rows(`select to_regclass($1) is not null as present`, [table]))[0]!.present);
  }

  /**
   * Booking events and their deliveries (one row per event and subscriber): an event is waiting while a
   * subscriber that has taken any event has not taken it. Read only where both tables exist, so the gauge
   * works on databases from before and after they were added.
   */
  async function bookingEventLag(): Promise<{ seconds: number; count: number } | undefined> {
    if (!(await exists('public.booking_events')) || !(await exists('public.booking_event_deliveries'))) return undefined;
    const [row] = await rows(
      `with recent as (select id, created_at from booking_events where created_at > $1::timestamptz - interval '7 days'),
            subscribers as (select distinct subscriber from booking_event_deliveries),
            waiting as (
              select e.id, e.created_at from recent e cross join subscribers s
              where not exists (select 1 from booking_event_deliveries d where d.event_id = e.id and d.subscriber = s.subscriber))
       select count(distinct id)::int as n, coalesce(extract(epoch from ($1::timestamptz - min(created_at))), 0)::float8 as seconds from waiting`,
      [ctx.now().toISOString()],
    );
    return { seconds: Math.max(0, Number(row!.seconds)), count: Number(row!.n) };
  }
}
