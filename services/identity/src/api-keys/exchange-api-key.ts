import type { IdentityDeps } from '../deps';
import type { AccessTokenIssuer, IssuedAccessToken } from '../sessions/access-tokens';
import { apiKeyStatus, secretHash } from './rules';
import { apiKeyBySecretHash, touchApiKey } from './store';

/** How long an integration token lives: the gateway asks again after that (and last use is written). */
export const INTEGRATION_TOKEN_TTL_SECONDS = 60;

export type ExchangeRefusal = 'UNKNOWN' | 'REVOKED' | 'EXPIRED';

/**
 * The gateway's exchange of an API key's secret for a short-lived integration token (never a
 * person's): refused when no key has this secret, or it is revoked or expired. Writes last use
 * (at most once a minute). A token never outlives its key's expiry.
 */
export async function exchangeApiKey(
  deps: IdentityDeps & { tokens: AccessTokenIssuer },
  secret: string,
): Promise<{ refused: ExchangeRefusal } | (IssuedAccessToken & { costPerMinute: number })> {
  const key = await apiKeyBySecretHash(deps.ds, secretHash(secret));
  if (!key) return { refused: 'UNKNOWN' };
  const status = apiKeyStatus(key);
  if (status !== 'ACTIVE') return { refused: status };
  await touchApiKey(deps.ds, key.id);
  const left = Math.floor((key.expiresAt.getTime() - Date.now()) / 1000);
  const issued = deps.tokens.issueIntegration(
    { keyId: key.id, name: key.name, scopes: key.scopes, costPerMinute: key.costPerMinute },
    Math.max(1, Math.min(INTEGRATION_TOKEN_TTL_SECONDS, left)),
  );
  return { ...issued, costPerMinute: key.costPerMinute };
}
