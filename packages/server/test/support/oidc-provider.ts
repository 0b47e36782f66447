import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CompactSign, decodeJwt, decodeProtectedHeader, exportJWK, generateKeyPair, type JWK } from 'jose';
// @ts-expect-error -- oidc-provider ships no type declarations (DefinitelyTyped's are not installed); the
// members used here are described by OidcProvider below.
import { Provider as UntypedProvider } from 'oidc-provider';

/** A person at the test identity provider: `sub` plus whatever claims the test gives them. */
export interface TestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  [claim: string]: unknown;
}

/** Changes the claims (or header) of an ID token before it leaves the token endpoint; see tamperIdTokens. */
export type IdTokenTamper = (token: {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
}) => {
  header?: Record<string, unknown>;
  payload: Record<string, unknown>;
  /** False keeps the provider's original signature over the changed token, so the signature no longer matches. */
  resign?: boolean;
};

export interface TestIdentityProvider {
  /** The issuer identifier, `http://127.0.0.1:PORT`. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  addAccount(account: TestAccount): TestAccount;
  /** Rewrites every ID token the token endpoint answers until called again without a function. */
  tamperIdTokens(tamper?: IdTokenTamper): void;
  /** The authorization requests the provider received (their query parameters), oldest first. */
  authorizationRequests: URLSearchParams[];
  stop(): Promise<void>;
}

/** Claims released with the `profile` scope besides the standard ones: roles and partition claims tests use. */
const CUSTOM_CLAIMS = ['roles', 'groups', 'herald_groups', 'partitionsets', 'regions', 'realm_access'];

interface KoaContext {
  method: string;
  path: string;
  req: IncomingMessage;
  res: ServerResponse;
  respond: boolean;
  body: unknown;
}

interface OidcProvider {
  issuer: string;
  use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): void;
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  interactionDetails(
    request: IncomingMessage,
    response: ServerResponse,
  ): Promise<{ params: Record<string, string | undefined> }>;
  interactionFinished(
    request: IncomingMessage,
    response: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<void>;
  Grant: new (init: { accountId: string; clientId: string }) => {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  };
}

const Provider = UntypedProvider as new (
  issuer: string,
  configuration: Record<string, unknown>,
) => OidcProvider;

/**
 * A real OpenID Connect provider (oidc-provider) on loopback with one confidential client. Its sign-in is
 * programmatic: the interaction signs in the account whose e-mail is the request's `login_hint` and grants
 * the requested scopes, so a test walks the whole authorization-code flow with plain HTTP and a cookie jar.
 */
export async function startTestIdentityProvider(options: {
  redirectUri: string;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestIdentityProvider> {
  const clientId = options.clientId ?? `herald-${randomBytes(4).toString('hex')}`;
  const clientSecret = options.clientSecret ?? randomBytes(32).toString('base64url');
  const accounts = new Map<string, TestAccount>();
  const authorizationRequests: URLSearchParams[] = [];
  let tamper: IdTokenTamper | undefined;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  let handle: (request: IncomingMessage, response: ServerResponse) => void = (_request, response) => {
    response.statusCode = 503;
    response.end();
  };
  const server: Server = createServer((request, response) => handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingJwk] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', ...CUSTOM_CLAIMS],
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true },
    },
    // Herald always sends PKCE; requiring it here proves it.
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, sub: string) => {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });

  provider.use(async (ctx, next) => {
    if (ctx.method === 'GET' && ctx.path === '/auth') {
      authorizationRequests.push(new URL(ctx.req.url ?? '/', issuer).searchParams);
    }
    const interaction = /^\/interaction\/[^/]+$/.exec(ctx.path);
    if (ctx.method === 'GET' && interaction) {
      const { params } = await provider.interactionDetails(ctx.req, ctx.res);
      const account = [...accounts.values()].find(
        (candidate) => candidate.email !== undefined && candidate.email === params.login_hint,
      );
      ctx.respond = false;
      if (!account) {
        await provider.interactionFinished(ctx.req, ctx.res, {
          error: 'access_denied',
          error_description: 'No such test account',
        });
        return;
      }
      const grant = new provider.Grant({ accountId: account.sub, clientId: params.client_id ?? '' });
      grant.addOIDCScope(params.scope ?? 'openid');
      const grantId = await grant.save();
      await provider.interactionFinished(
        ctx.req,
        ctx.res,
        { login: { accountId: account.sub }, consent: { grantId } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    await next();
    if (ctx.method === 'POST' && ctx.path === '/token' && tamper) {
      const body = ctx.body as { id_token?: string } | undefined;
      if (body?.id_token) body.id_token = await rewriteIdToken(body.id_token, tamper, privateKey);
    }
  });
  handle = provider.callback();

  return {
    issuer,
    clientId,
    clientSecret,
    authorizationRequests,
    addAccount(account) {
      accounts.set(account.sub, account);
      return account;
    },
    tamperIdTokens(next) {
      tamper = next;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type SigningKey = Awaited<ReturnType<typeof generateKeyPair>>['privateKey'];

async function rewriteIdToken(idToken: string, tamper: IdTokenTamper, key: SigningKey): Promise<string> {
  const header = decodeProtectedHeader(idToken) as Record<string, unknown>;
  const payload = decodeJwt(idToken) as Record<string, unknown>;
  const changed = tamper({ header, payload });
  const newHeader = changed.header ?? header;
  if (changed.resign === false) {
    const [, , signature] = idToken.split('.');
    return [encodeSegment(newHeader), encodeSegment(changed.payload), signature].join('.');
  }
  return new CompactSign(new TextEncoder().encode(JSON.stringify(changed.payload)))
    .setProtectedHeader({ ...newHeader, alg: 'RS256' })
    .sign(key);
}

function encodeSegment(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

/**
 * A server that publishes another issuer's discovery document as its own: what a misconfigured or hostile
 * issuer URI looks like. A relying party must refuse it because the document's issuer is not its address.
 */
export async function startImpostorDiscovery(
  realIssuer: string,
): Promise<{ issuer: string; stop(): Promise<void> }> {
  const document = (await (await fetch(`${realIssuer}/.well-known/openid-configuration`)).json()) as unknown;
  const server = createServer((request, response) => {
    if (request.url === '/.well-known/openid-configuration') {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(document));
      return;
    }
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    issuer: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Just enough of a browser for a redirect flow: a cookie jar per host (ports share cookies, as in browsers)
 * and manual redirects, stopping at the first address a test says is the end.
 */
export class TestBrowser {
  readonly #cookies = new Map<string, Map<string, string>>();

  cookieHeader(url: string): string {
    const jar = this.#cookies.get(new URL(url).hostname);
    return jar ? [...jar].map(([name, value]) => `${name}=${value}`).join('; ') : '';
  }

  cookie(url: string, name: string): string | undefined {
    return this.#cookies.get(new URL(url).hostname)?.get(name);
  }

  setCookie(url: string, name: string, value: string): void {
    const host = new URL(url).hostname;
    const jar = this.#cookies.get(host) ?? new Map<string, string>();
    jar.set(name, value);
    this.#cookies.set(host, jar);
  }

  async get(url: string): Promise<Response> {
    const response = await fetch(url, { redirect: 'manual', headers: { cookie: this.cookieHeader(url) } });
    this.#store(url, response);
    return response;
  }

  /** Follows redirects from `url` until one points where `isEnd` says; answers that address. */
  async follow(url: string, isEnd: (location: URL) => boolean, maxSteps = 20): Promise<URL> {
    let current = new URL(url);
    for (let step = 0; step < maxSteps; step++) {
      const response = await this.get(current.href);
      await response.arrayBuffer();
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${current.href} answered ${response.status} without a redirect`);
      }
      current = new URL(location, current);
      if (isEnd(current)) return current;
    }
    throw new Error(`more than ${maxSteps} redirects from ${url}`);
  }

  #store(url: string, response: Response): void {
    const host = new URL(url).hostname;
    const jar = this.#cookies.get(host) ?? new Map<string, string>();
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const equals = pair.indexOf('=');
      if (equals < 1) continue;
      const name = pair.slice(0, equals).trim();
      const value = pair.slice(equals + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', text = ''] = attribute.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(text) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(text) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    this.#cookies.set(host, jar);
  }
}
