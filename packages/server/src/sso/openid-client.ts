import * as client from 'openid-client';
import type { SsoIssuerRow } from './tables.ts';
import type { Claims } from './claims.ts';

/** What Herald asks every issuer for: who the person is, their address and their profile claims. */
const SCOPE = 'openid email profile';
/** Discovery documents are re-read this often, so a provider's rotated endpoints are picked up. */
const DISCOVERY_LIFETIME_MS = 10 * 60_000;
/** Seconds any one request to a provider may take. */
const REQUEST_TIMEOUT_SECONDS = 10;

export interface AuthorizationRequest {
  url: URL;
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface SignOnChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The person the issuer vouched for, with the issuer's logout address for this client. */
export interface VerifiedSignOn {
  subject: string;
  claims: Claims;
  logoutUrl: string | null;
}

/**
 * The relying-party side of OpenID Connect, by openid-client: discovery (cached per issuer), the
 * authorization request with PKCE (S256), state and nonce, and the code exchange, where openid-client checks
 * the ID token's signature against the issuer's published keys, its issuer, audience, expiry and nonce, and
 * the `iss` of the authorization response (mix-up defence) when the issuer sends one.
 */
export class OpenIdClients {
  readonly #configurations = new Map<
    number,
    { key: string; expiresAt: number; configuration: Promise<client.Configuration> }
  >();

  /** The issuer's configuration from its discovery document; a failure is not cached. */
  configurationFor(issuer: SsoIssuerRow): Promise<client.Configuration> {
    const key = `${issuer.issuer_uri}\n${issuer.client_id}\n${issuer.client_secret}`;
    const cached = this.#configurations.get(issuer.id);
    if (cached && cached.key === key && cached.expiresAt > Date.now()) return cached.configuration;
    const configuration = discover(issuer);
    this.#configurations.set(issuer.id, {
      key,
      expiresAt: Date.now() + DISCOVERY_LIFETIME_MS,
      configuration,
    });
    configuration.catch(() => {
      if (this.#configurations.get(issuer.id)?.configuration === configuration)
        this.#configurations.delete(issuer.id);
    });
    return configuration;
  }

  async authorizationRequest(
    issuer: SsoIssuerRow,
    redirectUri: string,
    options: { loginHint?: string | undefined },
  ): Promise<AuthorizationRequest> {
    const configuration = await this.configurationFor(issuer);
    const state = client.randomState();
    const nonce = client.randomNonce();
    const codeVerifier = client.randomPKCECodeVerifier();
    const parameters: Record<string, string> = {
      redirect_uri: redirectUri,
      scope: SCOPE,
      response_type: 'code',
      state,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: 'S256',
    };
    if (options.loginHint) parameters.login_hint = options.loginHint;
    if (issuer.grant_consent) parameters.prompt = 'consent';
    return { url: client.buildAuthorizationUrl(configuration, parameters), state, nonce, codeVerifier };
  }

  /**
   * Exchanges the code of the callback URL and verifies the ID token; reads UserInfo too when the issuer has
   * the endpoint (many release e-mail and custom claims only there). Throws on anything that does not check.
   */
  async verify(issuer: SsoIssuerRow, callbackUrl: URL, checks: SignOnChecks): Promise<VerifiedSignOn> {
    const configuration = await this.configurationFor(issuer);
    const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: checks.codeVerifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw new Error('the token response carried no ID token');
    let userInfo: Claims = {};
    if (configuration.serverMetadata().userinfo_endpoint && tokens.access_token) {
      // The subject must be the ID token's, or openid-client refuses the answer.
      userInfo = await client.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
    }
    return {
      subject: idToken.sub,
      // Signed ID-token claims win over UserInfo's where both have one.
      claims: { ...userInfo, ...idToken },
      logoutUrl: configuration.serverMetadata().end_session_endpoint
        ? client.buildEndSessionUrl(configuration).href
        : null,
    };
  }
}

async function discover(issuer: SsoIssuerRow): Promise<client.Configuration> {
  const server = new URL(issuer.issuer_uri);
  // Plain http is only accepted on loopback (the contract refuses it elsewhere); see issuerUriField.
  const execute: Array<(configuration: client.Configuration) => void> =
    server.protocol === 'http:' ? [client.allowInsecureRequests] : [];
  // The ID token's signature is checked against the issuer's published keys even though it comes straight
  // from the token endpoint (OpenID Connect lets a client skip that; Herald does not).
  execute.push(client.enableNonRepudiationChecks);
  const discovered = await client.discovery(
    server,
    issuer.client_id,
    { client_secret: issuer.client_secret },
    client.ClientSecretBasic(issuer.client_secret),
    { execute, timeout: REQUEST_TIMEOUT_SECONDS },
  );
  const metadata = discovered.serverMetadata();
  // RFC 8414: basic is the default when the provider lists no methods; use post only when it must be.
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (!methods || methods.includes('client_secret_basic') || !methods.includes('client_secret_post')) {
    return discovered;
  }
  const configuration = new client.Configuration(
    metadata,
    issuer.client_id,
    { client_secret: issuer.client_secret },
    client.ClientSecretPost(issuer.client_secret),
  );
  for (const step of execute) step(configuration);
  configuration.timeout = REQUEST_TIMEOUT_SECONDS;
  return configuration;
}
