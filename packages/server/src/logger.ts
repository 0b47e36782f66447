import { CREDENTIAL_TYPES } from '@herald/protocol';
import type { FastifyServerOptions } from 'fastify';

/** Every secret field of a credential type (CREDENTIAL_TYPES), censored wherever it appears. */
const CREDENTIAL_SECRET_FIELDS = [
  ...new Set(
    Object.values(CREDENTIAL_TYPES).flatMap((type) =>
      type.fields.filter((field) => field.secret).map((field) => field.name),
    ),
  ),
];

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
  ...CREDENTIAL_SECRET_FIELDS.flatMap((name) => [`*.${name}`, `*.values.${name}`, `params.values.${name}`]),
  '*.secrets',
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
