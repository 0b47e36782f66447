/**
 * Server test files whose outcome cannot depend on which database serves Herald: they open none (transports
 * against local peers, MIME, the SMTP pool, a CSV parser, a child process that holds a message), or they
 * always open the embedded database whatever DATABASE_URL says. CI's PostgreSQL pass leaves them out
 * (vitest.config.ts); docs/contributing.md § Which tests run on which database.
 */
export const DATABASE_INDEPENDENT_TESTS = [
  // No database at all.
  'held-back-message',
  'imports-csv',
  'line-transport',
  'mime-message',
  'push-transport',
  'sms-transport',
  'smtp-pool',
  'whatsapp-transport',
  // The embedded database always: its directory, its thread, a migration on memory://.
  'embedded-database',
  'scheduler-migration',
  'workflow-abandoned-checks',
].map((name) => `packages/server/test/${name}.test.ts`);
