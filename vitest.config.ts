import { defineConfig } from 'vitest/config';
import { TEST_LIMITS, TEST_WORKERS } from './test-limits.js';

/**
 * One runner, four projects: pure unit tests (node and jsdom), the API over real HTTP on PGlite, the same API
 * tests on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests against the built app. Every project runs
 * two files at a time, and waits as long as test-limits.ts says.
 */
const apiTests = ['apps/server/src/**/*.api.test.ts'];
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
/**
 * Unit and API files share their worker's modules instead of importing the server, PGlite and its WebAssembly
 * again for every file (half the CPU time of those projects). They hold no module state of their own: each API
 * file starts its own server and database, and none mocks a module. The jsdom files keep their isolation, since
 * several mock modules.
 */
const sharedModules = { isolate: false };

/** A project's limits (test-limits.ts) and its share of the two workers. */
const limits = (project: keyof typeof TEST_LIMITS) => ({
  maxWorkers: TEST_WORKERS,
  testTimeout: TEST_LIMITS[project].test,
  hookTimeout: TEST_LIMITS[project].hook,
  expect: { poll: { timeout: TEST_LIMITS[project].wait, interval: 100 } },
});

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          ...sharedModules,
          ...limits('unit'),
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...apiTests, '**/node_modules/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          ...limits('web'),
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // The CSS modules' styles are applied, as in the browser: tests read the colours and sizes they give.
          css: { include: [/\.module\.css$/] },
        },
      },
      {
        test: {
          name: 'api-pglite',
          ...sharedModules,
          ...limits('api'),
          include: apiTests,
          globalSetup: ['apps/server/src/test/pglite-snapshot.global.ts'],
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                ...sharedModules,
                ...limits('api'),
                include: apiTests,
                globalSetup: ['apps/server/src/test/postgres-template.global.ts'],
                env: { TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          ...limits('e2e'),
          // Each file starts its own app on its own copy of the prepared data (e2e/support/app.ts), so two run at
          // once, each with its own Chromium.
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/data-dirs.global.ts'],
        },
      },
    ],
  },
});
