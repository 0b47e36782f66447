import { startTestHerald, type TestHerald } from '@herald/server/testing';

export {
  codeForUser,
  createOrganization,
  createUser,
  enableIntegrations,
  FcmPeer,
  oneTimeCodeIn,
  signedIn,
  SmtpPeer,
  startTestIdentityProvider,
  TEST_PASSWORD,
  unusedCode,
} from '@herald/server/testing';
export type { TestHerald, TestIdentityProvider } from '@herald/server/testing';

/**
 * The real server with the built web app (packages/web/dist), on a free port and its own database.
 * Browsers open `herald.config.publicUrl`, the origin the server allows WebSockets from. `overrides` change
 * its configuration, such as `smtpUrl` for a test that reads the mail Herald sends.
 */
export function startHeraldForBrowser(
  overrides: Parameters<typeof startTestHerald>[0] = {},
): Promise<TestHerald> {
  return startTestHerald(overrides);
}
