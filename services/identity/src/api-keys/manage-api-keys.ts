import { fail, ok, recordAdminAction, revocationKeys, type AdminActor, type Result } from '@lbf/service-kit';
import type { IdentityDeps } from '../deps';
import { isUuid } from '../shared/secrets';
import { validationError } from '../shared/errors';
import { apiKeyMessages, newApiKeyRequest, newSecret, secretHash, secretPrefix } from './rules';
import { apiKeyById, insertApiKey, revokeApiKeyRow, type ApiKey } from './store';
import { INTEGRATION_TOKEN_TTL_SECONDS } from './exchange-api-key';

const journalTarget = (key: ApiKey) => ({ id: key.id, label: `${key.name} (${key.prefix}…)` });

/** Creates a key: its secret comes back this once, only its SHA-256 is stored; journal « Clé d’API créée ». */
export async function createApiKey(
  deps: IdentityDeps,
  admin: AdminActor,
  input: { name: string; scopes: string[]; costPerMinute: number; expiresAt: string },
): Promise<Result<{ apiKey: ApiKey; secret: string }>> {
  const request = newApiKeyRequest(input);
  if (!request.ok) return request;
  const secret = newSecret();
  return deps.uow.run(async (tx) => {
    const apiKey = await insertApiKey(tx.manager, request.value, { hash: secretHash(secret), prefix: secretPrefix(secret) }, admin.userId);
    await recordAdminAction(tx, admin, 'api_key.created', journalTarget(apiKey), {
      scopes: apiKey.scopes.join(' '),
      costPerMinute: apiKey.costPerMinute,
      expiresAt: apiKey.expiresAt.toISOString(),
    });
    deps.log.info({ apiKeyId: apiKey.id, by: admin.userId }, 'api key created');
    return ok({ apiKey, secret });
  });
}

/**
 * Revokes a key at once: the row, and the key's id written as a revoked session so that every
 * verifier refuses the integration tokens already handed out. Revoking a revoked key changes nothing.
 */
export async function revokeApiKey(deps: IdentityDeps, admin: AdminActor, input: { id: string }): Promise<Result<ApiKey>> {
  if (!isUuid(input.id)) return fail(validationError('id', apiKeyMessages.notFound));
  const result = await deps.uow.run(async (tx): Promise<Result<ApiKey>> => {
    const key = await apiKeyById(tx.manager, input.id, true);
    if (!key) return fail(validationError('id', apiKeyMessages.notFound));
    const revokedAt = await revokeApiKeyRow(tx.manager, key.id, admin.userId);
    if (!revokedAt) return ok(key);
    await recordAdminAction(tx, admin, 'api_key.revoked', journalTarget(key));
    deps.log.info({ apiKeyId: key.id, by: admin.userId }, 'api key revoked');
    return ok({ ...key, revokedAt });
  });
  if (result.ok) {
    const key = revocationKeys(deps.config.redisKeyPrefix).session(result.value.id);
    await deps.redis.set(key, '1', 'EX', INTEGRATION_TOKEN_TTL_SECONDS * 2);
  }
  return result;
}
