import { INTEGRATIONS_FEATURE, webChannelCommands, type WebChannelKeys } from '@herald/protocol';
import { registerCommand } from '../channels/registry.ts';
import type { Services } from '../services.ts';
import { regenerateIdentitySecret, secretHint, webChannelKeysFor } from './web-channel-keys.ts';

/** Settings › Credentials: administrators, with the integrations feature on, as the rest of that page. */
const access = { kind: 'admin', features: [INTEGRATIONS_FEATURE] } as const;

function scriptUrl(services: Services): string {
  return `${services.config.publicUrl.replace(/\/+$/, '')}/w/herald.js`;
}

/** getWebChannel and regenerateWebChannelSecret (commands/web-channel.ts in the contract). */
export const webChannelSessionCommands = {
  getWebChannel: registerCommand(
    webChannelCommands.getWebChannel,
    access,
    async (params, { services }): Promise<WebChannelKeys> => {
      const keys = await webChannelKeysFor(services.db, params.organizationId);
      return {
        siteKey: keys.siteKey,
        secretHint: secretHint(keys.identitySecret),
        ...(keys.made ? { identitySecret: keys.identitySecret } : {}),
        scriptUrl: scriptUrl(services),
      };
    },
  ),

  regenerateWebChannelSecret: registerCommand(
    webChannelCommands.regenerateWebChannelSecret,
    access,
    async (params, context): Promise<WebChannelKeys> => {
      const { services } = context;
      const keys = await regenerateIdentitySecret(services.db, params.organizationId);
      // That it changed is recorded, never the secret.
      await services.audit.record({
        action: 'webChannel.secretRegenerated',
        organizationId: params.organizationId,
        actorUserId: context.session?.userId ?? null,
        details: {},
        remoteAddress: context.connection.remoteAddress,
      });
      return {
        siteKey: keys.siteKey,
        secretHint: secretHint(keys.identitySecret),
        identitySecret: keys.identitySecret,
        scriptUrl: scriptUrl(services),
      };
    },
  ),
};
