import {
  addressDomain,
  defaultSenderOf,
  HeraldError,
  organizationAccessCommands,
  securitySettingsSchema,
  organizationSettingsIssues,
  type Organization,
} from '@herald/protocol';
import { registerCommand, type CommandContext } from '../channels/registry.ts';
import { checkChannelCredentials, channelCredentialsOf } from '../credentials/channel-credentials.ts';
import { storedWebPushKeys } from '../delivery/transports/vapid-keys.ts';
import { verifiedSendingDomains } from '../domains/default-sender.ts';
import { storedWebChannel } from '../web-channel/web-channel-keys.ts';
import { actingAdministrator } from './admin-guards.ts';
import { parseAllowList, readSecuritySettings, writeSecuritySettings } from './security-settings.ts';

const admin = { kind: 'admin' } as const;

/** An organization's theme, settings and security (PROTOCOL §3, admin only). */
export const organizationSettingsCommands = {
  updateOrganizationName: registerCommand(
    organizationAccessCommands.updateOrganizationName,
    admin,
    async (params, context) => {
      const actorUserId = await actingAdministrator(params, context);
      const renamed = await context.services.db
        .updateTable('organization')
        .set({ name: params.name })
        .where('id', '=', params.organizationId)
        .returning('name')
        .executeTakeFirst();
      if (!renamed) throw new HeraldError('NotFoundError');
      await record(context, 'organization.renamed', params.organizationId, actorUserId, {
        name: params.name,
      });
      return organizationView(context, params.organizationId, actorUserId);
    },
  ),

  updateOrganizationTheme: registerCommand(
    organizationAccessCommands.updateOrganizationTheme,
    admin,
    async (params, context) => {
      const actorUserId = await actingAdministrator(params, context);
      parseJsonObject(params.theme, 'theme');
      await context.services.db
        .updateTable('organization')
        .set({ theme: params.theme, logo_uri: params.logo_uri })
        .where('id', '=', params.organizationId)
        .execute();
      await record(context, 'organization.themeUpdated', params.organizationId, actorUserId, {});
      return organizationView(context, params.organizationId, actorUserId);
    },
  ),

  updateOrganizationSettings: registerCommand(
    organizationAccessCommands.updateOrganizationSettings,
    admin,
    async (params, context) => {
      const actorUserId = await actingAdministrator(params, context);
      const settings =
        typeof params.settings === 'string' ? parseJsonObject(params.settings, 'settings') : params.settings;
      checkSettings(settings);
      await checkDefaultSender(context, params.organizationId, settings);
      const current = await readSecuritySettings(context.services.db, params.organizationId);
      // Each channel's provider (updateChannelCredentials) has its own command; given here it is checked the same
      // way, and left out it is kept, so a page that does not know it cannot drop it.
      const channelCredentials =
        settings.channelCredentials === undefined
          ? await currentChannelCredentials(context, params.organizationId)
          : await checkChannelCredentials(
              context.services.db,
              params.organizationId,
              settings.channelCredentials,
            );
      // Security settings have their own command, audit entry and checks; a general update cannot change them.
      // Nor the VAPID keys (delivery/transports/vapid-keys.ts): every Web Push subscription is bound to them.
      // Nor the web channel's keys (web-channel/web-channel-keys.ts): the organization's site depends on them.
      const stored = await storedSettingsOf(context, params.organizationId);
      const webPush = storedWebPushKeys(stored);
      const webChannel = storedWebChannel(stored);
      const { webPush: _given, webChannel: _givenWebChannel, ...rest } = settings;
      const next = {
        ...rest,
        channelCredentials,
        security: current,
        ...(webPush ? { webPush } : {}),
        ...(webChannel ? { webChannel } : {}),
      };
      await context.services.db
        .updateTable('organization')
        .set({ settings: JSON.stringify(next) })
        .where('id', '=', params.organizationId)
        .execute();
      await record(context, 'organization.settingsUpdated', params.organizationId, actorUserId, {
        keys: Object.keys(settings),
      });
      return organizationView(context, params.organizationId, actorUserId);
    },
  ),

  getSecuritySettings: registerCommand(
    organizationAccessCommands.getSecuritySettings,
    admin,
    async (params, { services }) => readSecuritySettings(services.db, params.organizationId),
  ),

  updateSecuritySettings: registerCommand(
    organizationAccessCommands.updateSecuritySettings,
    admin,
    async (params, context) => {
      const actorUserId = await actingAdministrator(params, context);
      const { sessionId: _sessionId, organizationId, ...changes } = params;
      const current = await readSecuritySettings(context.services.db, organizationId);
      const next = securitySettingsSchema.parse({ ...current, ...changes });
      parseAllowList(next.adminIpAllowList);
      await writeSecuritySettings(context.services.db, organizationId, next);
      await record(context, 'security.updated', organizationId, actorUserId, {
        before: current,
        after: next,
      });
      return next;
    },
  ),
};

/** The sections Herald reads must be readable, or the update is refused and nothing is written. */
function checkSettings(settings: Record<string, unknown>): void {
  const details = organizationSettingsIssues(settings);
  if (details.length > 0) throw new HeraldError('ValidationError', { details });
}

/**
 * A default sender's address must be at one of the organization's verified sending domains or at the shared
 * product domain (docs/guide-administration.md § Default sender). Checked only when it changes: a stored one
 * whose domain has since lost its verification must not block saving the rest (delivery then falls back to the
 * product domain).
 */
async function checkDefaultSender(
  context: CommandContext,
  organizationId: number,
  settings: Record<string, unknown>,
): Promise<void> {
  const sender = defaultSenderOf(settings);
  if (!sender) return;
  const { db, config } = context.services;
  const stored = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const before = defaultSenderOf(stored?.settings);
  if (before?.fromAddress.toLowerCase() === sender.fromAddress.toLowerCase()) return;
  const domain = addressDomain(sender.fromAddress);
  if (domain === config.productMailDomain) return;
  const verified = await verifiedSendingDomains(db, organizationId);
  if (verified.some((row) => row.domain === domain)) return;
  throw new HeraldError('ValidationError', {
    details: [
      {
        path: 'settings.defaultSender.fromAddress',
        message: `Not at a verified sending domain of the organization, nor at ${config.productMailDomain}`,
      },
    ],
  });
}

async function currentChannelCredentials(context: CommandContext, organizationId: number) {
  const row = await context.services.db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return channelCredentialsOf(row?.settings);
}

async function storedSettingsOf(context: CommandContext, organizationId: number) {
  const row = await context.services.db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  return row?.settings;
}

function parseJsonObject(text: string, path: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new HeraldError('ValidationError', { details: [{ path, message: 'Expected a JSON object' }] });
  }
  return value as Record<string, unknown>;
}

async function organizationView(
  context: CommandContext,
  organizationId: number,
  userId: number,
): Promise<Organization> {
  const access = await context.services.organizations.accessOf(userId, organizationId);
  const organization =
    access && (await context.services.organizations.organizationFor(organizationId, access));
  if (!organization) throw new HeraldError('NotFoundError');
  return organization;
}

function record(
  context: CommandContext,
  action:
    | 'organization.renamed'
    | 'organization.themeUpdated'
    | 'organization.settingsUpdated'
    | 'security.updated',
  organizationId: number,
  actorUserId: number,
  details: Record<string, unknown>,
): Promise<void> {
  return context.services.audit.record({
    action,
    organizationId,
    actorUserId,
    details,
    remoteAddress: context.connection.remoteAddress,
  });
}
