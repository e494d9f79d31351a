/**
 * npm run bench: the whole figures table in one run. Starts what it needs — the built web app, a new embedded
 * data folder (npm start's default, bench/embedded.ts), a fresh PostgreSQL
 * database (BENCH_DATABASE_URL / TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres) —
 * prints each figure next to its goal and writes bench/results.json. BENCH_SECONDS (default 4) is the
 * length of one load round; BENCH_ROUNDS (default 2) how many interleaved rounds each ratio takes.
 * Benchmarks, not tests: a missed goal is printed, never a failure.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { freshPostgresDatabase } from '../src/server/test/postgres';
import { analyticsFunnelBench } from './analytics-funnel';
import { figure, printFigures, writeResults, type Figure } from './figures';
import { embeddedFigures } from './embedded';
import { bookingFigures, rssMb, settledRssMb, startApp, throughputFigures } from './server';
import { socketFigures } from './sockets';
import { slotsBench } from './slots';
import { reachEngineBench, reachSlotsFigures } from './reach';
import { measureWeb } from './web';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

spawnSync(process.execPath, ['scripts/build-web-if-stale.mjs'], { stdio: 'inherit' });
await buildServerIfStale();
const figures: Figure[] = [];
const notes: Record<string, unknown> = { seconds, rounds, loadAverageAtStart: loadavg() };

figures.push(figure('slot engine, one day with 60 bookings', slotsBench(), 'µs', '≤', 20));
figures.push(figure('reachable slot engine, 4 technicians × 8 jobs', reachEngineBench(), 'µs', '≤', 300));

// The embedded default first (npm start's own database), then PostgreSQL.
const embedded = await embeddedFigures(seconds * 2);
figures.push(...embedded.figures);
Object.assign(notes, embedded.notes);

const database = await freshPostgresDatabase(base);
try {
  // npm start on an empty database (migrations, seed, pg-boss schema), then again on the database it left.
  const fresh = await startApp({ databaseUrl: database.url }, { viaNpm: true });
  await fresh.stop();
  const existing = await startApp({ databaseUrl: database.url }, { viaNpm: true });
  const settled = await settledRssMb(existing).finally(() => existing.stop());
  figures.push(figure('npm start to ready, existing database', existing.readyMs / 1000, 's', '≤', 2));
  figures.push(figure('npm start to ready, fresh database', fresh.readyMs / 1000, 's', '≤', 4));
  figures.push(figure('PostgreSQL: server memory settled after warm-up', settled, 'MB', '≤', 180));
  notes.startupCpuSeconds = { existing: existing.startupCpuS, fresh: fresh.startupCpuS };
  notes.firstAnswerMs = { existing: Math.round(existing.startupMs), fresh: Math.round(fresh.startupMs) };

  const app = await startApp({ databaseUrl: database.url });
  try {
    const throughput = await throughputFigures(app, seconds, rounds);
    figures.push(...throughput.figures);
    Object.assign(notes, throughput.notes);
    const booking = await bookingFigures(app, database.url, seconds * 2);
    figures.push(...booking.figures);
    Object.assign(notes, booking.notes);
    figures.push(figure('PostgreSQL: server memory after the load', rssMb(app.pid), 'MB', '≤', 180));
    const reach = await reachSlotsFigures(app, database.url, seconds, rounds);
    figures.push(...reach.figures);
    Object.assign(notes, reach.notes);
    const sockets = await socketFigures(app, database.url);
    figures.push(...sockets.figures);
    Object.assign(notes, sockets.notes);

    // The web half: first load of / (signed out and in) and Lighthouse 12 mobile on /, /auth, /tracking.
    figures.push(...(await measureWeb(app.url)));
  } finally {
    await app.stop();
  }
} finally {
  await database.drop();
}

notes.loadAverageAtEnd = loadavg();
printFigures(figures);
writeResults('bench/results.json', figures, notes);
console.log(`\nwritten to bench/results.json (load average ${loadavg().map((l) => l.toFixed(1)).join(' / ')} on ${process.env.BENCH_CPUS ?? 'this machine'})`);

if (process.env.BENCH_ANALYTICS !== '0') await analyticsFunnelBench();
