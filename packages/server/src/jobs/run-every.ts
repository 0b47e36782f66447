/**
 * Runs `work` every `intervalMs` in this process, one run at a time (a slow run delays the next instead of
 * overlapping it), logging a failure through `onError` and going on. The timer does not keep the process
 * alive. Answers the function that stops it, which waits for a run under way.
 */
export function runEvery(
  intervalMs: number,
  work: () => Promise<unknown>,
  onError: (error: unknown) => void,
): () => Promise<void> {
  let running: Promise<unknown> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(work).catch(onError);
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
