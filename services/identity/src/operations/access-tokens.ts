import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type Role } from '@lbf/service-kit';
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
