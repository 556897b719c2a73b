import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, AccessTokenVerifier, type Role } from '@lbf/service-kit';
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

  issue(userId: string, sessionId: string, roles: Role[]): IssuedAccessToken {
    const iat = Math.floor(Date.now() / 1000);
    const token = jwt.sign({ sid: sessionId, roles, iat }, this.privateKeyPem, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      subject: userId,
      expiresIn: this.ttlSeconds,
    });
    return { token, expiresAt: new Date((iat + this.ttlSeconds) * 1000) };
  }
}

/** Fails fast when the two keys do not belong together: every token would be refused everywhere. */
export async function checkKeyPair(issuer: AccessTokenIssuer, publicKey: string): Promise<void> {
  const probe = issuer.issue('00000000-0000-4000-8000-000000000000', '00000000-0000-4000-8000-000000000000', []);
  if (!(await new AccessTokenVerifier(publicKey).verify(probe.token))) {
    throw new Error('AUTH_PRIVATE_KEY and AUTH_PUBLIC_KEY are not an ES256 key pair');
  }
}
