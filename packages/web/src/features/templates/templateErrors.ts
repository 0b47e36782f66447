import { catalogueError, errorTypeOf } from '../../platform/channel/channelError.ts';
import type { ChannelError } from '../../platform/channel/channelError.ts';
import type { ConnectionState } from '../../platform/channel/connectionState.ts';

/** The errors a request answers when its reply never came: the organization channel could not be reached. */
const CONNECTION_ERRORS: ReadonlySet<string> = new Set([
  'WSConnectionError',
  'WSConnectionRetryError',
  'WSConnectionClosedError',
]);

/** What a template list fetch is, as useTemplateList sees it. */
export interface TemplateFetch {
  /** The organization the list is for; none when the page has no organization. */
  organizationId: number | undefined;
  /** The live fetch's error, if it failed. */
  error: unknown;
  /** Whether a live list has arrived. */
  answered: boolean;
  /** The organization channel's connection. */
  connection: Pick<ConnectionState, 'status' | 'offlineNotified'>;
}

/**
 * Why the template list cannot be fetched (functional §8), in the catalogue's words: "Unable to fetch template
 * list without organization" when there is none, "Unable to get connection to fetch template" when the fetch
 * failed for want of a connection, or while none is there and no live list came (a request then waits for a
 * reconnection that may never come); any other failure as it is. Null when nothing is wrong (yet).
 */
export function templateFetchProblem(fetch: TemplateFetch): ChannelError | null {
  if (fetch.organizationId === undefined) return catalogueError('TemplateListWithoutOrganizationError');
  const type = errorTypeOf(fetch.error);
  if (type !== undefined && CONNECTION_ERRORS.has(type)) return catalogueError('TemplateConnectionError');
  if (fetch.error) return fetch.error as ChannelError;
  const unreachable = fetch.connection.status === 'closed' || fetch.connection.offlineNotified;
  if (!fetch.answered && unreachable) return catalogueError('TemplateConnectionError');
  return null;
}
