import { defineConfig } from 'vitest/config';
import { localeGroups } from './packages/web/localeGroups.ts';
import { DATABASE_INDEPENDENT_TESTS } from './packages/server/test/support/database-independent.ts';

// Three projects, one runner: unit tests beside the code, server integration tests that start the real
// server, and browser tests that drive Debian's Chromium against the built web app.
//
// Speed on a 2-core machine (docs/contributing.md § Tests): two workers, and no re-import of the module
// graph for each file where the files leave no module state behind. HERALD_TEST_WORKERS sets the workers.
const workers = Number(process.env.HERALD_TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    maxWorkers: workers,
    projects: [
      {
        // The web app's locale files are split into groups at build time; its unit tests import them alike.
        plugins: [localeGroups()],
        test: {
          name: 'unit',
          include: ['packages/{protocol,server,web}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          // On PostgreSQL (CI's second pass) only the files whose outcome can depend on the database.
          exclude: process.env.DATABASE_URL ? DATABASE_INDEPENDENT_TESTS : [],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          isolate: false,
          globalSetup: ['packages/server/test/support/global-setup.ts'],
          setupFiles: ['packages/server/test/support/worker-database.ts'],
        },
      },
      {
        test: {
          name: 'browser',
          include: ['packages/browser-tests/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          isolate: false,
          globalSetup: ['packages/server/test/support/global-setup.ts'],
        },
      },
    ],
  },
});
