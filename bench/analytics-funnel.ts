/**
 * The 90-day analytics funnel with 1,000,000 events on PostgreSQL (goal: under 200 ms). Seeds a scratch
 * database of its own on BENCH_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres),
 * times the funnel query, and drops the database. Skipped when no PostgreSQL answers.
 */
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/db/client';
import { funnel, rollUpClosedDays } from '../src/server/features/analytics/analytics.service';
import type { AppContext } from '../src/server/context';
import { freshPostgresDatabase } from '../src/server/test/postgres';

const EVENTS = 1_000_000;

export async function analyticsFunnelBench(): Promise<void> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let scratch: Awaited<ReturnType<typeof freshPostgresDatabase>>;
  try {
    scratch = await freshPostgresDatabase(base);
  } catch (error) {
    console.log(`analytics funnel: skipped (no PostgreSQL at ${base}: ${(error as Error).message})`);
    return;
  }
  const handle = await openDatabase({ databaseUrl: scratch.url, poolSize: 2 });
  try {
    await handle.migrate();
    const seeded = performance.now();
    // ~13 months of traffic: sessions of 1–8 events walking the funnel in order, spread evenly over time.
    await handle.db.execute(sql`
      insert into analytics_events (session_id, event_type, created_at, path)
      select 's' || (g / 4)::text,
             (array['page_visit','page_visit','service_selected','guest_checkout','payment_initiated','payment_completed','account_created','page_visit'])[1 + (g % 4) + ((g / 4) % 5)],
             now() - ((${EVENTS} - g) * (interval '395 days' / ${EVENTS})) + (g % 4) * interval '1 minute',
             '/'
      from generate_series(1, ${EVENTS}) g`);
    await handle.db.execute(sql`analyze analytics_events`);
    const seedMs = performance.now() - seeded;
    // The admin's funnel as the route computes it: the nightly rollup for closed days, live events for the open ones.
    const ctx = { db: handle.db, now: () => new Date() } as unknown as AppContext;
    const rolled = performance.now();
    const days = await rollUpClosedDays(ctx);
    const rollupMs = performance.now() - rolled;
    const to = new Date(Date.now() + 60_000);
    const range = { from: new Date(to.getTime() - 90 * 86_400_000), to };
    await funnel(ctx, range); // warm the cache
    const times: number[] = [];
    let counts = await funnel(ctx, range);
    for (let i = 0; i < 5; i++) {
      const started = performance.now();
      counts = await funnel(ctx, range);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(
      `analytics funnel: ${times[2]!.toFixed(0)} ms median for 90 days over ${EVENTS.toLocaleString('en-US')} events on PostgreSQL (aim < 200 ms; seeded in ${(seedMs / 1000).toFixed(1)} s; nightly rollup of ${days.length} days in ${(rollupMs / 1000).toFixed(1)} s; ${counts.page_visits} visiting sessions)`,
    );
  } finally {
    await handle.close();
    await scratch.drop();
  }
}
