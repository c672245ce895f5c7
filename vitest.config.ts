import { defineConfig } from 'vitest/config';

// API tests run on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set (CI sets it; with CI=true it must be).
const postgresUrl = process.env.TEST_DATABASE_URL;
if (process.env.CI === 'true' && !postgresUrl) {
  throw new Error('CI=true but TEST_DATABASE_URL is not set: the API tests must also run on PostgreSQL.');
}

const apiProject = (name: string, env: Record<string, string>, exclude: string[] = []) => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    exclude: ['apps/api/src/server*.test.ts', ...exclude],
    env,
    pool: 'forks' as const,
    // One database per worker, reused across files (creating a PGlite database costs seconds and hundreds of MB).
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Two workers even on a 2-core machine (Vitest's default there is one): the PGlite files (CPU in the worker) and
    // the PostgreSQL files (CPU shared with the server, waiting on it) run side by side instead of one after the other.
    maxWorkers: 2,
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts', 'scripts/**/*.test.ts'] } },
      // The web's plain modules (session refresh, form values, return-to) in Node; screens are tested in a real browser (e2e/).
      { test: { name: 'web', include: ['apps/web/src/**/*.test.ts'] } },
      // The real server process: durability, shutdown, start-up errors, PostgreSQL and Redis going away, links.
      // One at a time: each starts servers with their own embedded database, which costs seconds of CPU and 300+ MB.
      // Built first and run from dist/ with plain node, as `npm start` runs it (docs/decisions/041).
      {
        test: {
          name: 'api-server',
          include: ['apps/api/src/server*.test.ts'],
          globalSetup: ['apps/api/test/build-api.ts'],
          testTimeout: 180_000,
          fileParallelism: false,
          // After the API projects (a group of its own: one file at a time).
          sequence: { groupOrder: 1 },
        },
      },
      // The fuzzer (a fifth of the API tests' time) runs once: on PostgreSQL when it is there, else on PGlite
      // (docs/decisions/076).
      apiProject('api-pglite', { TEST_DB: 'pglite' }, postgresUrl ? ['apps/api/src/fuzz.test.ts'] : []),
      ...(postgresUrl ? [apiProject('api-postgres', { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl })] : []),
    ],
  },
});
