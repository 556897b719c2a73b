import {
  createTestEnvironment,
  EventLog,
  gatewayHeaders,
  gql as kitGql,
  TEST_NATS_URL,
  type GraphQLResponse as KitGraphQLResponse,
} from '@lbf/service-kit/testing';
import { connect } from 'nats';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCatalogue, type RunningCatalogue } from '../src/app';
import type { CatalogueConfig } from '../src/config';
import { normalizeText, searchDocument } from '../src/shared/search';

export const SIGNING_SECRET = 'secret-de-signature-des-tests-catalogue';

export type GraphQLResponse<T> = KitGraphQLResponse<T>;

/** A request as the gateway sends it: with the secret (when given) and the token. */
export function gql<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
  gatewaySecret: string | null = null,
): Promise<GraphQLResponse<T>> {
  return kitGql<T>(url, query, variables, gatewayHeaders(gatewaySecret, token));
}

export { EventLog };

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
  const env = await createTestEnvironment();
  const { db, sql, redis, redisKeyPrefix, subgraphSecret } = env;
  const mediaDir = await mkdtemp(join(tmpdir(), 'lbf-catalogue-test-'));
  const config: CatalogueConfig = {
    ...env.baseConfig('catalogue'),
    mediaDir,
    mediaSigningSecret: SIGNING_SECRET,
    ...overrides,
  };
  const app: RunningCatalogue = await startCatalogue(config);
  const origin = app.url.replace(/\/graphql$/, '');
  const nc = await connect({ servers: TEST_NATS_URL });
  const events = new EventLog(nc, env.stream.prefix);

  const admin = env.newUser({ admin: true });
  const customer = env.newUser();
  const adminId = admin.userId;
  const customerId = customer.userId;
  const adminToken = admin.token;
  const customerToken = customer.token;

  let minutes = 0;
  return {
    app,
    config,
    db,
    sql,
    events,
    redis,
    redisKeyPrefix,
    subgraphSecret,
    /** This file's stream (publish events to it as another service would) and a NATS connection. */
    stream: env.stream,
    nc,
    /** Another signed-in user (a second customer, or an administrator). */
    newUser: (opts?: { admin?: boolean }) => env.newUser(opts),
    mediaDir,
    origin,
    adminId,
    customerId,
    adminToken,
    customerToken,
    /** As a visitor (no token). */
    query: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables, undefined, subgraphSecret),
    asAdmin: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables, adminToken, subgraphSecret),
    asCustomer: <T = Record<string, unknown>>(q: string, variables?: Record<string, unknown>) =>
      gql<T>(app.url, q, variables, customerToken, subgraphSecret),
    /** As the holder of `token`. */
    as: <T = Record<string, unknown>>(token: string, q: string, variables?: Record<string, unknown>) => gql<T>(app.url, q, variables, token, subgraphSecret),
    /** fetch as the gateway's /media proxy does: the secret on requests to the catalogue, nothing added elsewhere (S3). */
    fetch: (url: string | URL, init: RequestInit = {}) =>
      fetch(url, String(url).startsWith(origin) ? { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...gatewayHeaders(subgraphSecret) } } : init),
    /** Absolute URL of a relative /media URL. */
    abs: (url: string) => (url.startsWith('/') ? `${origin}${url}` : url),
    /** A published video row straight in the table (no file behind it, marked ready so the pipeline leaves it be), for the query tests. Each is a minute older than the last unless told. */
    async insertVideo(v: VideoRow): Promise<string> {
      const id = v.id ?? randomUUID();
      minutes += 1;
      await sql.query(
        `INSERT INTO catalogue.videos (id, title, description, category, price_cents, duration_seconds, presenter_name, view_count,
           video_key, video_content_type, video_size, search_text, title_key, created_at, published_at, updated_at, processing_state, processing_progress)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'video/mp4', 1000, $10, $11, $12, $12, $12, 'ready', 100)`,
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
      await env.cleanup();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

export type CatalogueTestContext = Awaited<ReturnType<typeof setupCatalogue>>;

export const VIDEO_FIELDS = `id title description category categoryLabel priceCents currency durationSeconds createdAt thumbnailUrl
  presenter { name title photoUrl } learnItems viewCount downloadCount playbackUrl downloadUrl`;
