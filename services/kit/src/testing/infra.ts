import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { connect } from 'nats';
import { Client } from 'pg';
import { serviceDatabaseUrl } from '../provision';

/** Test helpers: real Postgres, NATS and Redis on loopback, with names no other test file shares. */

export const TEST_ADMIN_URL = process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const TEST_NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const TEST_REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

export function randomSuffix(): string {
  return randomBytes(5).toString('hex');
}

/** Waits until `check` returns a truthy value (or stops throwing), or fails after `timeoutMs`. */
export async function until<T>(check: () => T | Promise<T>, timeoutMs = 2000, what = 'condition'): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await check();
      if (value) return value as NonNullable<T>;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? `: ${String(lastError)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

function adminUrlFor(db: string): string {
  const u = new URL(TEST_ADMIN_URL);
  u.pathname = `/${db}`;
  return u.toString();
}

export interface TestDatabase {
  name: string;
  /** URL as the given service's own role. */
  urlFor(service: string): string;
  /** Superuser URL, for assertions that look across schemas. */
  adminUrl: string;
  drop(): Promise<void>;
}

/**
 * A fresh copy of the migrated template (see test/global-setup.ts): every schema migrated, owned by
 * the services' roles, no rows. One per test file, so files never see each other's data.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  // The creation time in the name lets a later run drop copies left by a killed one.
  const name = `lbf_t_${Math.floor(Date.now() / 1000)}_${randomSuffix()}`;
  const template = process.env.TEST_TEMPLATE_DB;
  if (!template) throw new Error('TEST_TEMPLATE_DB is not set: run integration tests through jest (its global setup makes the template)');
  await asServerAdmin(`CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  return {
    name,
    urlFor: (service) => serviceDatabaseUrl(TEST_ADMIN_URL, service, name),
    adminUrl: adminUrlFor(name),
    drop: () => dropTestDatabase(name),
  };
}

/** One statement on the server's maintenance database, as its administrator (CREATE/DROP DATABASE). */
async function asServerAdmin(statement: string): Promise<void> {
  const admin = new Client({ connectionString: TEST_ADMIN_URL });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** Drops a test database (a file's copy, or the run's template), whoever is still connected to it. */
export function dropTestDatabase(name: string): Promise<void> {
  return asServerAdmin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

export interface TestStream {
  stream: string;
  prefix: string;
  /** Deletes the stream and its consumers. */
  remove(natsUrl?: string): Promise<void>;
}

/** A stream name and subject prefix of this test file's own. */
export function testStream(): TestStream {
  const suffix = randomSuffix();
  const stream = `T_${suffix}`;
  return {
    stream,
    prefix: `t${suffix}`,
    remove: (natsUrl = TEST_NATS_URL) => deleteStream(stream, natsUrl),
  };
}

/** Deletes a JetStream stream and its consumers; a stream that is already gone is fine. */
export async function deleteStream(stream: string, natsUrl = TEST_NATS_URL): Promise<void> {
  const nc = await connect({ servers: natsUrl });
  try {
    const jsm = await nc.jetstreamManager();
    await jsm.streams.delete(stream).catch(() => undefined);
  } finally {
    await nc.close();
  }
}

/** Deletes every Redis key under `prefix:` (a service's queues and rate limits), so a test file leaves none behind. */
export async function removeRedisKeys(prefix: string, redisUrl = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(redisUrl, { lazyConnect: true });
  await redis.connect();
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length) await redis.unlink(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

/** A fresh ES256 key pair, as identity uses to sign access tokens. */
export function testKeys(): { privateKey: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}
