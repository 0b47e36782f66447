import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs through Fastify's pino. Anything that could carry a secret is censored wherever it
 * appears in a logged object, and request logs carry the path without the query string.
 */
export const REDACTED_PATHS = [
  '*.password',
  '*.newPassword',
  '*.otpCode',
  '*.otpSecret',
  '*.sessionId',
  '*.jwt',
  '*.token',
  '*.recoveryCodes',
  '*.issuerCredential',
  'params.issuerCredential',
  'params.password',
  'params.newPassword',
  'params.otpCode',
  'params.otpSecret',
  'params.sessionId',
  'params.jwt',
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
];

export function loggerOptions(level: string): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; id: string }) => ({
        method: request.method,
        path: request.url.split('?')[0],
        id: request.id,
      }),
    },
  };
}
