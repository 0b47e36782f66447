import {
  CLIENT_ERROR_MAX_BYTES,
  CLIENT_ERROR_PATH,
  HeraldError,
  clientErrorReportSchema,
  type ClientErrorReport,
  type ErrorType,
} from '@herald/protocol';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { allowedOriginSet, isOriginAllowed } from '../channels/origin.ts';
import { clientCookieOf } from '../http/session-cookie.ts';
import type { Services } from '../services.ts';
import { hashSecret } from '../sessions/session-ids.ts';
import { ChatWebhook } from './chat-webhook.ts';
import { createErrorTracker, type ErrorTracker } from './error-tracker.ts';
import { stripSecrets } from './strip-secrets.ts';

const STATUS_OF: Partial<Record<ErrorType, number>> = {
  InvalidSessionError: 401,
  PrivilegesError: 403,
  ValidationError: 400,
};

/**
 * POST /client-errors (platform §7): an uncaught error or unhandled rejection a signed-in browser saw. It is
 * never shown to the user; the server strips secrets from it and forwards it as text to the team chat webhook
 * (HERALD_CHAT_WEBHOOK_URL, at most one post per 10 s, repeats counted) and to the error-reporting service
 * (HERALD_SENTRY_DSN). Needs a live session of this browser (the sessionId in the body, bound to the
 * herald_client cookie like the session channel); bodies over CLIENT_ERROR_MAX_BYTES answer 413. Answers 204.
 */
export async function registerClientErrorRoute(app: FastifyInstance, services: Services): Promise<void> {
  const { config, log } = services;
  const allowedOrigins = allowedOriginSet(config.publicUrl, config.allowedOrigins);
  const chat = config.chatWebhookUrl
    ? new ChatWebhook(config.chatWebhookUrl, log, config.clientErrorChatIntervalMs)
    : undefined;
  let tracker: ErrorTracker | undefined;
  if (config.sentryDsn) {
    try {
      tracker = await createErrorTracker(config.sentryDsn, log);
    } catch (error) {
      log.error({ err: error }, 'HERALD_SENTRY_DSN is set but the error tracker could not start');
    }
  }
  app.addHook('onClose', async () => {
    await Promise.all([chat?.flush(), tracker?.flush()]);
  });

  app.post(CLIENT_ERROR_PATH, { bodyLimit: CLIENT_ERROR_MAX_BYTES }, async (request, reply) => {
    // As the channels and uploads: another site's page cannot post here with a user's cookie.
    if (!isOriginAllowed(request.headers.origin, allowedOrigins))
      return refuse(reply, new HeraldError('PrivilegesError'));
    const parsed = clientErrorReportSchema.safeParse(request.body);
    if (!parsed.success)
      return refuse(
        reply,
        new HeraldError('ValidationError', {
          details: parsed.error.issues.map((issue) => ({
            path: issue.path.map(String).join('.') || 'body',
            message: issue.message,
          })),
        }),
      );
    const report = parsed.data;
    const clientCookie = clientCookieOf(request.cookies);
    let userId: number;
    try {
      ({ userId } = await services.sessions.requireSession(report.sessionId, {
        clientHash: clientCookie ? hashSecret(clientCookie) : null,
      }));
    } catch (error) {
      if (error instanceof HeraldError) return refuse(reply, error);
      throw error;
    }
    const text = reportText(report, userId);
    chat?.report(text);
    tracker?.capture({
      message: stripSecrets(`${report.kind === 'error' ? '' : 'Unhandled rejection: '}${report.message}`),
      ...(report.stack ? { stack: stripSecrets(report.stack) } : {}),
      tags: { userId: String(userId), kind: report.kind, page: stripSecrets(report.page ?? '') },
    });
    if (!chat && !tracker)
      request.log.warn({ userId, report: text }, 'client error (no chat or tracker set)');
    return reply.code(204).send();
  });
}

/** The chat text of one report, every part stripped of secrets. */
function reportText(report: ClientErrorReport, userId: number): string {
  const lines = [
    `${report.kind === 'error' ? 'Uncaught error' : 'Unhandled rejection'}: ${report.message}`,
    `user ${userId}${report.page ? ` on ${report.page}` : ''}`,
    ...(report.userAgent ? [report.userAgent] : []),
    ...(report.stack ? [report.stack.split('\n').slice(0, 8).join('\n')] : []),
  ];
  return stripSecrets(lines.join('\n'));
}

function refuse(reply: FastifyReply, error: HeraldError) {
  return reply.code(STATUS_OF[error.type] ?? 400).send({ error: error.toWire() });
}
