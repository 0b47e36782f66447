import type { AccessContext } from '@herald/protocol';
import type { OrganizationToken, StoredSession } from '../session/storedSession.ts';

interface AdvancedSettings {
  enableBetaFeatures: boolean;
  featureKeys: string;
}

function advancedSettings(settings: Record<string, unknown>): AdvancedSettings {
  const advanced = settings.advanced;
  if (typeof advanced !== 'object' || advanced === null)
    return { enableBetaFeatures: false, featureKeys: '' };
  const { enableBetaFeatures, featureKeys } = advanced as Record<string, unknown>;
  return {
    enableBetaFeatures: enableBetaFeatures === true,
    featureKeys: typeof featureKeys === 'string' ? featureKeys : '',
  };
}

/**
 * The user as the access check sees them in one organization. Both the organization and the user can turn on
 * beta features and list feature keys (platform §3); their lists are read together, so a `!key` line in
 * either one switches a feature off.
 */
export function accessContextFor(session: StoredSession, organization: OrganizationToken): AccessContext {
  const fromOrganization = advancedSettings(organization.settings);
  const fromUser = advancedSettings(session.settings);
  return {
    roles: organization.roles,
    capabilities: organization.capabilities,
    organizationId: organization.organization_id,
    email: session.email ?? '',
    partitionsets: organization.partitionsets,
    enableBetaFeatures: fromOrganization.enableBetaFeatures || fromUser.enableBetaFeatures,
    featureKeys: [fromOrganization.featureKeys, fromUser.featureKeys].filter(Boolean).join('\n'),
  };
}
