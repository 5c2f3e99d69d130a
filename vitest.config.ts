import { defineConfig } from 'vitest/config';

/**
 * One runner, four projects: pure unit tests (node and jsdom), the API over real HTTP on PGlite, the same API
 * tests on PostgreSQL when TEST_DATABASE_URL is set, and the browser tests against the built app.
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

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          ...sharedModules,
          include: ['packages/*/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...apiTests, '**/node_modules/**'],
          environment: 'node',
          // The four projects run side by side on two cores: a simulator round trip can wait seconds for a turn.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // A jsdom render of a whole screen waits its turn beside the API projects on two cores.
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api-pglite',
          ...sharedModules,
          include: apiTests,
          globalSetup: ['apps/server/src/test/pglite-snapshot.global.ts'],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(onPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                ...sharedModules,
                include: apiTests,
                globalSetup: ['apps/server/src/test/postgres-template.global.ts'],
                env: { TEST_DB: 'postgres' },
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.e2e.test.ts'],
          globalSetup: ['e2e/support/data-dirs.global.ts'],
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
