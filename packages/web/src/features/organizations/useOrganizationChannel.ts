import { useEffect, useMemo, useState } from 'react';
import { createOrganizationChannel } from '../../platform/channel/organizationChannel.ts';
import type { OrganizationChannelClient } from '../../platform/channel/organizationChannel.ts';
import { reportConnectionAlerts } from '../../platform/channel/reportConnectionAlerts.ts';
import { usePlatform } from '../../platform/platformContext.ts';

/**
 * The organization's channel for as long as its pages are open, and whether it refused to authenticate
 * (the token was not accepted: guard 4 then sends the user back to the organization chooser).
 */
export function useOrganizationChannel(organizationId: number | null): {
  channel: OrganizationChannelClient | null;
  refused: boolean;
} {
  const { sessionChannel, sessionStore, alerts, page, scheduler } = usePlatform();
  const [refusedFor, setRefusedFor] = useState<number | null>(null);
  // Made during render but inert until started; the effect owns the connection.
  const organizationChannel = useMemo(
    () =>
      organizationId === null
        ? null
        : createOrganizationChannel({ organizationId, sessionChannel, sessionStore, page, scheduler }),
    [organizationId, sessionChannel, sessionStore, page, scheduler],
  );
  useEffect(() => {
    if (!organizationChannel) return;
    const { client } = organizationChannel;
    const stopAlerts = reportConnectionAlerts('organization', client, alerts, () => true);
    const stopRefusals = client.onAuthenticationFailed((error) => {
      // An ended session is the session guard's to handle; anything else is this organization refusing.
      if (error.type !== 'InvalidSessionError') setRefusedFor(organizationId);
    });
    client.start();
    return () => {
      stopAlerts();
      stopRefusals();
      organizationChannel.close();
    };
  }, [organizationChannel, alerts, organizationId]);
  return {
    channel: organizationChannel?.client ?? null,
    refused: refusedFor !== null && refusedFor === organizationId,
  };
}
