import { HeraldError } from '@herald/protocol';
import { jwtVerify, SignJWT } from 'jose';

/** Organization tokens are short-lived: a client fetches a new one and re-authenticates its socket. */
export const ORGANIZATION_TOKEN_LIFETIME_SECONDS = 15 * 60;
const ISSUER = 'herald';
const AUDIENCE = 'herald-organization';

export interface OrganizationTokenClaims {
  userId: number;
  organizationId: number;
  sessionIdHash: string;
  name: string;
  roles: string[];
  capabilities: string[];
}

export class OrganizationTokens {
  readonly #key: Uint8Array;
  constructor(secret: string) {
    this.#key = new TextEncoder().encode(secret);
  }

  async sign(claims: OrganizationTokenClaims, now = new Date()): Promise<string> {
    const issuedAt = Math.floor(now.getTime() / 1000);
    return new SignJWT({
      organization_id: claims.organizationId,
      name: claims.name,
      roles: claims.roles,
      capabilities: claims.capabilities,
      sid: claims.sessionIdHash,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + ORGANIZATION_TOKEN_LIFETIME_SECONDS)
      .sign(this.#key);
  }

  /** The token's claims, or OrgAuthenticationError for a bad signature, wrong audience or expired token. */
  async verify(
    token: string,
  ): Promise<{ userId: number; organizationId: number; sessionIdHash: string; expiresAt: Date }> {
    try {
      const { payload } = await jwtVerify(token, this.#key, {
        issuer: ISSUER,
        audience: AUDIENCE,
        algorithms: ['HS256'],
      });
      const userId = Number(payload.sub);
      const organizationId = payload.organization_id;
      const sessionIdHash = payload.sid;
      if (
        !Number.isInteger(userId) ||
        typeof organizationId !== 'number' ||
        typeof sessionIdHash !== 'string' ||
        !payload.exp
      ) {
        throw new HeraldError('OrgAuthenticationError');
      }
      return { userId, organizationId, sessionIdHash, expiresAt: new Date(payload.exp * 1000) };
    } catch {
      throw new HeraldError('OrgAuthenticationError');
    }
  }
}
