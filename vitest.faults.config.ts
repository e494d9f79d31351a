import { defineConfig } from 'vitest/config';

/**
 * npm run test:faults: the fault suite (src/server/faults) against server processes on a fresh PostgreSQL
 * database of the server in TEST_DATABASE_URL (default the local one). Bounded to 4 minutes in all.
 */
export default defineConfig({
  test: {
    include: ['src/server/faults/*.faults.test.ts'],
    pool: 'forks',
    maxWorkers: 1,
    testTimeout: 200_000,
    hookTimeout: 120_000,
    teardownTimeout: 30_000,
  },
});
