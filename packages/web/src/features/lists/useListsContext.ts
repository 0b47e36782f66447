import { importRulesOf, subscriberUploadAllowed } from '@herald/protocol';
import type { ImportRules } from '@herald/protocol';
import { useCallback, useMemo } from 'react';
import { catalogueError } from '../../platform/channel/channelError.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';
import { resourceAccess } from '../../platform/resources/resources.ts';

/** What the list screens need of the organization: who may manage, and what the import rules allow. */
export interface ListsContext {
  organization: CurrentOrganization;
  base: string;
  /** Functional §6: imports, new lists and new subscribers are for those who may write lists. */
  canManage: boolean;
  rules: ImportRules;
  uploadAllowed: (listId?: number) => boolean;
}

export function useListsContext(): ListsContext {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('The list screens are organization pages');
  return useMemo(() => {
    const rules = importRulesOf(organization.organization.settings);
    return {
      organization,
      base: `/${organization.organizationId}`,
      canManage: resourceAccess('list', organization.access).canWrite,
      rules,
      uploadAllowed: (listId?: number) => subscriberUploadAllowed(rules, listId),
    };
  }, [organization]);
}

/**
 * A fresh organization token for an HTTP upload or extract (platform §7): asked for just before, like the
 * channel does, so one about to expire is never sent.
 */
export function useFreshOrganizationToken(): () => Promise<string> {
  const { sessionChannel, sessionStore } = usePlatform();
  const organization = useCurrentOrganization();
  const organizationId = organization?.organizationId;
  return useCallback(async () => {
    const { sessionId } = sessionStore.get();
    if (!sessionId || organizationId === undefined) throw catalogueError('InvalidSessionError');
    const { token, organization: facts } = await sessionChannel.request('getOrganizationToken', {
      sessionId,
      organizationId,
    });
    sessionStore.saveOrganizationToken(token, facts);
    return token;
  }, [sessionChannel, sessionStore, organizationId]);
}
