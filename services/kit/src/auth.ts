import { GraphQLError } from 'graphql';
import type { Redis } from 'ioredis';
import { INTEGRATION_TOKEN_AUDIENCE, isApiScope, type ApiScope, type Integration } from './api-scopes';
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
  /**
   * An administrator's name and e-mail as identity signed them into the token (null in a customer's
   * token, and in tokens issued before they were added): who acted, for the administrators' journal.
   */
  name: string | null;
  email: string | null;
}

interface AccessClaims {
  sub: string;
  sid: string;
  roles: Role[];
  iat: number;
  name?: unknown;
  email?: unknown;
}

/** The claims identity adds to an administrator's access token (never a customer's): who acts, for the journal. */
export interface AdminTokenClaims {
  name: string;
  email: string;
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

  /** The claims of a token identity signed for this audience, or null (absent, forged, expired, another audience's). */
  private claims<C>(token: string | undefined | null, audience: string): C | null {
    if (!token) return null;
    try {
      return verifySignature(token, this.publicKeyPem, { algorithms: [ACCESS_TOKEN_ALGORITHM], issuer: ACCESS_TOKEN_ISSUER, audience }) as unknown as C;
    } catch {
      return null;
    }
  }

  /** Returns the user, or null when the token is absent, invalid, expired or revoked. */
  async verify(token: string | undefined | null): Promise<AuthUser | null> {
    const claims = this.claims<AccessClaims>(token, ACCESS_TOKEN_AUDIENCE);
    if (!claims) return null;
    if (typeof claims.sub !== 'string' || typeof claims.sid !== 'string') return null;
    if (this.redis) {
      const [userRevokedAt, sessionRevoked] = await this.redis.mget(this.keys.user(claims.sub), this.keys.session(claims.sid));
      if (sessionRevoked) return null;
      if (userRevokedAt && claims.iat <= Number(userRevokedAt)) return null;
    }
    const roles = Array.isArray(claims.roles) ? claims.roles : [];
    const text = (v: unknown) => (typeof v === 'string' && v ? v : null);
    return { userId: claims.sub, sessionId: claims.sid, roles, issuedAt: claims.iat, name: text(claims.name), email: text(claims.email) };
  }

  /**
   * The integration an API key's token stands for (identity signs it for the gateway, audience
   * `lbf-integration`), or null. A revoked key's tokens die at once: identity writes the key's id as
   * a revoked session.
   */
  async verifyIntegration(token: string | undefined | null): Promise<Integration | null> {
    const claims = this.claims<IntegrationClaims>(token, INTEGRATION_TOKEN_AUDIENCE);
    if (!claims) return null;
    if (typeof claims.sid !== 'string' || !Array.isArray(claims.scopes)) return null;
    if (this.redis && (await this.redis.get(this.keys.session(claims.sid)))) return null;
    const scopes = claims.scopes.filter((s): s is ApiScope => typeof s === 'string' && isApiScope(s));
    return { keyId: claims.sid, name: typeof claims.name === 'string' ? claims.name : '', scopes, costPerMinute: Number(claims.cost) || 0 };
  }
}

interface IntegrationClaims {
  sid: unknown;
  name?: unknown;
  scopes: unknown[];
  cost?: unknown;
}

export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return null;
  const m = /^Bearer\s+(.+)$/i.exec(value.trim());
  return m ? m[1]! : null;
}

export interface AuthContext {
  /** A person (customer or administrator); null for a visitor and for an integration. */
  auth: AuthUser | null;
  /** An integration calling with its API key (never a person: `auth` is then null). */
  integration?: Integration | null;
  /** Where the request came from (the subgraph's BaseContext has both: the gateway forwards them). */
  ip?: string | null;
  userAgent?: string | null;
}

/** An administrator acting, and where from: what an administrator's use case records in the journal. */
export interface AdminActor extends AuthUser {
  ip: string | null;
  userAgent: string | null;
}

/** An integration acting with a write scope (content:write), and where from: what its use case records in the journal. */
export interface IntegrationActor {
  integration: Integration;
  ip: string | null;
  userAgent: string | null;
}

/** Who changes something in the back-office's data: an administrator, or an integration holding the scope. */
export type ContentActor = AdminActor | IntegrationActor;

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

/**
 * Every admin operation calls this on the server; the role comes only from the signed token. The
 * administrator comes back with the request's client IP and user agent, for the journal.
 */
export function requireAdmin(ctx: AuthContext): AdminActor {
  const user = requireUser(ctx);
  if (!user.roles.includes('admin')) throw forbidden();
  return { ...user, ip: ctx.ip ?? null, userAgent: ctx.userAgent ?? null };
}

/**
 * An administrator's resolver: requireAdmin refuses visitors (401) and customers (403) before `fn`
 * runs with the field's args (inferred from codegen's QueryResolvers / MutationResolvers), the
 * context and the administrator.
 */
export const adminOnly =
  <A, R, C extends AuthContext = AuthContext>(fn: (args: A, ctx: C, admin: AdminActor) => Promise<R> | R) =>
  (_parent: unknown, args: A, ctx: C) =>
    fn(args, ctx, requireAdmin(ctx));

/** The user themself or an administrator; visitors UNAUTHENTICATED, other users FORBIDDEN. */
export function requireSelfOrAdmin(ctx: AuthContext, userId: string): AuthUser {
  const user = requireUser(ctx);
  if (user.userId !== userId && !user.roles.includes('admin')) throw forbidden();
  return user;
}

/**
 * A field an integration may reach with this scope, as administrators always may: an administrator
 * (returned, for the journal) or an integration holding the scope (null); anyone else is refused
 * (a visitor 401, a customer or an integration without the scope 403).
 */
export function requireScope(ctx: AuthContext, scope: ApiScope): AdminActor | null {
  if (ctx.integration && !ctx.auth) {
    if (!ctx.integration.scopes.includes(scope)) throw forbidden();
    return null;
  }
  return requireAdmin(ctx);
}

/**
 * A mutation an integration may run with this (write) scope, as administrators always may: the
 * actor, for the journal (an administrator, or the integration with its key's id and name); anyone
 * else refused as requireScope does.
 */
export function requireWriteScope(ctx: AuthContext, scope: ApiScope): ContentActor {
  const admin = requireScope(ctx, scope);
  return admin ?? { integration: ctx.integration!, ip: ctx.ip ?? null, userAgent: ctx.userAgent ?? null };
}

/** `adminOnly` for a mutation an integration with the write `scope` may also run; `fn` gets the actor. */
export const scopedWrite =
  <A, R, C extends AuthContext = AuthContext>(scope: ApiScope, fn: (args: A, ctx: C, actor: ContentActor) => Promise<R> | R) =>
  (_parent: unknown, args: A, ctx: C) =>
    fn(args, ctx, requireWriteScope(ctx, scope));

/** True for an administrator, or an integration holding `scope` (a field's value shown or hidden, not refused). */
export function hasScope(ctx: AuthContext, scope: ApiScope): boolean {
  return isAdmin(ctx) || (!ctx.auth && !!ctx.integration?.scopes.includes(scope));
}

/** `adminOnly` for a field an integration with `scope` may also read. */
export const scoped =
  <A, R, C extends AuthContext = AuthContext>(scope: ApiScope, fn: (args: A, ctx: C) => Promise<R> | R) =>
  (_parent: unknown, args: A, ctx: C) => {
    requireScope(ctx, scope);
    return fn(args, ctx);
  };

export function isAdmin(ctx: AuthContext): boolean {
  return !!ctx.auth?.roles.includes('admin');
}
