import { useQuery } from '@tanstack/react-query';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import { errorTypeOf } from '../../platform/channel/channelError.ts';
import { commandKey } from '../../platform/data/useCommand.ts';
import { dataPlaneChannel, listRecords } from '../../platform/data/pendingCommands.ts';
import type {
  CampaignQueryParams,
  DataPlaneOrganizationCommands,
  ListResult,
} from '../../platform/data/pendingCommands.ts';
import { useCurrentOrganization } from '../../platform/organization/organizationContext.ts';

export interface CampaignQuery {
  search?: string;
  limit: number;
  offset?: number;
  sortKey?: string;
  sortOrder?: 'asc' | 'desc';
  /** The screen asking, so the server cancels its older query when a newer one comes (search as you type). */
  screen?: string;
}

/**
 * Campaigns through the `query` command. A sort the server refuses (ValidationError) is asked again in the
 * default order rather than failing the screen.
 */
export function useCampaignQuery(
  query: CampaignQuery | null,
  options: { placeholderData?: (previous: ListResult | undefined) => ListResult | undefined } = {},
): UseQueryResult<ListResult, ChannelError> {
  const current = useCurrentOrganization();
  const params: CampaignQueryParams | null =
    current && query
      ? {
          organizationId: current.organizationId,
          query: { type: 'campaign', ...(query.search ? { search: query.search } : {}) },
          limit: query.limit,
          offset: query.offset ?? 0,
          ...(query.sortKey ? { sortKey: query.sortKey, sortOrder: query.sortOrder ?? 'desc' } : {}),
          ...(query.screen ? { queryKey: query.screen } : {}),
        }
      : null;
  const channel = current ? dataPlaneChannel<DataPlaneOrganizationCommands>(current.channel) : null;
  return useQuery<ListResult, ChannelError>({
    queryKey: commandKey(channel ?? { key: 'none' }, 'query', params),
    enabled: channel !== null && params !== null,
    ...options,
    queryFn: async () => {
      if (!channel || !params) return { records: [], total: 0 };
      try {
        return listRecords(await channel.request('query', params));
      } catch (error) {
        if (errorTypeOf(error) !== 'ValidationError' || !params.sortKey) throw error;
        const { sortKey: _sortKey, sortOrder: _sortOrder, ...unsorted } = params;
        return listRecords(await channel.request('query', unsorted));
      }
    },
  });
}
