import {
  createHarness,
  EventLog,
  gatewayHeaders,
  gql as kitGql,
  TEST_NATS_URL,
  type GraphQLResponse as KitGraphQLResponse,
  type HarnessDefinition,
  type Loose,
} from '@lbf/service-kit/testing';
import type { BaseConfig } from '@lbf/service-kit';
import { connect } from 'nats';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DataSource } from 'typeorm';
import { startCatalogue, type RunningCatalogue } from '../src/app';
import type { CatalogueConfig } from '../src/config';
import { createDataSource } from '../src/database';
import { insertPdf, insertVideo, type PdfRow, type VideoRow } from './factories/items';

export const SIGNING_SECRET = 'secret-de-signature-des-tests-catalogue';

export type GraphQLResponse<T> = KitGraphQLResponse<T>;
export type { VideoRow };

/** A request as the gateway sends it: with the secret (when given) and the token. */
export function gql<T = Loose>(
  url: string,
  query: string,
  variables?: Record<string, unknown>,
  token?: string,
  gatewaySecret: string | null = null,
): Promise<GraphQLResponse<T>> {
  return kitGql<T>(url, query, variables, gatewayHeaders(gatewaySecret, token));
}

export { EventLog };

/** The catalogue's settings in a test file: the file's base config, its own media folder, the tests' signing secret. */
export function catalogueTestConfig(base: BaseConfig, mediaDir: string): CatalogueConfig {
  return { ...base, mediaDir, mediaSigningSecret: SIGNING_SECRET };
}

/** The one definition of the catalogue for the kit's createHarness: how a test file boots it. */
export function catalogueHarnessDefinition(mediaDir: string): HarnessDefinition<CatalogueConfig, RunningCatalogue> {
  return { service: 'catalogue', config: (base) => catalogueTestConfig(base, mediaDir), start: startCatalogue };
}

/**
 * One test file's catalogue on the kit's createHarness: its own database copy, stream, Redis
 * prefix and media folder, the service on a free port, an administrator and a customer, the
 * gateway's way of calling it, a log of the events it publishes and the rooms' factories
 * (factories/items.ts, media.ts, entitlements.ts, playback.ts).
 */
export async function setupCatalogue(overrides: Partial<CatalogueConfig> = {}) {
  const mediaDir = await mkdtemp(join(tmpdir(), 'lbf-catalogue-test-'));
  const harness = await createHarness(catalogueHarnessDefinition(mediaDir), overrides).catch(async (err: unknown) => {
    await rm(mediaDir, { recursive: true, force: true });
    throw err;
  });
  const { env, app, config, sql, redis } = harness;
  const origin = app.url.replace(/\/graphql$/, '');
  const nc = await connect({ servers: TEST_NATS_URL });
  const events = new EventLog(nc, env.stream.prefix);
  const admin = harness.newUser({ admin: true });
  const customer = harness.newUser();
  const call =
    (token?: string) =>
    <T = Loose>(q: string, variables?: Record<string, unknown>) =>
      gql<T>(app.url, q, variables, token, env.subgraphSecret);
  const cliSources: DataSource[] = [];

  const t = {
    /** The kit's harness underneath (as(user), publish, events(subjects), more replicas...). */
    harness,
    app,
    config,
    db: env.db,
    sql,
    events,
    redis,
    redisKeyPrefix: env.redisKeyPrefix,
    subgraphSecret: env.subgraphSecret,
    /** This file's stream (publish events to it as another service would) and a NATS connection. */
    stream: env.stream,
    nc,
    /** Another signed-in user (a second customer, or an administrator). */
    newUser: (opts?: Parameters<typeof harness.newUser>[0]) => harness.newUser(opts),
    mediaDir,
    origin,
    adminId: admin.userId,
    customerId: customer.userId,
    adminToken: admin.token,
    customerToken: customer.token,
    /** As a visitor (no token). */
    query: call(),
    asAdmin: call(admin.token),
    asCustomer: call(customer.token),
    /** As the holder of `token`. */
    as: <T = Loose>(token: string, q: string, variables?: Record<string, unknown>) => call(token)<T>(q, variables),
    /** fetch as the gateway's /media proxy does: the secret on requests to the catalogue, nothing added elsewhere (S3). */
    fetch: (url: string | URL, init: RequestInit = {}) =>
      fetch(
        url,
        String(url).startsWith(origin) ? { ...init, headers: { ...Object.fromEntries(new Headers(init.headers)), ...gatewayHeaders(env.subgraphSecret) } } : init,
      ),
    /** Absolute URL of a relative /media URL. */
    abs: (url: string) => (url.startsWith('/') ? `${origin}${url}` : url),
    /** factories/items.ts insertVideo, on this file's database. */
    insertVideo: (v: VideoRow) => insertVideo(sql, v),
    /** factories/items.ts insertPdf, on this file's database. */
    insertPdf: (p: PdfRow) => insertPdf(sql, p),
    /** A connection of its own to this file's database, as a command (seed, backfill) opens one: no relay; closed at teardown. */
    async cliDataSource(): Promise<DataSource> {
      const ds = createDataSource(config.databaseUrl, 2);
      await ds.initialize();
      cliSources.push(ds);
      return ds;
    },
    async teardown() {
      for (const ds of cliSources) await ds.destroy();
      events.stop();
      await nc.close();
      await harness.teardown();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
  return t;
}

export type CatalogueTestContext = Awaited<ReturnType<typeof setupCatalogue>>;

export const VIDEO_FIELDS = `id title description category categoryLabel priceCents currency durationSeconds createdAt thumbnailUrl
  presenter { name title photoUrl } learnItems viewCount downloadCount playbackUrl downloadUrl`;
