import type { z } from 'zod';
import { accountCommands } from './account.ts';
import { organizationAccessCommands } from './organization-access.ts';
import { liveCommands } from './live.ts';
import { notificationCommands } from './notifications.ts';
import { organizationCommands as connectionCommands } from './organization.ts';
import { queryCommands } from './query.ts';
import { subscriberCommands } from './subscribers.ts';
import { engagementCommands } from './engagement.ts';
import { jobCommands } from './jobs.ts';
import { targetCommands } from './targets.ts';
import { activityCommands } from './activities.ts';
import { templateCommands } from './templates.ts';
import { assetCommands } from './assets.ts';
import { contentBlockCommands } from './content-blocks.ts';
import { workflowCommands } from './workflow.ts';
import { signInCommands } from './sign-in.ts';
import { ssoCommands } from './sso.ts';
import { twoFactorCommands } from './two-factor.ts';
import { domainCommands } from './domains.ts';
import { credentialCommands } from './credentials.ts';
import { reportCommands } from './reports.ts';
import { sendingErrorCommands } from './sending-errors.ts';
import { webChannelCommands } from './web-channel.ts';

export * from './define.ts';
export * from './entities.ts';
export * from './fields.ts';
export { signInCommands } from './sign-in.ts';
export {
  accountCommands,
  userSettingsSchema,
  testProfileSchema,
  type TestProfile,
  userSessionRecordSchema,
  USER_SETTINGS_MAX_BYTES,
  type UserSettings,
  type UserSessionRecord,
} from './account.ts';
export {
  organizationAccessCommands,
  ORGANIZATION_NAME_MAX,
  securitySettingsSchema,
  userAccountSchema,
  auditEntrySchema,
  type SecuritySettings,
  type UserAccount,
} from './organization-access.ts';
export {
  ssoCommands,
  ssoIssuerSchema,
  ssoIssuerInputSchema,
  SSO_ISSUER_TYPES,
  SSO_PENDING_LOGIN_LIFETIME_MS,
  SSO_HANDOFF_LIFETIME_MS,
  type SsoIssuer,
  type SsoIssuerType,
} from './sso.ts';
export { twoFactorCommands } from './two-factor.ts';

/** Every session-channel command, gathered from the area files so each area owns its schemas. */
export const sessionCommands = {
  ...signInCommands,
  ...twoFactorCommands,
  ...accountCommands,
  ...ssoCommands,
  ...organizationAccessCommands,
  ...notificationCommands,
  ...domainCommands,
  ...credentialCommands,
  ...webChannelCommands,
} as const;

/** Every organization-channel command, gathered from the area files. */
export const organizationCommands = {
  ...connectionCommands,
  ...queryCommands,
  ...liveCommands,
  ...subscriberCommands,
  ...engagementCommands,
  ...jobCommands,
  ...targetCommands,
  ...activityCommands,
  ...templateCommands,
  ...assetCommands,
  ...contentBlockCommands,
  ...workflowCommands,
  ...reportCommands,
  ...sendingErrorCommands,
} as const;
export * from './query.ts';
export * from './live.ts';
export * from './subscribers.ts';
export * from './engagement.ts';
export * from './jobs.ts';
export * from './targets.ts';
export * from './activities.ts';
export * from './templates.ts';
export * from './assets.ts';
export * from './content-blocks.ts';
export * from './workflow.ts';
export * from './reports.ts';
export * from './uploads.ts';
export * from './client-errors.ts';
export * from './notifications.ts';
export * from './domains.ts';
export * from './credentials.ts';
export * from './sending-errors.ts';
export * from './web-channel.ts';
export { UNAUTHENTICATED_ORGANIZATION_COMMANDS } from './organization.ts';

export type SessionCommands = typeof sessionCommands;
export type OrganizationCommands = typeof organizationCommands;
export type SessionCommandName = keyof SessionCommands;
export type OrganizationCommandName = keyof OrganizationCommands;

export type CommandParams<Commands, Name extends keyof Commands> = Commands[Name] extends { params: infer P }
  ? P extends z.ZodType
    ? z.input<P>
    : never
  : never;
export type CommandResult<Commands, Name extends keyof Commands> = Commands[Name] extends { result: infer R }
  ? R extends z.ZodType
    ? z.output<R>
    : never
  : never;

/** Every command of the contract, by channel, for the docs generator and the registry's completeness test. */
export const allCommands = { session: sessionCommands, organization: organizationCommands } as const;
