import { defineConfig } from 'vitest/config';
import { localeGroups } from './packages/web/localeGroups.ts';

// Three projects, one runner: unit tests beside the code, server integration tests that start the real
// server, and browser tests that drive Debian's Chromium against the built web app.
export default defineConfig({
  test: {
    reporters: ['default', './scripts/summary-reporter.ts'],
    projects: [
      {
        // The web app's locale files are split into groups at build time; its unit tests import them alike.
        plugins: [localeGroups()],
        test: {
          name: 'unit',
          include: ['packages/{protocol,server,web}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['packages/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['packages/browser-tests/src/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
