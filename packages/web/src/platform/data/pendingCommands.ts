import type { ChannelClient } from '../channel/channelClient.ts';
import type { CommandMap } from '../channel/commandMap.ts';
import { errorTypeOf } from '../channel/channelError.ts';

/**
 * The data-plane commands search and notifications call (PROTOCOL §3, §4), typed here loosely
 * (they were written beside their zod schemas). Results are read defensively (see the readers beside each
 * screen), so a shape that grows, or a server without the command (UnknownCommand: an empty state), does no harm.
 */
export interface ListResult {
  records: unknown[];
  total: number;
}

export interface CampaignQueryParams {
  organizationId: number;
  query: { type: 'campaign'; search?: string; filter?: Record<string, unknown> };
  limit: number;
  offset: number;
  sortKey?: string;
  sortOrder?: 'asc' | 'desc';
  /** Names the screen asking: a newer query with the same key cancels the older one (QueryCancelledError). */
  queryKey?: string;
}

export interface UserListParams {
  sessionId: string;
  limit?: number;
  offset?: number;
  filter?: Record<string, unknown>;
}

export type DataPlaneOrganizationCommands = {
  query: { params: CampaignQueryParams; result: ListResult };
};

export type DataPlaneSessionCommands = {
  getUserNotifications: { params: UserListParams; result: ListResult };
};

/** The same channel, seen through the data-plane command types above. */
export function dataPlaneChannel<Commands extends CommandMap>(channel: object): ChannelClient<Commands> {
  return channel as unknown as ChannelClient<Commands>;
}

/** A command the server does not know yet (or a screen without data): shown as an empty state, not an error. */
export function isUnknownCommand(error: unknown): boolean {
  return errorTypeOf(error) === 'UnknownCommand';
}

/** `{records, total}` from whatever came back; anything else reads as empty. */
export function listRecords(result: unknown): ListResult {
  if (!result || typeof result !== 'object') return { records: [], total: 0 };
  const { records, total } = result as { records?: unknown; total?: unknown };
  const list = Array.isArray(records) ? records : [];
  return { records: list, total: typeof total === 'number' ? total : list.length };
}
