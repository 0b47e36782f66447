import { useQueryClient } from '@tanstack/react-query';
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
  const queryClient = useQueryClient();
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
    // The server tells open connections at once when the user's access changes (PROTOCOL §4): new roles
    // refresh the token and profile the navigation and guards read; a revoke or an ended session leaves.
    const stopPushes = client.onPush((frame) => {
      if (frame.event === 'accessChanged' || frame.event === 'authenticationRevoked') {
        void queryClient.invalidateQueries({ queryKey: [sessionChannel.key, 'getOrganizationToken'] });
        void queryClient.invalidateQueries({ queryKey: [sessionChannel.key, 'getUserProfile'] });
      }
      if (frame.event === 'authenticationRevoked') {
        if (revokedBecause(frame.data) === 'sessionEnded') sessionStore.signOut('expired');
        else setRefusedFor(organizationId);
      }
    });
    client.start();
    return () => {
      stopAlerts();
      stopRefusals();
      stopPushes();
      organizationChannel.close();
    };
  }, [organizationChannel, alerts, organizationId, queryClient, sessionChannel, sessionStore]);
  return {
    channel: organizationChannel?.client ?? null,
    refused: refusedFor !== null && refusedFor === organizationId,
  };
}

function revokedBecause(data: unknown): string | undefined {
  return typeof data === 'object' && data !== null
    ? String((data as { reason?: unknown }).reason)
    : undefined;
}
