/**
 * npm run bench:pg-bookings: only the PostgreSQL booking load of `npm run bench` (50 clients, 10 days), with
 * the server's resident memory and V8 heap after it, for a before/after of a change in the hold path.
 * BENCH_NODE_ARGS adds node flags to the server (e.g. --cpu-prof, --heapsnapshot-signal=SIGUSR2);
 * BENCH_SNAPSHOT_SIGNAL=SIGUSR2 sends that signal after the load (a heap snapshot runs a full GC first) and
 * reads the memory again, so what the load left live can be told from garbage not yet collected.
 */
import { loadavg } from 'node:os';
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { freshPostgresDatabase } from '../src/server/test/postgres';
import { printFigures, type Figure } from './figures';
import { bookingFigures, heapMb, rssMb, settledRssMb, startApp } from './server';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const signal = process.env.BENCH_SNAPSHOT_SIGNAL as NodeJS.Signals | undefined;

await buildServerIfStale();
const figures: Figure[] = [];
const loadAtStart = loadavg();
const database = await freshPostgresDatabase(base);
const notes: Record<string, unknown> = {};
try {
  const app = await startApp({ databaseUrl: database.url });
  try {
    notes.settledRssMb = await settledRssMb(app, 2_000);
    const booking = await bookingFigures(app, database.url, seconds);
    figures.push(...booking.figures);
    notes.afterLoadRssMb = rssMb(app.pid);
    notes.heapAfterLoadMb = await heapMb(app);
    notes.bookings = booking.notes.bookings;
    if (signal) {
      process.kill(app.pid, signal);
      await new Promise((r) => setTimeout(r, Number(process.env.BENCH_SNAPSHOT_WAIT_MS ?? 15_000)));
      notes.afterSnapshotRssMb = rssMb(app.pid);
      notes.heapAfterSnapshotMb = await heapMb(app);
    }
  } finally {
    await app.stop();
  }
} finally {
  await database.drop();
}
printFigures(figures);
console.log(JSON.stringify(notes));
console.log(`load average ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at start, ${loadavg().map((l) => l.toFixed(1)).join(' / ')} at end`);
