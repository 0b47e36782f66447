import { z } from 'zod';

/** Where the web app posts an uncaught error (platform §7: reported to the team, never shown to the user). */
export const CLIENT_ERROR_PATH = '/client-errors';

/** The largest report the server reads; a larger body is refused with 413 before it is parsed. */
export const CLIENT_ERROR_MAX_BYTES = 16 * 1024;

/**
 * The body of POST /client-errors (an HTTP route, not a channel command): the session that saw the error and
 * what the browser knew about it. The server strips secrets from every text before forwarding it.
 */
export const clientErrorReportSchema = z.object({
  sessionId: z.string().min(1).max(128),
  /** `error` for an uncaught exception, `unhandledrejection` for a promise nobody caught. */
  kind: z.enum(['error', 'unhandledrejection']),
  message: z.string().max(4000),
  stack: z.string().max(8000).optional(),
  /** The page's path and query when it happened. */
  page: z.string().max(2000).optional(),
  userAgent: z.string().max(500).optional(),
});
export type ClientErrorReport = z.infer<typeof clientErrorReportSchema>;
