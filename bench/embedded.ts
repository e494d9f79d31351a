/**
 * The embedded default (PGlite in DATA_DIR, demo data) as `npm start` runs it: start-up time and the server's
 * peak resident memory on a new data folder and on the folder it left, resident memory once settled and after
 * a booking load, and bookings/s by 50 clients through the real hold path with the capacity rule re-counted
 * afterwards (decision 045). PGlite has one owner, so the bench opens the folder itself only while the
 * server is stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { figure, reading, type Figure } from './figures';
import { bookingLoad, countBookingDays, openBookingDays, rssMb, settledRssMb, startApp, type BenchSql } from './server';

async function withDataDir<T>(dataDir: string, use: (sql: BenchSql) => Promise<T>): Promise<T> {
  const db = new PGlite({ dataDir });
  try {
    return await use(async (text, values) => (await db.query<Record<string, unknown>>(text, values)).rows);
  } finally {
    await db.close();
  }
}

export async function embeddedFigures(seconds: number): Promise<{ figures: Figure[]; notes: Record<string, unknown> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'glint-bench-data-'));
  try {
    const fresh = await startApp({ dataDir }, { viaNpm: true });
    await fresh.stop();
    await withDataDir(dataDir, openBookingDays);
    const existing = await startApp({ dataDir }, { viaNpm: true });
    let settled: number;
    let afterLoad: number;
    let load: Awaited<ReturnType<typeof bookingLoad>>;
    try {
      settled = await settledRssMb(existing);
      load = await bookingLoad(existing, seconds);
      afterLoad = rssMb(existing.pid);
    } finally {
      await existing.stop();
    }
    const counted = await withDataDir(dataDir, countBookingDays);
    return {
      figures: [
        figure('embedded: npm start to ready, existing data folder', existing.readyMs / 1000, 's', '≤', 2),
        figure('embedded: npm start to ready, new data folder', fresh.readyMs / 1000, 's', '≤', 4),
        figure('embedded: server memory peak during start-up (new folder)', fresh.startupPeakRssMb, 'MB', '≤', 400),
        figure('embedded: server memory peak during start-up (existing)', existing.startupPeakRssMb, 'MB', '≤', 400),
        figure('embedded: server memory settled after warm-up', settled, 'MB', '≤', 250),
        figure('embedded: server memory after the booking load', afterLoad, 'MB', '≤', 400),
        reading('embedded: bookings created/s (50 clients, 10 days)', load.created / seconds, 'per s'),
        figure('embedded: steps over capacity after the run', counted.stepsOver, 'steps', '≤', 0),
      ],
      notes: {
        embedded: {
          firstAnswerMs: { fresh: Math.round(fresh.startupMs), existing: Math.round(existing.startupMs) },
          startupCpuSeconds: { fresh: fresh.startupCpuS, existing: existing.startupCpuS },
          bookings: { requestsPerSecond: load.requestsPerSecond, statusCodes: load.codes, bookingsInDb: counted.bookings, latencyP99: load.latencyP99, errors: load.errors },
        },
      },
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `tsx bench/embedded.ts`: the embedded figures alone. */
if (import.meta.url === `file://${process.argv[1]}`) {
  const { printFigures } = await import('./figures');
  const { buildServerIfStale } = await import('../scripts/build-server.mjs');
  const { buildWebIfStale } = await import('../scripts/build-web-if-stale.mjs');
  buildWebIfStale();
  await buildServerIfStale();
  const result = await embeddedFigures(Number(process.env.BENCH_SECONDS ?? 4) * 2);
  printFigures(result.figures);
  console.log(JSON.stringify(result.notes, null, 2));
}
