import type { FastifyBaseLogger } from 'fastify';

/** A Sentry-compatible error-reporting service, reached through the well-kept SDK (@sentry/node). */
export interface ErrorTracker {
  capture(report: { message: string; stack?: string; tags: Record<string, string> }): void;
  flush(): Promise<void>;
}

/**
 * A client of its own rather than `Sentry.init`: nothing global, so the server's own process is not
 * instrumented behind its back and several servers in one test process keep their own DSNs. The SDK is
 * loaded only when a DSN is configured, so a server without one never pays for it.
 */
export async function createErrorTracker(dsn: string, log: FastifyBaseLogger): Promise<ErrorTracker> {
  const Sentry = await import('@sentry/node');
  const client = new Sentry.NodeClient({
    dsn,
    transport: Sentry.makeNodeTransport,
    stackParser: Sentry.defaultStackParser,
    integrations: [],
  });
  client.init();
  const scope = new Sentry.Scope();
  scope.setClient(client);
  return {
    capture({ message, stack, tags }) {
      try {
        scope.captureEvent({
          message,
          level: 'error',
          platform: 'javascript',
          logger: 'herald.client',
          tags,
          ...(stack ? { extra: { stack } } : {}),
        });
      } catch (error) {
        log.warn({ err: error }, 'error tracker refused a client error');
      }
    },
    async flush() {
      await client.flush(5_000);
    },
  };
}
