import DataLoader from 'dataloader';
import type { Queryable } from '../shared/sql';
import { isUuid } from '../shared/secrets';
import type { ActiveBan, User } from '../shared/user';
import { activeBans, adminIds, bannedIds, usersByIds } from './store';

/**
 * The users read model of one request. Per-request batching: the admin users table asks for many
 * users (and their flags) through federation in one query; each loader turns those into one SQL
 * statement. The admin table primes them all from its single page query, so its rows cost nothing more.
 */
export interface UserLoaders {
  user: DataLoader<string, User | null>;
  isAdmin: DataLoader<string, boolean>;
  isBanned: DataLoader<string, boolean>;
  ban: DataLoader<string, ActiveBan | null>;
}

/** Looks the valid ids up (one statement, none when there is none) and answers each asked id, case-insensitively. */
function batch<T>(lookup: (ids: string[]) => Promise<(id: string) => T>, missing: T) {
  return async (ids: readonly string[]): Promise<T[]> => {
    const valid = ids.filter(isUuid);
    if (!valid.length) return ids.map(() => missing);
    const answer = await lookup(valid);
    return ids.map((id) => answer(id.toLowerCase()));
  };
}

export function createUserLoaders(db: Queryable): UserLoaders {
  return {
    user: new DataLoader(
      batch(async (ids) => {
        const byId = new Map((await usersByIds(db, ids)).map((u) => [u.id, u]));
        return (id) => byId.get(id) ?? null;
      }, null),
    ),
    isAdmin: new DataLoader(
      batch(async (ids) => {
        const found = await adminIds(db, ids);
        return (id) => found.has(id);
      }, false),
    ),
    isBanned: new DataLoader(
      batch(async (ids) => {
        const found = await bannedIds(db, ids);
        return (id) => found.has(id);
      }, false),
    ),
    ban: new DataLoader(
      batch(async (ids) => {
        const bans = await activeBans(db, ids);
        return (id) => bans.get(id) ?? null;
      }, null),
    ),
  };
}
