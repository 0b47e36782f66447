/**
 * A guard entry in the browser's history: a copy of the current entry (same address, same router state) marked
 * as ours, pushed over it. Back from it lands on the page's own entry at the same address, so the router stays
 * on the page and the guard can ask before really leaving. The router ignores the mark: it reads only its own
 * fields of the state.
 */
const GUARD_MARK = 'heraldBackGuard';

function currentState(): Record<string, unknown> {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** Whether the browser is on a guard entry. */
export function isBackGuardEntry(): boolean {
  return currentState()[GUARD_MARK] === true;
}

/** Pushes a guard entry over the current one, unless it is one already. */
export function armBackGuard(): void {
  if (isBackGuardEntry()) return;
  window.history.pushState({ ...currentState(), [GUARD_MARK]: true }, '', window.location.href);
}
