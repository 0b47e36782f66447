import { importRulesOf, subscriberUploadAllowed } from '@herald/protocol';
import type { GuardDecision } from './guards.ts';
import type { RouteDefinition } from './routeDefinition.ts';

const allow: GuardDecision = { kind: 'allow' };

/**
 * Platform §2 guard 10: list import and add-subscriber need the organization's import rules (settings
 * `import.rules`) to allow subscriber upload, for the route's list (`:id`) or globally; a new list needs
 * them not to disallow new lists. A refused user goes to the lists page (the route's fallback) with the
 * catalogue's reason.
 */
export function importRuleGuard(
  route: Pick<RouteDefinition, 'importRule' | 'fallback'>,
  settings: Record<string, unknown> | undefined,
  location: { organizationId: number; listId?: string | undefined },
): GuardDecision {
  if (!route.importRule) return allow;
  const rules = importRulesOf(settings);
  const to = `/${location.organizationId}/${route.fallback ?? 'subscribers'}`;
  if (route.importRule === 'newList') {
    return rules.disallowNewLists
      ? { kind: 'redirect', to, alert: { errorType: 'NewListNotAllowedError' } }
      : allow;
  }
  const listId =
    location.listId !== undefined && /^\d+$/.test(location.listId) ? Number(location.listId) : undefined;
  return subscriberUploadAllowed(rules, listId)
    ? allow
    : { kind: 'redirect', to, alert: { errorType: 'SubscriberUploadNotAllowedError' } };
}
