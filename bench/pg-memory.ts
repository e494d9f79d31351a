/**
 * npm run bench:pg-memory: only the PostgreSQL server's memory figures of `npm run bench` — settled after
 * warm-up, then after the slots/services load and the booking load (the bench's order), with bookings/s and
 * slots req/s beside them, V8's heap after the load (of the resident memory) and the machine's load. Quicker than the whole table when only memory is in question.
 */
import { loadavg } from 'node:os';
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { freshPostgresDatabase } from '../src/server/test/postgres';
import { figure, printFigures, type Figure } from './figures';
import { bookingFigures, heapMb, rssMb, settledRssMb, startApp, throughputFigures } from './server';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

await buildServerIfStale();
const figures: Figure[] = [];
const loadAtStart = loadavg();
const database = await freshPostgresDatabase(base);
try {
  const app = await startApp({ databaseUrl: database.url });
  try {
    figures.push(figure('PostgreSQL: server memory settled after warm-up', await settledRssMb(app), 'MB', '≤', 180));
    const throughput = await throughputFigures(app, seconds, rounds);
    figures.push(...throughput.figures);
    const booking = await bookingFigures(app, database.url, seconds * 2);
    figures.push(...booking.figures);
    figures.push(figure('PostgreSQL: server memory after the load', rssMb(app.pid), 'MB', '≤', 180));
    console.log(JSON.stringify({ slots: throughput.notes.slots, bookings: booking.notes.bookings, heapAfterLoadMb: await heapMb(app) }));
  } finally {
    await app.stop();
  }
} finally {
  await database.drop();
}
printFigures(figures);
console.log(`\nload average ${loadAtStart.map((l) => l.toFixed(1)).join(' / ')} at start, ${loadavg().map((l) => l.toFixed(1)).join(' / ')} at end`);
