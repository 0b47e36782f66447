import type { AccessRequirement } from '@herald/protocol';
import type { ComponentType } from 'react';

/** public: no session (platform §2 guard 1); session: a valid session; organization: also an organization token. */
export type RouteScope = 'public' | 'session' | 'organization';

/**
 * One screen of the route table: the router, the navigation, the page title and the guards all read it, so
 * a requirement is declared once, beside the page it protects.
 */
export interface RouteDefinition {
  id: string;
  /** The React Router pattern, from the root: '/login', '/:organization/dashboard'. */
  path: string;
  scope: RouteScope;
  titleKey: string;
  page: ComponentType;
  /** What the user must have in the organization (capabilities, feature flags, roles; platform §6). */
  requires?: AccessRequirement;
  /** Where a user without `requires` is sent, relative to the organization; the parent path when absent. */
  fallback?: string;
  /**
   * How a refusal reads: 'Access not allowed' (guard 5, the default), or 'Access to {title} not allowed'
   * naming this page (guard 6, the rules page).
   */
  refusal?: 'generic' | 'named';
  /**
   * Shown as a modal overlay over another page (platform §2): `fallback` is the id of that page's route. A
   * link from it keeps it behind the overlay; a direct visit renders it behind; closing returns to it with
   * the query string (its list state) kept.
   */
  modal?: { fallback: string };
  /**
   * Platform §2 guard 10: the organization's import rules (settings `import.rules`) must allow this:
   * subscriber upload (to the route's `:id` list, or globally) or new lists. Refused users go to `fallback`.
   */
  importRule?: 'subscriberUpload' | 'newList';
  /** Shown in the organization navigation with this label, under the Settings heading when `group` says so. */
  navigation?: { labelKey: string; group?: NavigationGroup };
}

/** A heading of the organization navigation that gathers pages. */
export type NavigationGroup = 'settings';
