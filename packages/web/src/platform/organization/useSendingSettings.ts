import { readSendingSettings } from '@herald/protocol';
import type { SendingSettings } from '@herald/protocol';
import { useMemo } from 'react';
import { useCurrentOrganization } from './organizationContext.ts';

/**
 * The current organization's sending settings (its time zone, its throttle ceilings per channel), read from
 * the settings its token carried; the defaults (UTC, 60,000 a minute) outside an organization.
 */
export function useSendingSettings(): SendingSettings {
  const settings = useCurrentOrganization()?.organization.settings;
  return useMemo(() => readSendingSettings(settings ?? {}), [settings]);
}
