import { startTestHerald, type TestHerald } from '@herald/server/testing';

export { createOrganization, createUser, TEST_PASSWORD } from '@herald/server/testing';
export type { TestHerald };

/**
 * The real server with the built web app (packages/web/dist), on a free port and its own database.
 * Browsers open `herald.config.publicUrl`, the origin the server allows WebSockets from.
 */
export function startHeraldForBrowser(): Promise<TestHerald> {
  return startTestHerald();
}
