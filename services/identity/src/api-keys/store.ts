import type { ApiScope } from '@lbf/service-kit';
import { modify, select, type Queryable } from '../shared/sql';
import type { NewApiKey } from './rules';

/** The API keys' data-access door: the api_keys table. */

export interface ApiKey {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  costPerMinute: number;
  expiresAt: Date;
  createdAt: Date;
  createdBy: string | null;
  revokedAt: Date | null;
  lastUsedAt: Date | null;
}

interface ApiKeyRow {
  id: string;
  name: string;
  prefix: string;
  scopes: ApiScope[];
  cost_per_minute: number;
  expires_at: Date;
  created_at: Date;
  created_by: string | null;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

const COLUMNS = 'id, name, prefix, scopes, cost_per_minute, expires_at, created_at, created_by, revoked_at, last_used_at';

const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  scopes: r.scopes,
  costPerMinute: r.cost_per_minute,
  expiresAt: r.expires_at,
  createdAt: r.created_at,
  createdBy: r.created_by,
  revokedAt: r.revoked_at,
  lastUsedAt: r.last_used_at,
});

export async function insertApiKey(db: Queryable, key: NewApiKey, secret: { hash: string; prefix: string }, createdBy: string): Promise<ApiKey> {
  const [row] = await select<ApiKeyRow>(
    db,
    `INSERT INTO api_keys (name, prefix, secret_hash, scopes, cost_per_minute, expires_at, created_by)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
    [key.name, secret.prefix, secret.hash, key.scopes, key.costPerMinute, key.expiresAt, createdBy],
  );
  return toApiKey(row!);
}

export async function listApiKeys(db: Queryable): Promise<ApiKey[]> {
  return (await select<ApiKeyRow>(db, `SELECT ${COLUMNS} FROM api_keys ORDER BY created_at DESC, id`)).map(toApiKey);
}

export async function apiKeyById(db: Queryable, id: string, lock = false): Promise<ApiKey | null> {
  const [row] = await select<ApiKeyRow>(db, `SELECT ${COLUMNS} FROM api_keys WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
  return row ? toApiKey(row) : null;
}

/** The key whose secret hashes to this, or null. */
export async function apiKeyBySecretHash(db: Queryable, hash: string): Promise<ApiKey | null> {
  const [row] = await select<ApiKeyRow>(db, `SELECT ${COLUMNS} FROM api_keys WHERE secret_hash = $1`, [hash]);
  return row ? toApiKey(row) : null;
}

/** Revokes the key; its revocation instant, or null when it was revoked already. */
export async function revokeApiKeyRow(db: Queryable, id: string, by: string): Promise<Date | null> {
  const { rows } = await modify<{ revoked_at: Date }>(db, 'UPDATE api_keys SET revoked_at = now(), revoked_by = $2 WHERE id = $1 AND revoked_at IS NULL RETURNING revoked_at', [id, by]);
  return rows[0]?.revoked_at ?? null;
}

/** Last use, written at most once a minute per key. */
export async function touchApiKey(db: Queryable, id: string): Promise<void> {
  await modify(db, `UPDATE api_keys SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`, [id]);
}
