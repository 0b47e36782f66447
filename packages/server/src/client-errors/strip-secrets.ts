/**
 * Takes secrets out of text a browser reported before it leaves Herald for a chat room or an error tracker:
 * JWTs (organization tokens), bearer and basic credentials, `token=` / `password=` / `sessionId=` style pairs in
 * URLs, JSON and prose, and long opaque ids such as session ids. Each is replaced by `[redacted]`; what is
 * left is enough to find the bug and nothing to sign in with.
 */
const REDACTED = '[redacted]';

const SECRET_NAMES =
  'password|passwd|pwd|newPassword|otpCode|otpSecret|secret|token|jwt|access_token|refresh_token|id_token|' +
  'sessionId|session_id|sid|apiKey|api_key|cookie|authorization';

const patterns: ReadonlyArray<[RegExp, string]> = [
  // A JWT: three base64url parts, the first one a JSON header ("eyJ").
  [/eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*/g, REDACTED],
  // Authorization headers and the like.
  [/\b(Bearer|Basic|Token)\s+[A-Za-z0-9._~+/=-]+/gi, `$1 ${REDACTED}`],
  // name=value in URLs and form bodies, name: value in prose and headers, "name":"value" in JSON.
  [
    new RegExp(`(["']?\\b(?:${SECRET_NAMES})\\b["']?\\s*[:=]\\s*)("[^"]*"|'[^']*'|[^\\s&,;"'}\\]]+)`, 'gi'),
    `$1${REDACTED}`,
  ],
  // Long opaque strings (session ids are 43 base64url characters, cookies and keys similar).
  [/\b[A-Za-z0-9_-]{32,}\b/g, REDACTED],
];

export function stripSecrets(text: string): string {
  return patterns.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), text);
}
