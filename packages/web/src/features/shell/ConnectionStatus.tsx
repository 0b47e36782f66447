import { Badge } from '@mantine/core';
import type { MantineColor } from '@mantine/core';
import type { ConnectionStatus as Status } from '../../platform/channel/connectionState.ts';
import { useConnectionState } from '../../platform/channel/useConnectionState.ts';
import { useTranslation } from '../../platform/i18n/useTranslation.ts';
import type { CurrentOrganization } from '../../platform/organization/organizationContext.ts';
import { usePlatform } from '../../platform/platformContext.ts';

const statusColor: Record<Status, MantineColor> = {
  'not-connected': 'gray',
  connected: 'teal',
  authenticated: 'teal',
  retrying: 'yellow',
  closed: 'red',
};

/** The state of the channel the screen depends on: the organization's inside one, the session's elsewhere. */
export function ConnectionStatus({ organization }: { organization: CurrentOrganization | null }) {
  const { t } = useTranslation();
  const { sessionChannel } = usePlatform();
  const { status } = useConnectionState(organization?.channel ?? sessionChannel);
  return (
    <Badge
      variant="light"
      color={statusColor[status]}
      tt="none"
      data-testid="connection-status"
      data-status={status}
      role="status"
      visibleFrom="xs"
    >
      {t(`connection.${status}`)}
    </Badge>
  );
}
