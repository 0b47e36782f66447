/**
 * WebSocket handshakes are allowed only from the public URL's origin and HERALD_ALLOWED_ORIGINS.
 * Browsers always send Origin on WebSocket handshakes, so a missing Origin is a non-browser client
 * (scripts, tests, other servers); those are let through because they cannot ride a user's cookie.
 */
export function isOriginAllowed(origin: string | undefined, allowedOrigins: ReadonlySet<string>): boolean {
  if (origin === undefined) return true;
  return allowedOrigins.has(origin.toLowerCase());
}

export function allowedOriginSet(publicUrl: string, extra: readonly string[]): ReadonlySet<string> {
  return new Set(
    [new URL(publicUrl).origin, ...extra.map((origin) => new URL(origin).origin)].map((o) => o.toLowerCase()),
  );
}
