import { decodeEnvelope, natsSubject, type EventSubject } from '@lbf/proto-events';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_AUDIENCE, ACCESS_TOKEN_ISSUER } from '@lbf/service-kit';
import {
  createTestDatabase,
  randomSuffix,
  removeRedisKeys,
  testKeys,
  testStream,
  TEST_NATS_URL,
  TEST_REDIS_URL,
  type TestDatabase,
  type TestStream,
} from '@lbf/service-kit/testing';
import { Redis } from 'ioredis';
import jwt from 'jsonwebtoken';
import { connect, type NatsConnection, type Subscription } from 'nats';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { startCatalogue, type RunningCatalogue } from '../src/app';
import type { CatalogueConfig } from '../src/config';
import { normalizeText, searchDocument } from '../src/domain/search';

export interface GraphQLResponse<T> {
  data?: T | null;
  errors?: Array<{ message: string; extensions?: { code?: string } }>;
}

export const SIGNING_SECRET = 'secret-de-signature-des-tests-catalogue';

export async function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
): Promise<GraphQLResponse<T>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  return (await res.json()) as GraphQLResponse<T>;
}

/** Events seen on the test's stream, decoded and validated against the contract. */
export class EventLog {
  readonly seen: Array<{ subject: string; data: Record<string, unknown> }> = [];
  private readonly subs: Subscription[] = [];

  constructor(
    private readonly nc: NatsConnection,
    private readonly prefix: string,
  ) {}

  listen(subject: EventSubject): void {
    const sub = this.nc.subscribe(natsSubject(this.prefix, subject));
    this.subs.push(sub);
    void (async () => {
      for await (const m of sub) {
        const decoded = decodeEnvelope(m.data);
        if (decoded.ok) this.seen.push({ subject: decoded.envelope.subject, data: decoded.envelope.data as Record<string, unknown> });
      }
    })();
  }

  find(subject: string, match: (data: Record<string, unknown>) => boolean) {
    return this.seen.find((e) => e.subject === subject && match(e.data));
  }

  stop(): void {
    for (const s of this.subs) s.unsubscribe();
  }
}

export interface VideoRow {
  id?: string;
  title: string;
  description?: string;
  category?: string;
  priceCents?: number;
  durationSeconds?: number | null;
  createdAt?: Date;
  presenterName?: string | null;
  viewCount?: number;
}

/**
 * One test file's catalogue: its own database copy, stream, Redis prefix and media folder, the
 * service on a free port, tokens for an administrator, a customer and none, and data factories.
 */
export async function setupCatalogue(overrides: Partial<CatalogueConfig> = {}) {
  const db: TestDatabase = await createTestDatabase();
  const stream: TestStream = testStream();
  const keys = testKeys();
  const redisKeyPrefix = `t_${randomSuffix()}`;
  const mediaDir = await mkdtemp(join(tmpdir(), 'lbf-catalogue-test-'));
  const config: CatalogueConfig = {
    port: 0,
    databaseUrl: db.urlFor('catalogue'),
    natsUrl: TEST_NATS_URL,
    redisUrl: TEST_REDIS_URL,
    eventStream: stream.stream,
    eventPrefix: stream.prefix,
    authPublicKey: keys.publicKey,
    production: false,
    mediaDir,
    mediaSigningSecret: SIGNING_SECRET,
    logLevel: 'silent',
    redisKeyPrefix,
    ...overrides,
  };
  const app: RunningCatalogue = await startCatalogue(config);
  const origin = app.url.replace(/\/graphql$/, '');
  const sql = new Client({ connectionString: db.adminUrl });
  await sql.connect();
  const nc = await connect({ servers: TEST_NATS_URL });
  const events = new EventLog(nc, stream.prefix);
  const redis = new Redis(TEST_REDIS_URL);

  const token = (roles: string[], userId = randomUUID()) =>
    jwt.sign({ sub: userId, sid: randomUUID(), roles }, keys.privateKey, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: ACCESS_TOKEN_AUDIENCE,
      expiresIn: '15m',
    });
  const adminId = randomUUID();
  const customerId = randomUUID();
  const adminToken = token(['admin'], adminId);
  const customerToken = token([], customerId);

  let minutes = 0;
  return {
    app,
    config,
    db,
    sql,
    events,
    redis,
    redisKeyPrefix,
    mediaDir,
    origin,
    adminId,
    customerId,
    adminToken,
    customerToken,
    /** As a visitor (no token). */
    query: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables),
    asAdmin: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables, adminToken),
    asCustomer: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables, customerToken),
    /** Absolute URL of a relative /media URL. */
    abs: (url: string) => (url.startsWith('/') ? `${origin}${url}` : url),
    /** A video row straight in the table (no file behind it), for the query tests. Each is a minute older than the last unless told. */
    async insertVideo(v: VideoRow): Promise<string> {
      const id = v.id ?? randomUUID();
      minutes += 1;
      await sql.query(
        `INSERT INTO catalogue.videos (id, title, description, category, price_cents, duration_seconds, presenter_name, view_count,
           video_key, video_content_type, video_size, search_text, title_key, created_at, published_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'video/mp4', 1000, $10, $11, $12, $12, $12)`,
        [
          id,
          v.title,
          v.description ?? '',
          v.category ?? 'health',
          v.priceCents ?? 359,
          v.durationSeconds ?? null,
          v.presenterName ?? null,
          v.viewCount ?? 0,
          `test-${id}.mp4`,
          searchDocument(v.title, v.description ?? ''),
          normalizeText(v.title),
          v.createdAt ?? new Date(Date.now() - minutes * 60_000),
        ],
      );
      return id;
    },
    async teardown() {
      events.stop();
      await app.stop();
      await nc.close();
      await sql.end();
      await removeRedisKeys(redisKeyPrefix);
      redis.disconnect();
      await stream.remove();
      await db.drop();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

export type CatalogueTestContext = Awaited<ReturnType<typeof setupCatalogue>>;

export const VIDEO_FIELDS = `id title description category categoryLabel priceCents currency durationSeconds createdAt thumbnailUrl
  presenter { name title photoUrl } learnItems viewCount downloadCount playbackUrl downloadUrl`;
