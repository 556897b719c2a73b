import { API_KEY_PREFIX, GATEWAY_SECRET_HEADER, type AccessTokenVerifier, type Integration } from '@lbf/service-kit';
import { GraphQLError } from 'graphql';
import { createHash } from 'node:crypto';

/** identity's route that exchanges an API key's secret for a short-lived integration token. */
const EXCHANGE_PATH = '/internal/api-keys/exchange';
/** A token is asked for again this long before it expires. */
const RENEW_BEFORE_MS = 10_000;
/** Refusals are remembered this long: a wrong key retried in a loop does not reach identity each time. */
const REFUSAL_TTL_MS = 5_000;
const MAX_CACHED = 10_000;

export function isApiKey(token: string | null): token is string {
  return !!token && token.startsWith(API_KEY_PREFIX);
}

/** The one refusal of an API key the gateway cannot use, in French and English. */
export function apiKeyRefused(): GraphQLError {
  return new GraphQLError('Clé d’API inconnue, révoquée ou expirée (unknown, revoked or expired API key)', {
    extensions: { code: 'UNAUTHENTICATED', http: { status: 401 } },
  });
}

type Cached = { token: string; renewAt: number } | { refused: true; until: number };

export interface ApiKeyExchange {
  /** The integration and the token to forward to subgraphs; throws apiKeyRefused() for a key that is no good. */
  resolve(secret: string): Promise<{ integration: Integration; token: string }>;
}

/**
 * Why an exchange and a cache rather than asking identity on every request: subgraphs already verify
 * identity's signed tokens themselves (the same public key, the same Redis revocations), so an
 * integration token signed by identity is checked in each subgraph exactly like a person's. The
 * gateway keeps it per key (by the secret's SHA-256, never the secret) until shortly before it
 * expires (a minute); a revocation reaches every verifier at once through Redis.
 */
export function apiKeyExchange(opts: { identityUrl: string; subgraphSecret: string; verifier: AccessTokenVerifier; fetch?: typeof fetch }): ApiKeyExchange {
  const cache = new Map<string, Cached>();
  const doFetch = opts.fetch ?? fetch;
  const url = new URL(EXCHANGE_PATH, opts.identityUrl).toString();

  async function exchange(secret: string): Promise<Cached> {
    const res = await doFetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [GATEWAY_SECRET_HEADER]: opts.subgraphSecret },
      body: JSON.stringify({ secret }),
    });
    if (res.status === 401 || res.status === 400) return { refused: true, until: Date.now() + REFUSAL_TTL_MS };
    if (!res.ok) throw new GraphQLError('Service momentanément indisponible', { extensions: { code: 'SERVICE_UNAVAILABLE', http: { status: 503 } } });
    const body = (await res.json()) as { token: string; expiresAt: string };
    return { token: body.token, renewAt: new Date(body.expiresAt).getTime() - RENEW_BEFORE_MS };
  }

  return {
    async resolve(secret) {
      const id = createHash('sha256').update(secret).digest('hex');
      let entry = cache.get(id);
      const fresh = entry && ('refused' in entry ? entry.until > Date.now() : entry.renewAt > Date.now());
      if (!fresh) {
        entry = await exchange(secret);
        if (cache.size >= MAX_CACHED) cache.clear();
        cache.set(id, entry);
      }
      if (!entry || 'refused' in entry) throw apiKeyRefused();
      const integration = await opts.verifier.verifyIntegration(entry.token);
      if (!integration) {
        cache.delete(id);
        throw apiKeyRefused();
      }
      return { integration, token: entry.token };
    },
  };
}
