/**
 * npm run bench:reach: only the reachable-slots figures of `npm run bench` (the engine, then available-slots
 * with a location beside the health check on a fresh PostgreSQL database), with the load average beside
 * them: a quick before/after for a change to the slot path. Same settings as bench/run.ts; results.json is
 * left alone (the full run writes it).
 */
import { loadavg } from 'node:os';
import { buildServerIfStale } from '../scripts/build-server.mjs';
import { freshPostgresDatabase } from '../src/server/test/postgres';
import { figure, printFigures, type Figure } from './figures';
import { reachEngineBench, reachSlotsFigures } from './reach';
import { startApp } from './server';

const seconds = Number(process.env.BENCH_SECONDS ?? 4);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const load = () => loadavg().map((l) => l.toFixed(1)).join(' / ');

await buildServerIfStale();
const atStart = load();
const figures: Figure[] = [figure('reachable slot engine, 4 technicians × 8 jobs', reachEngineBench(), 'µs', '≤', 300)];
const database = await freshPostgresDatabase(base);
try {
  const app = await startApp({ databaseUrl: database.url });
  try {
    const reach = await reachSlotsFigures(app, database.url, seconds, rounds);
    figures.push(...reach.figures);
    console.log(JSON.stringify(reach.notes));
  } finally {
    await app.stop();
  }
} finally {
  await database.drop();
}
printFigures(figures);
console.log(`\nload average ${atStart} at the start, ${load()} at the end (1 / 5 / 15 min, on ${process.env.BENCH_CPUS ?? 'this machine'})`);
