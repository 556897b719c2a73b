import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenVerifier, INTEGRATION_TOKEN_AUDIENCE, type AdminTokenClaims, type Integration, type Role } from '@lbf/service-kit';
import jwt from 'jsonwebtoken';

export interface IssuedAccessToken {
  token: string;
  expiresAt: Date;
}

/** Signs the short-lived access JWT (ES256) every service verifies with the public key. */
export class AccessTokenIssuer {
  constructor(
    private readonly privateKeyPem: string,
    readonly ttlSeconds: number,
  ) {}

  /**
   * `admin`: an administrator's name and e-mail, signed in so that every service can record who
   * acted in the administrators' journal without asking identity; never put in a customer's token.
   */
  issue(userId: string, sessionId: string, roles: Role[], admin?: AdminTokenClaims): IssuedAccessToken {
    const iat = Math.floor(Date.now() / 1000);
    const who = admin && roles.includes('admin') ? { name: admin.name, email: admin.email } : {};
    const token = jwt.sign({ sid: sessionId, roles, iat, ...who }, this.privateKeyPem, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      subject: userId,
      expiresIn: this.ttlSeconds,
    });
    return { token, expiresAt: new Date((iat + this.ttlSeconds) * 1000) };
  }

  /** An API key's token (audience lbf-integration, no subject: never a person), for `ttlSeconds`. */
  issueIntegration(integration: Integration, ttlSeconds: number): IssuedAccessToken {
    const iat = Math.floor(Date.now() / 1000);
    const { keyId, name, scopes, costPerMinute } = integration;
    const token = jwt.sign({ sid: keyId, name, scopes, cost: costPerMinute, iat }, this.privateKeyPem, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: INTEGRATION_TOKEN_AUDIENCE,
      expiresIn: ttlSeconds,
    });
    return { token, expiresAt: new Date((iat + ttlSeconds) * 1000) };
  }
}

/** Fails fast when the two keys do not belong together: every token would be refused everywhere. */
export async function checkKeyPair(issuer: AccessTokenIssuer, publicKey: string): Promise<void> {
  const probe = issuer.issue('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000', []);
  if (!(await new AccessTokenVerifier(publicKey).verify(probe.token))) {
    throw new Error('AUTH_PRIVATE_KEY and AUTH_PUBLIC_KEY are not an ES256 key pair');
  }
}
