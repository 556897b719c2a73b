import { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import { verifySignature } from './token-signature-cache';

export const ACCESS_TOKEN_ISSUER = 'lbf-identity';
export const ACCESS_TOKEN_AUDIENCE = 'lbf';
export const ACCESS_TOKEN_ALGORITHM = 'ES256';

export type Role = 'admin';

export interface AuthUser {
  userId: string;
  sessionId: string;
  roles: Role[];
  issuedAt: number;
}

interface AccessClaims {
  sub: string;
  sid: string;
  roles: Role[];
  iat: number;
}

/**
 * Redis keys that kill access tokens before they expire: a banned user's tokens (all issued up to
 * the ban) and a signed-out session's. They live as long as an access token can. Under the
 * deployment's REDIS_KEY_PREFIX, which identity (the writer) and every verifier must share.
 */
export function revocationKeys(prefix: string) {
  return {
    user: (userId: string) => `${prefix}:auth:revoked:user:${userId}`,
    session: (sessionId: string) => `${prefix}:auth:revoked:session:${sessionId}`,
  };
}

/** Verifies access tokens with identity's public key; every service does this itself. */
export class AccessTokenVerifier {
  private readonly keys: ReturnType<typeof revocationKeys>;

  constructor(
    private readonly publicKeyPem: string,
    private readonly redis?: Redis,
    /** REDIS_KEY_PREFIX; revocations written by identity under another prefix would go unseen. */
    redisKeyPrefix = 'lbf',
  ) {
    this.keys = revocationKeys(redisKeyPrefix);
  }

  /** Returns the user, or null when the token is absent, invalid, expired or revoked. */
  async verify(token: string | undefined | null): Promise<AuthUser | null> {
    if (!token) return null;
    let claims: AccessClaims;
    try {
      claims = verifySignature(token, this.publicKeyPem, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
      }) as unknown as AccessClaims;
    } catch {
      return null;
    }
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    if (this.redis) {
      const [userRevokedAt, sessionRevoked] = await this.redis.mget(this.keys.user(claims.sub), this.keys.session(claims.sid));
      if (sessionRevoked) return null;
      if (userRevokedAt && claims.iat <= Number(userRevokedAt)) return null;
    }
    return { userId: claims.sub, sessionId: claims.sid, roles: Array.isArray(claims.roles) ? claims.roles : [], issuedAt: claims.iat };
  }
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m ? m[1]! : null;
}

export interface AuthContext {
  auth: AuthUser | null;
}

/** The one UNAUTHENTICATED error: no valid access token came with the request. */
export function unauthenticated(): GraphQLError {
  return new GraphQLError('Connexion requise', { extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } } });
}

/** The one FORBIDDEN error: signed in, but not allowed this (an admin operation, another user's data). */
export function forbidden(): GraphQLError {
  return new GraphQLError('Accès refusé', { extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
}

export function requireUser(ctx: AuthContext): AuthUser {
  if (!ctx.auth) throw unauthenticated();
  return ctx.auth;
}

/** Every admin operation calls this on the server; the role comes only from the signed token. */
export function requireAdmin(ctx: AuthContext): AuthUser {
  const user = requireUser(ctx);
  if (!user.roles.includes('admin')) throw forbidden();
  return user;
}

/**
 * An administrator's resolver: requireAdmin refuses visitors (401) and customers (403) before `fn`
 * runs with the field's args (inferred from codegen's QueryResolvers / MutationResolvers), the
 * context and the administrator.
 */
export const adminOnly =
  <A, R, C extends AuthContext = AuthContext>(fn: (args: A, ctx: C, admin: AuthUser) => Promise<R> | R) =>
  (_parent: unknown, args: A, ctx: C) =>
    fn(args, ctx, requireAdmin(ctx));

/** The user themself or an administrator; visitors UNAUTHENTICATED, other users FORBIDDEN. */
export function requireSelfOrAdmin(ctx: AuthContext, userId: string): AuthUser {
  const user = requireUser(ctx);
  if (user.userId !== userId && !user.roles.includes('admin')) throw forbidden();
  return user;
}

export function isAdmin(ctx: AuthContext): boolean {
  return !!ctx.auth?.roles.includes('admin');
}
