import { isFeatureEnabled, type FeatureSettings } from '@herald/protocol';
import type { Kysely } from 'kysely';
import type { Database } from '../database/schema.ts';

/** settings.advanced of an organization or a user, as the access check reads it (platform §3, §6). */
function advancedOf(settings: Record<string, unknown> | undefined): FeatureSettings {
  const advanced = settings?.advanced;
  if (typeof advanced !== 'object' || advanced === null)
    return { enableBetaFeatures: false, featureKeys: '' };
  const { enableBetaFeatures, featureKeys } = advanced as Record<string, unknown>;
  return {
    enableBetaFeatures: enableBetaFeatures === true,
    featureKeys: typeof featureKeys === 'string' ? featureKeys : '',
  };
}

/**
 * Whether every feature is on for a user in an organization. As the web app's guards read them
 * (platform/guards/accessContext.ts): the organization's and the user's own advanced settings together, so a
 * `!key` line in either switches a feature off.
 */
export async function featuresEnabled(
  db: Kysely<Database>,
  organizationId: number,
  userId: number,
  features: readonly string[],
): Promise<boolean> {
  if (features.length === 0) return true;
  const organization = await db
    .selectFrom('organization')
    .select('settings')
    .where('id', '=', organizationId)
    .executeTakeFirst();
  const user = await db
    .selectFrom('user_account')
    .select('settings')
    .where('id', '=', userId)
    .executeTakeFirst();
  const fromOrganization = advancedOf(organization?.settings);
  const fromUser = advancedOf(user?.settings);
  const combined: FeatureSettings = {
    enableBetaFeatures: fromOrganization.enableBetaFeatures || fromUser.enableBetaFeatures,
    featureKeys: [fromOrganization.featureKeys, fromUser.featureKeys].filter(Boolean).join('\n'),
  };
  return features.every((feature) => isFeatureEnabled(feature, combined));
}
