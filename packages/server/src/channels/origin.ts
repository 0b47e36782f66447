/**
 * WebSocket handshakes are allowed only from the public URL's origin and HERALD_ALLOWED_ORIGINS.
 * Browsers always send Origin on WebSocket handshakes, so a missing Origin is a non-browser client
 * (scripts, tests, other servers); those are let through because they cannot ride a user's cookie.
 */
export function isOriginAllowed(origin: string | undefined, allowedOrigins: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowedOrigins.has(origin.toLowerCase());
}

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The allowed origins. When the public URL is a loopback address, its other loopback spellings on the same
 * port are allowed too: opening http://127.0.0.1:8080 instead of http://localhost:8080 is the same machine
 * and the same server, and refusing it would leave a local user with a console that cannot connect.
 */
export function allowedOriginSet(publicUrl: string, extra: readonly string[]): ReadonlySet<string> {
  const origins = new Set<string>();
  for (const url of [publicUrl, ...extra].map((text) => new URL(text))) {
    origins.add(url.origin.toLowerCase());
    if (LOOPBACK_NAMES.includes(url.hostname)) {
      for (const name of LOOPBACK_NAMES)
        origins.add(`${url.protocol}//${name}${url.port ? `:${url.port}` : ''}`);
    }
  }
  return origins;
}
