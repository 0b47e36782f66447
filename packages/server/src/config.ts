import path from 'node:path';
import { ERROR_CHAT_INTERVAL_MS } from '@herald/protocol';
import ipaddr from 'ipaddr.js';

/** Everything the server reads from its environment, in one place (docs/configuration.md). */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  allowedOrigins: string[];
  /**
   * Reverse proxies whose X-Forwarded-For is believed (addresses, CIDR ranges, or loopback / linklocal /
   * uniquelocal): the client address that throttling, the audit log and the admin IP allow-list see is then
   * the one the proxy reports. Empty: the header is ignored, as anyone could send it.
   */
  trustedProxies: string[];
  /**
   * WebSockets one client address (IPv6: its /64) may hold open in this process; handshakes past it are refused
   * with 429 (channels/address-sockets.ts). HERALD_MAX_SOCKETS_PER_ADDRESS.
   */
  maxSocketsPerAddress: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** PGlite's directory under the data directory, or `memory://` for tests. */
  pgliteDataDir: string;
  demoPassword: string | undefined;
  seedDemoData: boolean;
  webDistDir: string;
  logLevel: string;
  /** Given secrets; missing ones are generated into the data directory (see secrets.ts). */
  jwtSecret: string | undefined;
  vaultKey: string | undefined;
  /**
   * Vault keys that came before HERALD_VAULT_KEY (HERALD_VAULT_PREVIOUS_KEYS, comma-separated): they still open
   * what they sealed, and at start every such value is sealed again under the current key (vault/reseal.ts).
   */
  vaultPreviousKeys: string[];
  /** Where mail goes out (smtp://host:port, smtps://user:pass@host); none keeps messages in the outbox. */
  smtpUrl: string | undefined;
  /** The From of every message Herald sends. */
  mailFrom: string;
  /**
   * Check every command's result against its contract schema before it is sent, answering ApplicationError
   * (and logging what disagreed) when it does not match: on in tests and development, off in production
   * (NODE_ENV=production), where it would only cost time. HERALD_VALIDATE_RESULTS=true|false overrides.
   */
  validateResults: boolean;
  /** The team chat's Slack-compatible webhook that client errors are posted to (platform §7). */
  chatWebhookUrl: string | undefined;
  /** A Sentry-compatible DSN that client errors are also reported to; none: not reported there. */
  sentryDsn: string | undefined;
  /** At most one chat post per this interval (platform §9: 10 s); tests shorten it. */
  clientErrorChatIntervalMs: number;
  /**
   * Where domain checks ask DNS (ip or ip:port, HERALD_DNS_SERVERS comma-separated); empty: the system's
   * resolvers. Tests point it at a stub on loopback.
   */
  dnsServers: string[];
  /** What a sending domain's return path `{envfrom}.{domain}` is a CNAME of (HERALD_RETURN_PATH_HOST). */
  returnPathHost: string;
  /** What a tracking domain is a CNAME of: the host that answers tracking requests (HERALD_TRACKING_HOST). */
  trackingHost: string;
  /** The SPF record a sending domain includes (HERALD_SPF_HOST). */
  spfHost: string;
  /** The port of the bounce listener, which takes DSNs at the return paths (HERALD_BOUNCE_SMTP_PORT); none: off. */
  bounceSmtpPort: number | undefined;
  /** The address it listens on (HERALD_BOUNCE_SMTP_HOST, default 127.0.0.1 behind the MX's relay). */
  bounceSmtpHost: string;
  /**
   * The shared product domain mail goes from when an organization has no sending domain of its own (functional
   * §9; HERALD_PRODUCT_MAIL_DOMAIN, by default the public URL's host). See domains/default-sender.ts.
   */
  productMailDomain: string;
}

/**
 * Two sockets per browser tab (the session channel and an organization's) for an office of a hundred people
 * behind one NAT address, with room to spare; a flood of a thousand is refused long before it costs anyone.
 */
const DEFAULT_MAX_SOCKETS_PER_ADDRESS = 256;

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT ?? '8080');
  const publicUrl = stripTrailingSlash(env.HERALD_PUBLIC_URL || `http://localhost:${port}`);
  const dataDir = path.resolve(env.HERALD_DATA_DIR ?? path.join(repositoryRoot, 'data'));
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    allowedOrigins: (env.HERALD_ALLOWED_ORIGINS ?? '')
      .split(',')
      .map((origin) => stripTrailingSlash(origin.trim()))
      .filter((origin) => origin.length > 0),
    trustedProxies: parseTrustedProxies(env.HERALD_TRUSTED_PROXIES ?? ''),
    maxSocketsPerAddress: parsePositiveWhole(
      'HERALD_MAX_SOCKETS_PER_ADDRESS',
      env.HERALD_MAX_SOCKETS_PER_ADDRESS || String(DEFAULT_MAX_SOCKETS_PER_ADDRESS),
    ),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    pgliteDataDir: env.HERALD_PGLITE_DIR ?? path.join(dataDir, 'pglite'),
    demoPassword: env.HERALD_DEMO_PASSWORD || undefined,
    seedDemoData: env.HERALD_SEED_DEMO !== 'false',
    webDistDir: path.resolve(env.HERALD_WEB_DIST ?? path.join(repositoryRoot, 'packages/web/dist')),
    logLevel: env.HERALD_LOG_LEVEL ?? 'info',
    jwtSecret: env.HERALD_JWT_SECRET || undefined,
    vaultKey: env.HERALD_VAULT_KEY || undefined,
    vaultPreviousKeys: (env.HERALD_VAULT_PREVIOUS_KEYS ?? '')
      .split(',')
      .map((key) => key.trim())
      .filter((key) => key.length > 0),
    smtpUrl: env.HERALD_SMTP_URL || undefined,
    mailFrom: env.HERALD_MAIL_FROM || 'Herald <no-reply@localhost>',
    validateResults: env.HERALD_VALIDATE_RESULTS
      ? env.HERALD_VALIDATE_RESULTS === 'true'
      : env.NODE_ENV !== 'production',
    chatWebhookUrl: env.HERALD_CHAT_WEBHOOK_URL || undefined,
    sentryDsn: env.HERALD_SENTRY_DSN || undefined,
    clientErrorChatIntervalMs: ERROR_CHAT_INTERVAL_MS,
    ...domainHosts(env, new URL(publicUrl).hostname),
    bounceSmtpPort: env.HERALD_BOUNCE_SMTP_PORT ? parsePort(env.HERALD_BOUNCE_SMTP_PORT) : undefined,
    bounceSmtpHost: env.HERALD_BOUNCE_SMTP_HOST || '127.0.0.1',
  };
}

/** The product's DNS names that domains point at, by default under the public URL's host. */
function domainHosts(
  env: NodeJS.ProcessEnv,
  publicHost: string,
): Pick<Config, 'dnsServers' | 'returnPathHost' | 'trackingHost' | 'spfHost' | 'productMailDomain'> {
  const dnsServers = (env.HERALD_DNS_SERVERS ?? '')
    .split(',')
    .map((server) => server.trim())
    .filter((server) => server.length > 0);
  for (const server of dnsServers) {
    const address = server.replace(/^\[(.*)\](:\d+)?$/, '$1').replace(/^([^:]+):\d+$/, '$1');
    if (!ipaddr.isValid(address))
      throw new Error(`HERALD_DNS_SERVERS: "${server}" is not an address or address:port`);
  }
  return {
    dnsServers,
    returnPathHost: hostName(env.HERALD_RETURN_PATH_HOST) ?? `bounce.${publicHost}`,
    trackingHost: hostName(env.HERALD_TRACKING_HOST) ?? publicHost,
    spfHost: hostName(env.HERALD_SPF_HOST) ?? `_spf.${publicHost}`,
    productMailDomain: hostName(env.HERALD_PRODUCT_MAIL_DOMAIN) ?? publicHost,
  };
}

function hostName(text: string | undefined): string | undefined {
  const host = text?.trim().toLowerCase().replace(/\.$/, '');
  return host ? host : undefined;
}

function parsePort(text: string): number {
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new Error(`PORT must be a whole number from 0 to 65535, not "${text}"`);
  }
  return port;
}

function parsePositiveWhole(name: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number of 1 or more, not "${text}"`);
  return value;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function parseTrustedProxies(text: string): string[] {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  for (const entry of entries) {
    const valid = NAMED_RANGES.has(entry) || ipaddr.isValid(entry) || isCidr(entry);
    if (!valid)
      throw new Error(
        `HERALD_TRUSTED_PROXIES: "${entry}" is not an address, a CIDR range, or loopback, linklocal or uniquelocal`,
      );
  }
  return entries;
}

function isCidr(text: string): boolean {
  try {
    ipaddr.parseCIDR(text);
    return true;
  } catch {
    return false;
  }
}

function stripTrailingSlash(url: string): string {
  return url.endsWith('/') ? url.slice(0, -1) : url;
}
