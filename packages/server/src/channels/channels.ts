import { accountSessionCommands } from '../accounts/commands.ts';
import { liveOrganizationCommands } from '../live/commands.ts';
import { notificationSessionCommands } from '../notifications/commands.ts';
import { queryOrganizationCommands } from '../query/commands.ts';
import { statsOrganizationCommands } from '../stats/commands.ts';
import { jobOrganizationCommands } from '../jobs/commands.ts';
import { importOrganizationCommands } from '../imports/commands.ts';
import { subscriberOrganizationCommands } from '../subscribers/commands.ts';
import { listOrganizationCommands } from '../lists/commands.ts';
import { customFieldOrganizationCommands } from '../custom-fields/commands.ts';
import { exportOrganizationCommands } from '../exports/commands.ts';
import { calculationOrganizationCommands } from '../calculations/commands.ts';
import { targetOrganizationCommands } from '../targets/commands.ts';
import { tagOrganizationCommands } from '../tags/commands.ts';
import { audienceOrganizationCommands } from '../audiences/commands.ts';
import { organizationAccessSessionCommands } from '../organization-access/commands.ts';
import {
  organizationConnectionCommands,
  organizationTokenCommands,
} from '../organizations/organization-commands.ts';
import { sessionLifecycleCommands } from '../sessions/session-commands.ts';
import { ssoSessionCommands } from '../sso/commands.ts';
import { twoFactorSessionCommands } from '../two-factor/commands.ts';
import type { CommandRegistry } from './registry.ts';

/** Every command each channel answers. Areas add their command groups here. */
export const sessionChannelRegistry: CommandRegistry = {
  ...sessionLifecycleCommands,
  ...organizationTokenCommands,
  ...twoFactorSessionCommands,
  ...accountSessionCommands,
  ...ssoSessionCommands,
  ...organizationAccessSessionCommands,
  ...notificationSessionCommands,
};

export const organizationChannelRegistry: CommandRegistry = {
  ...organizationConnectionCommands,
  ...queryOrganizationCommands,
  ...liveOrganizationCommands,
  ...statsOrganizationCommands,
  ...jobOrganizationCommands,
  ...importOrganizationCommands,
  ...subscriberOrganizationCommands,
  ...listOrganizationCommands,
  ...customFieldOrganizationCommands,
  ...exportOrganizationCommands,
  ...calculationOrganizationCommands,
  ...targetOrganizationCommands,
  ...tagOrganizationCommands,
  ...audienceOrganizationCommands,
};
