import type { Logger, Redis } from '@lbf/service-kit';
import type { Express, RequestHandler } from 'express';
import type { SubgraphEndpoint } from '../config';
import { EXPORT_PATH, exportRelay } from './export-relay';
import { MEDIA_PATH, mediaProxy } from './media-proxy';
import { NEWSLETTER_PATH, newsletterRelay } from './newsletter-relay';
import { NOTIFY_PATH, notifyRelay } from './notify-relay';

/** What a relay may need besides its subgraph's URL. */
export interface RelayDeps {
  /** SUBGRAPH_SECRET, sent on every relayed request. */
  secret: string;
  redis: Redis;
  /** REDIS_KEY_PREFIX. */
  redisKeyPrefix: string;
  /** NOTIFY_PER_MINUTE_PER_IP. */
  notifyPerMinutePerIp: number;
  log: Logger;
}

/** A public path the gateway hands, as plain HTTP, to the one subgraph that answers it. */
export interface Relay {
  path: string;
  /** The subgraph by name (SUBGRAPHS); without it the relay is not mounted. */
  subgraph: string;
  handler(subgraphUrl: string, deps: RelayDeps): RequestHandler;
}

/**
 * The gateway's plain-HTTP relays, in the order they are mounted, all before the compression
 * middleware, any body parser and the web app.
 */
export const RELAYS: readonly Relay[] = [
  // Stored media, streamed both ways untouched (Range reads, large uploads): before compression.
  { path: MEDIA_PATH, subgraph: 'catalogue', handler: (url, deps) => mediaProxy(url, deps.secret) },
  // The payment providers' notifications: before any body parser, NotchPay signs the exact bytes.
  {
    path: NOTIFY_PATH,
    subgraph: 'commerce',
    handler: (url, deps) => notifyRelay(url, deps.secret, { redis: deps.redis, keyPrefix: deps.redisKeyPrefix, perMinute: deps.notifyPerMinutePerIp, log: deps.log }),
  },
  // The newsletter's one-click unsubscribe and tracked links, before the web app takes its pages.
  { path: NEWSLETTER_PATH, subgraph: 'messaging', handler: (url, deps) => newsletterRelay(url, deps.secret) },
  // A data export's archive (its signed link), before the web app takes its pages.
  { path: EXPORT_PATH, subgraph: 'messaging', handler: (url, deps) => exportRelay(url, deps.secret) },
];

/** Mounts every relay whose subgraph is configured; the others' paths are left to what follows. */
export function mountRelays(app: Express, subgraphs: readonly SubgraphEndpoint[], deps: RelayDeps): void {
  for (const relay of RELAYS) {
    const endpoint = subgraphs.find((s) => s.name === relay.subgraph);
    if (endpoint) app.use(relay.path, relay.handler(endpoint.url, deps));
  }
}
