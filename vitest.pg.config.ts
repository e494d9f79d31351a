import { defineConfig } from 'vitest/config';

/**
 * The PostgreSQL suites: concurrency and multi-instance tests (*.pg.test.ts) plus every server integration
 * suite again, each file on a fresh database of the server in TEST_DATABASE_URL.
 */
export default defineConfig({
  test: {
    include: ['src/server/**/*.test.ts'],
    // The fault suite starts server processes of its own: npm run test:faults.
    exclude: ['src/server/**/*.faults.test.ts', 'node_modules/**'],
    // Integration files open copies of one migrated, seeded template database (src/server/test/template.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    // A test fails that sent a query on a client while another was under way on it (pg 9 refuses that).
    setupFiles: ['src/server/test/one-query-at-a-time.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
