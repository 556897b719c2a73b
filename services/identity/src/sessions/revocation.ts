import { revocationKeys } from '@lbf/service-kit';
import type { Redis } from 'ioredis';

/** Where revocations are written and how long they live: the deployment's prefix, an access token's lifetime. */
export interface RevocationSettings {
  redisKeyPrefix: string;
  accessTokenTtlSeconds: number;
}

/** Makes the verifier of every service refuse these sessions' access tokens from now on. */
export async function killSessionTokens(redis: Redis, sessionIds: string[], settings: RevocationSettings): Promise<void> {
  if (!sessionIds.length) return;
  const pipeline = redis.pipeline();
  const keys = revocationKeys(settings.redisKeyPrefix);
  for (const sid of sessionIds) pipeline.set(keys.session(sid), '1', 'EX', settings.accessTokenTtlSeconds);
  const results = await pipeline.exec();
  const failed = results?.find(([err]) => err);
  if (failed) throw failed[0];
}

/** Makes the verifier of every service refuse every access token issued to this user so far (a ban, an erased account). */
export async function killUserTokens(redis: Redis, userId: string, settings: RevocationSettings): Promise<void> {
  await redis.set(revocationKeys(settings.redisKeyPrefix).user(userId), String(Math.floor(Date.now() / 1000)), 'EX', settings.accessTokenTtlSeconds);
}
