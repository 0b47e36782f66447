import { z } from 'zod';
import { defineCommand } from './define.ts';
import { organizationIdField, sessionIdField } from './fields.ts';

const adminParams = z.object({ sessionId: sessionIdField, organizationId: organizationIdField });

/**
 * The organization's web channel keys as its administrators see them (docs/architecture.md § The web channel):
 * the public site key, the identity secret as a mask, and the secret in full only from the call that made or
 * replaced it.
 */
export const webChannelKeysSchema = z.object({
  siteKey: z.string(),
  /** A mask and the secret's last four characters. */
  secretHint: z.string(),
  /** The identity secret itself: answered only when this call made it, so it is seen once. */
  identitySecret: z.string().optional(),
  /** The script the site includes: `{public URL}/w/herald.js`. */
  scriptUrl: z.string(),
});
export type WebChannelKeys = z.infer<typeof webChannelKeysSchema>;

/** Settings › Credentials, the web channel: administrators, with the integrations feature on. */
export const webChannelCommands = {
  getWebChannel: defineCommand({
    channel: 'session',
    description:
      'The organization’s web channel keys (on-site messages, docs/http.md § Web channel): the public site key the ' +
      'site’s script sends, the identity secret its server signs subscriber refs with (HMAC-SHA256, hex), shown ' +
      'as a mask, and the script’s URL. Made at the first call, which alone answers identitySecret in full. ' +
      'System.Admin of the organization, with the integrations feature on.',
    params: adminParams,
    result: webChannelKeysSchema,
  }),
  regenerateWebChannelSecret: defineCommand({
    channel: 'session',
    description:
      'Replaces the web channel’s identity secret and answers it in full, once; the site key stays. Signatures made ' +
      'with the old secret are refused from then on. Recorded in the audit log. System.Admin of the ' +
      'organization, with the integrations feature on.',
    params: adminParams,
    result: webChannelKeysSchema,
  }),
};
