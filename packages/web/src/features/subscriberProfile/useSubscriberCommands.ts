import { useQueryClient } from '@tanstack/react-query';
import { useCommandMutation } from '../../platform/data/useCommand.ts';
import { recordsKey } from '../../platform/list/useRecords.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';

/** After a change the subscriber, its lists and its history are read again (pushes may also arrive). */
function useRefreshProfile(): () => void {
  const organization = useCurrentOrganization();
  const queryClient = useQueryClient();
  return () => {
    if (!organization) return;
    for (const type of ['subscriber', 'listMembership', 'subscriberEvent'] as const) {
      void queryClient.invalidateQueries({ queryKey: recordsKey(organization.channel, type) });
    }
  };
}

/** updateSubscriber, setSubscriberStatus and anonymizeSubscriber on the organization channel. */
export function useSubscriberCommands(
  onDone: { status?: () => void; update?: () => void; anonymize?: () => void } = {},
) {
  const organization = useCurrentOrganization();
  if (!organization) throw new Error('useSubscriberCommands is for organization pages');
  const refresh = useRefreshProfile();
  const update = useCommandMutation(organization.channel, 'updateSubscriber', {
    onSuccess: () => {
      refresh();
      onDone.update?.();
    },
  });
  const status = useCommandMutation(organization.channel, 'setSubscriberStatus', {
    onSuccess: () => {
      refresh();
      onDone.status?.();
    },
  });
  const anonymize = useCommandMutation(organization.channel, 'anonymizeSubscriber', {
    onSuccess: () => {
      refresh();
      onDone.anonymize?.();
    },
  });
  return { organizationId: organization.organizationId, update, status, anonymize };
}
