import type { SortOrder } from '@herald/protocol';
import type { ChannelClient } from '../channel/channelClient.ts';
import type { OrganizationChannelClient } from '../channel/organizationChannel.ts';

/** A record as the organization channel carries it: an id, a version for stale-write checks, and fields. */
export interface StoredRecord {
  id: number;
  version?: number;
  updatedAt?: string;
  [field: string]: unknown;
}

/** The `query` param of the query command (PROTOCOL §4). */
export interface RecordQuery {
  type: string;
  filter?: Record<string, unknown>;
  search?: string;
}

/**
 * The data-plane commands of PROTOCOL §4 as the list kit calls them. Written out here so the kit does not
 * depend on the order in which the contract's files fill in; the shapes are the contract's.
 */
export type RecordCommandMap = {
  query: {
    params: {
      organizationId: number;
      query: RecordQuery;
      limit: number;
      offset: number;
      sortKey?: string;
      sortOrder?: SortOrder;
      /** Names the screen asking, so a newer query of the same screen cancels the older one. */
      queryKey?: string;
    };
    result: { records: StoredRecord[]; total: number };
  };
  writeRecords: {
    params: { organizationId: number; type: string; data: Array<Record<string, unknown>> };
    result: { records: StoredRecord[] };
  };
  addSubscription: {
    params: { organizationId: number; query: { type: string } };
    result: { subscriptionId?: string | number };
  };
};

export type RecordChannel = ChannelClient<RecordCommandMap>;

/** The organization channel, asked for records. */
export function recordChannel(channel: OrganizationChannelClient): RecordChannel {
  return channel as unknown as RecordChannel;
}

/** A `records` push (PROTOCOL §2): records of a type changed in the organization. */
export interface RecordsPush {
  organizationId: number;
  type: string;
  records: StoredRecord[];
}

export function recordsPushOf(frame: {
  event: string;
  organizationId?: unknown;
  data?: unknown;
}): RecordsPush | null {
  if (frame.event !== 'records') return null;
  const data = frame.data as { type?: unknown; records?: unknown } | undefined;
  if (!data || typeof data.type !== 'string' || !Array.isArray(data.records)) return null;
  return {
    organizationId: Number(frame.organizationId),
    type: data.type,
    records: data.records.filter(
      (record): record is StoredRecord => typeof record === 'object' && record !== null && 'id' in record,
    ),
  };
}
