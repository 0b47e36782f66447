import { NATIVE_EDITOR_TEMPLATE_MARKER } from '@herald/protocol';
import type { GuardDecision } from './guards.ts';

const allow: GuardDecision = { kind: 'allow' };

/** Whether a template url names a native editor template (functional §3: its url contains `v5_`). */
export function isNativeEditorTemplate(templateUrl: string | null | undefined): boolean {
  return typeof templateUrl === 'string' && templateUrl.includes(NATIVE_EDITOR_TEMPLATE_MARKER);
}

/**
 * Platform §2 guard 7: an activity's edit page (`activity/edit/{id}`, or its alias
 * `campaign/{campaignId}/edit/{id}`) sends an activity built on a native editor template to the native
 * editor at the same place (`…/editor/{id}`), query and hash kept. The edit page runs it once the activity
 * is read, since the template url is the activity's, not the route's.
 */
export function nativeEditorGuard(
  activity: { templateUrl: string | null },
  location: { pathname: string; search?: string; hash?: string },
): GuardDecision {
  if (!isNativeEditorTemplate(activity.templateUrl)) return allow;
  const editor = location.pathname.replace(/\/edit\/([^/]+)\/?$/, '/editor/$1');
  if (editor === location.pathname) return allow;
  return { kind: 'redirect', to: `${editor}${location.search ?? ''}${location.hash ?? ''}` };
}
