/**
 * The clock the channels and alerts run on. Injected so reconnect schedules, heartbeats and fades can be tested
 * by firing timers by hand instead of waiting for them.
 */
export interface Scheduler {
  /** Milliseconds since the epoch, like Date.now(). */
  now(): number;
  /** Runs `task` once after `delayMs`; the returned function cancels it. */
  after(delayMs: number, task: () => void): () => void;
  /** Runs `task` every `intervalMs`; the returned function stops it. */
  every(intervalMs: number, task: () => void): () => void;
}

export const browserScheduler: Scheduler = {
  now: () => Date.now(),
  after(delayMs, task) {
    const handle = setTimeout(task, delayMs);
    return () => clearTimeout(handle);
  },
  every(intervalMs, task) {
    const handle = setInterval(task, intervalMs);
    return () => clearInterval(handle);
  },
};
