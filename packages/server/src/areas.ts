import { sessionsArea } from './sessions/area.ts';
import { organizationsArea } from './organizations/area.ts';
import { twoFactorArea } from './two-factor/area.ts';
import { accountsArea } from './accounts/area.ts';
import { ssoArea } from './sso/area.ts';
import { organizationAccessArea } from './organization-access/area.ts';
import { notificationsArea } from './notifications/area.ts';
import { queryArea } from './query/area.ts';
import { liveArea } from './live/area.ts';
import { statsArea } from './stats/area.ts';
import { engagementArea } from './engagement/area.ts';
import { jobsArea } from './jobs/area.ts';
import { importsArea } from './imports/area.ts';
import { uploadsArea } from './uploads/area.ts';
import { subscribersArea } from './subscribers/area.ts';
import { listsArea } from './lists/area.ts';
import { customFieldsArea } from './custom-fields/area.ts';
import { exportsArea } from './exports/area.ts';
import { calculationsArea } from './calculations/area.ts';
import { targetsArea } from './targets/area.ts';
import { tagsArea } from './tags/area.ts';
import { audiencesArea } from './audiences/area.ts';
import { campaignsArea } from './campaigns/area.ts';
import { activitiesArea } from './activities/area.ts';
import { templatesArea } from './templates/area.ts';
import { themesArea } from './themes/area.ts';
import { whatsAppTemplatesArea } from './whatsapp-templates/area.ts';
import { assetsArea } from './assets/area.ts';
import { contentBlocksArea } from './content-blocks/area.ts';
import { partitionsArea } from './partitions/area.ts';
import { targetingRulesArea } from './targeting-rules/area.ts';
import { clientErrorsArea } from './client-errors/area.ts';
import { workflowArea } from './workflow/area.ts';
import { triggersArea } from './triggers/area.ts';
import { deliveryArea } from './delivery/area.ts';
import { domainsArea } from './domains/area.ts';
import { credentialsArea } from './credentials/area.ts';
import { trackingArea } from './tracking/area.ts';
import { bouncesArea } from './bounces/area.ts';
import { reportsArea } from './reports/area.ts';
import { sendingErrorsArea } from './sending-errors/area.ts';
import { webChannelArea } from './web-channel/area.ts';
import { runActivityChecks } from './checks/run-activity-checks.ts';
import type { Area } from './area.ts';

/**
 * Every area of the server, in one list: the composition (composition.ts) builds the channels, the resource
 * registry, the job handlers, the background work and the routes from these and nothing else.
 */
export const heraldAreas: readonly Area[] = [
  sessionsArea,
  organizationsArea,
  twoFactorArea,
  accountsArea,
  ssoArea,
  organizationAccessArea,
  notificationsArea,
  queryArea,
  liveArea,
  statsArea,
  engagementArea,
  jobsArea,
  importsArea,
  uploadsArea,
  subscribersArea,
  listsArea,
  customFieldsArea,
  exportsArea,
  calculationsArea,
  targetsArea,
  tagsArea,
  audiencesArea,
  campaignsArea,
  activitiesArea,
  templatesArea,
  themesArea,
  whatsAppTemplatesArea,
  assetsArea,
  contentBlocksArea,
  partitionsArea,
  targetingRulesArea,
  workflowArea({ runActivityChecks }),
  triggersArea,
  deliveryArea,
  domainsArea,
  credentialsArea,
  trackingArea,
  bouncesArea,
  reportsArea,
  sendingErrorsArea,
  webChannelArea,
  clientErrorsArea,
];
