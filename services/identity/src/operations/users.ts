import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { isUuid } from '../domain/secrets';
import { User } from '../entities';

/** A user's active ban as the administrators see it (User.ban); bannedBy is resolved through the user loader. */
export interface ActiveBan {
  reason: string;
  bannedAt: Date;
  bannedBy: string | null;
}

/**
 * Per-request batching: the admin users table asks for many users (and their flags) through
 * federation in one query; each loader turns those into one SQL statement. adminUsers primes them
 * all from its single page query, so its rows cost nothing more.
 */
export interface UserLoaders {
  user: DataLoader<string, User | null>;
  isAdmin: DataLoader<string, boolean>;
  isBanned: DataLoader<string, boolean>;
  ban: DataLoader<string, ActiveBan | null>;
}

async function idsWithRow(ds: DataSource, sql: string, ids: readonly string[]): Promise<Set<string>> {
  const valid = ids.filter(isUuid);
  if (!valid.length) return new Set();
  const rows = (await ds.query(sql, [valid])) as Array<{ user_id: string }>;
  return new Set(rows.map((r) => r.user_id));
}

export function createUserLoaders(ds: DataSource): UserLoaders {
  return {
    user: new DataLoader(async (ids) => {
      const valid = ids.filter(isUuid);
      const rows = valid.length ? await ds.getRepository(User).findBy({ id: In(valid) }) : [];
      const byId = new Map(rows.map((u) => [u.id, u]));
      return ids.map((id) => byId.get(id.toLowerCase()) ?? null);
    }),
    isAdmin: new DataLoader(async (ids) => {
      const found = await idsWithRow(ds, 'SELECT DISTINCT user_id FROM admin_roles WHERE user_id = ANY($1::uuid[])', ids);
      return ids.map((id) => found.has(id.toLowerCase()));
    }),
    isBanned: new DataLoader(async (ids) => {
      const found = await idsWithRow(ds, 'SELECT DISTINCT user_id FROM user_bans WHERE is_active AND user_id = ANY($1::uuid[])', ids);
      return ids.map((id) => found.has(id.toLowerCase()));
    }),
    ban: new DataLoader(async (ids) => {
      const valid = ids.filter(isUuid);
      const rows = valid.length
        ? ((await ds.query('SELECT user_id, reason, created_at, banned_by FROM user_bans WHERE is_active AND user_id = ANY($1::uuid[])', [valid])) as Array<{
            user_id: string;
            reason: string;
            created_at: Date;
            banned_by: string | null;
          }>)
        : [];
      const byId = new Map(rows.map((r) => [r.user_id, { reason: r.reason, bannedAt: r.created_at, bannedBy: r.banned_by }]));
      return ids.map((id) => byId.get(id.toLowerCase()) ?? null);
    }),
  };
}
