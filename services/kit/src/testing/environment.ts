import { randomBytes, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { Client } from 'pg';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER, type Role } from '../auth';
import { DEFAULT_SITE_TIMEZONE } from '../csv';
import { DEFAULT_DB_POOL_MAX, type BaseConfig } from '../env';
import { serviceByName } from '../registry';
import { createTestDatabase, randomSuffix, removeRedisKeys, testKeys, testStream, TEST_NATS_URL, TEST_REDIS_URL, type TestDatabase, type TestStream } from './infra';

/** A user as every service but identity knows one: an id and the access token identity would sign. */
export interface TestUser {
  userId: string;
  sessionId: string;
  token: string;
  roles: Role[];
}

/**
 * One test file's world: its own database copy, stream, Redis prefix, key pair and gateway secret,
 * a superuser SQL connection and a Redis client to look behind the service, and factories.
 */
export interface TestEnvironment {
  db: TestDatabase;
  stream: TestStream;
  keys: { privateKey: string; publicKey: string };
  redisKeyPrefix: string;
  /** The gateway's credential the services of this file are started with; the test clients send it. */
  subgraphSecret: string;
  /** Superuser connection to this file's database: the test's back door. */
  sql: Client;
  redis: Redis;
  /** The base config of one registered service, on a free port, pointed at this file's servers. */
  baseConfig(service: string): BaseConfig;
  /** An access token for a fresh user id, signed with this file's key. */
  newUser(opts?: { admin?: boolean; userId?: string; sessionId?: string }): TestUser;
  /** Removes everything above (database, stream, Redis keys); call after the services have stopped. */
  cleanup(): Promise<void>;
}

export function testSecret(): string {
  return randomBytes(24).toString('base64url');
}

export async function createTestEnvironment(): Promise<TestEnvironment> {
  const db = await createTestDatabase();
  const stream = testStream();
  const keys = testKeys();
  const redisKeyPrefix = `t_${randomSuffix()}`;
  const subgraphSecret = testSecret();
  const sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  const redis = new Redis(TEST_REDIS_URL);
  return {
    db,
    stream,
    keys,
    redisKeyPrefix,
    subgraphSecret,
    sql,
    redis,
    baseConfig: (service) => ({
      port: 0,
      databaseUrl: db.urlFor(serviceByName(service).schema),
      dbPoolMax: DEFAULT_DB_POOL_MAX,
      natsUrl: TEST_NATS_URL,
      redisUrl: TEST_REDIS_URL,
      eventStream: stream.stream,
      eventPrefix: stream.prefix,
      authPublicKey: keys.publicKey,
      production: false,
      logLevel: 'silent',
      redisKeyPrefix,
      subgraphSecret,
      siteTimezone: DEFAULT_SITE_TIMEZONE,
      migrations: { mode: 'boot', waitMs: 60_000 },
      // In-process: nothing routes to it, so nothing to wait for after SIGTERM.
      shutdownDelayMs: 0,
    }),
    newUser(opts = {}) {
      const userId = opts.userId ?? randomUUID();
      const sessionId = opts.sessionId ?? randomUUID();
      const roles: Role[] = opts.admin ? ['admin'] : [];
      const token = jwt.sign({ sub: userId, sid: sessionId, roles }, keys.privateKey, {
        algorithm: ACCESS_TOKEN_ALGORITHM,
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        expiresIn: '15m',
      });
      return { userId, sessionId, token, roles };
    },
    async cleanup() {
      await sql.end();
      await removeRedisKeys(redisKeyPrefix);
      redis.disconnect();
      await stream.remove();
      await db.drop();
    },
  };
}
