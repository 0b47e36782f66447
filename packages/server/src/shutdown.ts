/**
 * How long a server asked to stop (SIGTERM, Ctrl-C, its launcher's end) may take: it ends within 10 s, the wait
 * container runtimes give before they kill (docs/operations.md § Shutdown). main.ts exits at the limit whatever
 * is still running; a server ended so has its database recovered from its log at the next start.
 */
export const SHUTDOWN_LIMIT_MS = 9_500;

/**
 * How long the running work (jobs at their next batch, the demo fill at its next slice, the sockets, the list
 * recounts) has to stop by itself before the database is closed under it. What is left then is a statement
 * still running: the embedded database closes after it, before the limit in all but a pathological case.
 */
export const SHUTDOWN_GRACE_MS = 6_000;
