/**
 * The editor's undo history: every change of the draft is a step, except that steps of one burst of typing in
 * one field (`burst`: the field's name) merge, so undo takes back a word's worth rather than a letter.
 */
export interface EditHistory<T> {
  past: T[];
  present: T;
  future: T[];
  /** The field of the last step, while its burst of typing lasts. */
  burst: string | undefined;
}

/** The most steps kept; the oldest go first. */
export const HISTORY_LIMIT = 200;

export function startHistory<T>(present: T): EditHistory<T> {
  return { past: [], present, future: [], burst: undefined };
}

export function recordStep<T>(history: EditHistory<T>, next: T, burst?: string): EditHistory<T> {
  if (Object.is(next, history.present)) return history;
  if (burst !== undefined && burst === history.burst) return { ...history, present: next, future: [] };
  return {
    past: [...history.past, history.present].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    burst,
  };
}

/** Ends a burst of typing, so the next keystroke starts a new step (on leaving a field, or after a pause). */
export function endBurst<T>(history: EditHistory<T>): EditHistory<T> {
  return history.burst === undefined ? history : { ...history, burst: undefined };
}

export function undo<T>(history: EditHistory<T>): EditHistory<T> {
  const previous = history.past.at(-1);
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    burst: undefined,
  };
}

export function redo<T>(history: EditHistory<T>): EditHistory<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return { past: [...history.past, history.present], present: next, future, burst: undefined };
}
