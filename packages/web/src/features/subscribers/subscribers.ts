import { parseTarget, printTarget } from '@herald/protocol';
import type { TargetNode } from '@herald/protocol';
import type { ListDefinition, ListParams } from '../../platform/list/listParams.ts';
import { MEMBER_FILTERS, MEMBER_SORT_KEYS } from '../lists/list.ts';

/**
 * The organization's subscribers screen (`subscribers/all`): a list's members screen without the list, so the
 * same filters (everyone, unsubscribed, invalid), sort keys and paging.
 */
export const subscriberListDefinition: ListDefinition = {
  filters: MEMBER_FILTERS,
  sortKeys: MEMBER_SORT_KEYS,
  defaultSort: 'email',
  defaultOrder: 'asc',
};

/** The URL parameter holding the target expression the screen is filtered by, in its text form. */
export const TARGET_PARAM = 'target';

/** The target of the URL's text, or null for none or for a text that does not parse (a hand-edited link). */
export function targetFromParam(text: string | null): TargetNode | null {
  if (!text || text.trim() === '') return null;
  const parsed = parseTarget(text);
  return parsed.ok ? parsed.tree : null;
}

/** The URL's text for a target; null removes the parameter. */
export function targetParam(tree: TargetNode | null): string | null {
  return tree === null ? null : printTarget(tree);
}

/** The `query` filter (type subscriber) for the screen's params and target. */
export function subscriberQueryFilter(
  params: Pick<ListParams, 'filter'>,
  target: TargetNode | null,
): Record<string, unknown> {
  return {
    ...(params.filter === 'unsubscribed' ? { isUnsubscribed: true } : {}),
    ...(params.filter === 'invalid' ? { isInvalid: true } : {}),
    ...(target !== null ? { target: printTarget(target) } : {}),
  };
}

/** Where a subscriber's profile opens (platform §2: subscribers/{id}). */
export function subscriberProfilePath(organizationId: number, subscriberId: number): string {
  return `/${organizationId}/subscribers/${subscriberId}`;
}
