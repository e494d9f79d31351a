import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@web': fileURLToPath(new URL('./src/web', import.meta.url)),
    },
  },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
    // The PostgreSQL suites (npm run test:pg) and the fault suite (npm run test:faults) run on their own.
    exclude: ['src/**/*.pg.test.ts', 'src/**/*.faults.test.ts', 'node_modules/**'],
    // Integration files open copies of one migrated, seeded template database (src/server/test/template.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    pool: 'forks',
    // Each test file is a short-lived process: compiling PGlite's WebAssembly once with the baseline compiler
    // and never tiering up to the optimising one saves about a third of the CPU of the integration files.
    execArgv: ['--liftoff-only'],
    // The files of a worker share one process (decision 068): the app's modules and PGlite's WebAssembly are
    // loaded once per worker, not once per file (that import was most of the suite's time). Each file still
    // opens its own database copy and app; no test mocks modules or leaves globals behind.
    isolate: false,
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
