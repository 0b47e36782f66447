import { CREDENTIAL_LIMIT, HeraldError, INTEGRATIONS_FEATURE, credentialCommands } from '@herald/protocol';
import type { AuditAction } from '../audit/audit-log.ts';
import { registerCommand, type CommandContext } from '../channels/registry.ts';
import { channelCredentialsOf, updateChannelCredentials } from './channel-credentials.ts';
import { testConnection } from './connection-test.ts';
import {
  createCredential,
  deleteCredential,
  getCredential,
  listCredentials,
  openCredential,
  updateCredential,
} from './credential-store.ts';

/** Platform §6: the credential pages are administrators' and need the integrations feature. */
const access = { kind: 'admin', features: [INTEGRATIONS_FEATURE] } as const;

/**
 * The credentials vault (docs/architecture.md § Credentials and providers). Secrets are never answered, never
 * logged, never in an error.
 */
export const credentialSessionCommands = {
  listCredentials: registerCommand(
    credentialCommands.listCredentials,
    access,
    async (params, { services }) => {
      const organization = await services.db
        .selectFrom('organization')
        .select('settings')
        .where('id', '=', params.organizationId)
        .executeTakeFirstOrThrow();
      return {
        credentials: await listCredentials(services.db, params.organizationId),
        limit: CREDENTIAL_LIMIT,
        channelCredentials: channelCredentialsOf(organization.settings),
      };
    },
  ),

  getCredential: registerCommand(credentialCommands.getCredential, access, (params, { services }) =>
    getCredential(services.db, params.organizationId, params.id),
  ),

  createCredential: registerCommand(credentialCommands.createCredential, access, async (params, context) => {
    const id = await createCredential(context.services.db, params.organizationId, params);
    await record(context, 'credential.created', params.organizationId, { id, type: params.type });
    return getCredential(context.services.db, params.organizationId, id);
  }),

  updateCredential: registerCommand(credentialCommands.updateCredential, access, async (params, context) => {
    await updateCredential(context.services.db, params.organizationId, params.id, params);
    // Which fields changed is recorded, never their values.
    await record(context, 'credential.updated', params.organizationId, {
      id: params.id,
      fields: Object.keys(params.values),
    });
    return getCredential(context.services.db, params.organizationId, params.id);
  }),

  deleteCredential: registerCommand(credentialCommands.deleteCredential, access, async (params, context) => {
    await deleteCredential(context.services.db, params.organizationId, params.id);
    await record(context, 'credential.deleted', params.organizationId, { id: params.id });
    return { deleted: true as const };
  }),

  testCredential: registerCommand(credentialCommands.testCredential, access, async (params, context) => {
    // Functional §8: only a saved credential is tested; the form's unsaved values never are.
    if (params.id === undefined) throw new HeraldError('CredentialNotSavedError');
    const credential = await openCredential(context.services.db, params.organizationId, params.id);
    const result = await testConnection(credential);
    await record(context, 'credential.tested', params.organizationId, { id: params.id, ok: result.ok });
    return result;
  }),

  updateChannelCredentials: registerCommand(
    credentialCommands.updateChannelCredentials,
    access,
    async (params, context) => {
      const channelCredentials = await updateChannelCredentials(
        context.services.db,
        params.organizationId,
        params.channelCredentials,
      );
      await record(context, 'credential.channelsUpdated', params.organizationId, { channelCredentials });
      return { channelCredentials };
    },
  ),
};

function record(
  context: CommandContext,
  action: AuditAction,
  organizationId: number,
  details: Record<string, unknown>,
): Promise<void> {
  return context.services.audit.record({
    action,
    organizationId,
    actorUserId: context.session?.userId ?? null,
    details,
    remoteAddress: context.connection.remoteAddress,
  });
}
