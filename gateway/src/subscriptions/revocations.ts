import { revocationKeys, type Logger, type Redis } from '@lbf/service-kit';
import { CLOSE_REVOKED, type Connection } from './connection';

export interface RevocationWatch {
  redis: Redis;
  /** REDIS_KEY_PREFIX, under which identity writes token revocations. */
  redisKeyPrefix: string;
  everyMs: number;
  log: Logger;
}

/**
 * Bans and sign-outs: identity writes revocation keys in Redis. Every open authenticated socket is
 * checked in ONE MGET every `everyMs` (2 s): cheap at any number of sockets, no change needed in
 * identity (a pub/sub signal would be), and a ban reaches a live socket within 2 s (closed 4403).
 * Returns how to stop watching.
 */
export function watchRevocations(connections: () => Connection[], o: RevocationWatch): () => void {
  const check = async () => {
    const watched = connections().filter((c) => c.auth);
    if (!watched.length) return;
    const revoked = revocationKeys(o.redisKeyPrefix);
    const keys = watched.flatMap((c) => [revoked.user(c.auth!.userId), revoked.session(c.auth!.sessionId)]);
    let values: Array<string | null>;
    try {
      values = await o.redis.mget(...keys);
    } catch (err) {
      o.log.warn({ err: String(err) }, 'revocation check failed');
      return;
    }
    watched.forEach((connection, i) => {
      const userRevokedAt = values[2 * i];
      const sessionRevoked = values[2 * i + 1];
      if (sessionRevoked || (userRevokedAt && connection.auth!.issuedAt <= Number(userRevokedAt))) {
        connection.close(CLOSE_REVOKED, 'Forbidden');
      }
    });
  };
  let checking = false;
  const timer = setInterval(() => {
    if (checking) return;
    checking = true;
    void check().finally(() => (checking = false));
  }, o.everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
