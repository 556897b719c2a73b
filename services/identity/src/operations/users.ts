import DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { In } from 'typeorm';
import { isUuid } from '../domain/secrets';
import { User } from '../entities';

/**
 * Per-request batching: the admin users table asks for many users (and their flags) through
 * federation in one query; each loader turns those into one SQL statement.
 */
export interface UserLoaders {
  user: DataLoader<string, User | null>;
  isAdmin: DataLoader<string, boolean>;
  isBanned: DataLoader<string, boolean>;
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
  };
}
