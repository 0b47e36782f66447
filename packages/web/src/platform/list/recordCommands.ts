import type { ChannelClient } from '../channel/channelClient.ts';
import type { OrganizationCommandMap } from '../channel/commandMap.ts';

/**
 * What the list kit needs of any record: an id, and a version for stale-write checks. Each type's own record
 * is the contract's `ResourceRecord<type>`.
 */
export interface StoredRecord {
  id: number;
  version?: number;
  updatedAt?: string;
  [field: string]: unknown;
}

/** The data-plane commands of PROTOCOL §4 the list kit calls, as the contract defines them. */
export type RecordCommandMap = Pick<OrganizationCommandMap, 'query' | 'writeRecords' | 'addSubscription'>;

/** The `query` param of the query command: type, filter and search. */
export type RecordQuery = RecordCommandMap['query']['params']['query'];

/** What the kit asks records of: the organization channel, or a stand-in in tests. */
export type RecordChannel = ChannelClient<RecordCommandMap>;

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
