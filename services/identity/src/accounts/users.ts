import { batchLoader, presentIn } from '@lbf/service-kit';
import type DataLoader from 'dataloader';
import type { Queryable } from '../shared/sql';
import type { ActiveBan, User } from '../shared/user';
import { activeBans, adminIds, bannedIds, usersByIds } from './store';

/**
 * The users read model of one request. Per-request batching: the admin users table asks for many
 * users (and their flags) through federation in one query; each loader turns those into one SQL
 * statement (the kit's batchLoader). The admin table primes them all from its single page query, so its rows cost nothing more.
 */
export interface UserLoaders {
  user: DataLoader<string, User | null>;
  isAdmin: DataLoader<string, boolean>;
  isBanned: DataLoader<string, boolean>;
  ban: DataLoader<string, ActiveBan | null>;
}

export function createUserLoaders(db: Queryable): UserLoaders {
  return {
    user: batchLoader(async (ids) => new Map((await usersByIds(db, ids)).map((u) => [u.id, u])), null),
    isAdmin: batchLoader(async (ids) => presentIn(await adminIds(db, ids)), false),
    isBanned: batchLoader(async (ids) => presentIn(await bannedIds(db, ids)), false),
    ban: batchLoader((ids) => activeBans(db, ids), null),
  };
}
