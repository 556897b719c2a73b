import type { Logger } from '@lbf/service-kit';
import { createClient, type Client } from 'graphql-ws';
import { toWebSocketUrl } from '../schema/supergraph';
import { SUBGRAPH_SECRET_HEADER, webSocketWithHeaders } from '../shared/subgraph-credential';
import type { Connection } from './connection';
import { SharedSubscriptions } from './shared-subscriptions';

/**
 * How long an upstream graphql-ws client waits before its `retries`+1-th reconnection: 100 ms doubled
 * each time up to 1 s, plus up to 200 ms of jitter (a refused connection on loopback or in a cluster costs little). graphql-ws's default (1.3–4 s, then 2.3–5 s, …)
 * left a live subscription silent for seconds after its subgraph replica drained (closing it with
 * 1001) or restarted, although another replica, or the restarted one, answered at once (issue 22 §5).
 */
export function upstreamRetryDelayMs(retries: number, random: () => number = Math.random): number {
  return Math.min(1000, 100 * 2 ** Math.min(retries, 4)) + Math.floor(random() * 200);
}

/** Reconnections tried before a subscription is told its subgraph is gone: about a minute at the capped wait. */
export const UPSTREAM_RETRY_ATTEMPTS = 60;

/**
 * Reconnection of the upstream clients. graphql-ws retries only after a close event by default: a
 * refused connection (the subgraph's replica restarting) arrives as an error event first, which
 * ended every subscription on that client for good (the recovery bench's live subscriber never
 * heard of its restarted subgraph again). Any failure is retried now; the fatal close codes
 * (4400, 4401, …) still end the subscriptions at once.
 */
const retryOptions = {
  retryAttempts: UPSTREAM_RETRY_ATTEMPTS,
  shouldRetry: () => true,
  retryWait: (retries: number) => new Promise<void>((resolve) => setTimeout(resolve, upstreamRetryDelayMs(retries))),
};

/**
 * The graphql-ws clients towards the subgraphs, each upgrade carrying the gateway's credential:
 * public subscriptions share one anonymous client per subgraph (and one upstream subscription per
 * request, SharedSubscriptions); a signed-in connection gets its own client per subgraph with its token.
 */
export class UpstreamClients {
  readonly shared: SharedSubscriptions;
  private readonly sharedClients = new Map<string, Client>();
  private readonly webSocketImpl: ReturnType<typeof webSocketWithHeaders>;

  constructor(
    subgraphSecret: string,
    private readonly subgraphUrl: (name: string) => string | null,
    private readonly log: Logger,
  ) {
    this.webSocketImpl = webSocketWithHeaders({ [SUBGRAPH_SECRET_HEADER]: subgraphSecret });
    this.shared = new SharedSubscriptions((subgraph) => this.sharedClient(subgraph));
  }

  private sharedClient(subgraph: string): Client {
    let client = this.sharedClients.get(subgraph);
    if (!client) {
      const httpUrl = this.subgraphUrl(subgraph);
      if (!httpUrl) throw new Error(`no URL for subgraph ${subgraph}`);
      client = createClient({
        url: toWebSocketUrl(httpUrl),
        webSocketImpl: this.webSocketImpl,
        connectionParams: {},
        lazy: true,
        ...retryOptions,
        on: { error: (err) => this.log.warn({ subgraph, err: String(err) }, 'shared upstream subscription connection error') },
      });
      this.sharedClients.set(subgraph, client);
    }
    return client;
  }

  /** The connection's own client for this subgraph, with its token. */
  forConnection(connection: Connection, subgraph: string, wsUrl: string): Client {
    let client = connection.upstreams.get(subgraph);
    if (!client) {
      const authorization = connection.authorization;
      client = createClient({
        url: wsUrl,
        webSocketImpl: this.webSocketImpl,
        connectionParams: authorization ? { authorization } : {},
        // Connect on the first subscription, close when the last one ends; retry a restarting subgraph.
        lazy: true,
        ...retryOptions,
        on: {
          error: (err) => this.log.warn({ subgraph, err: String(err) }, 'upstream subscription connection error'),
        },
      });
      connection.upstreams.set(subgraph, client);
    }
    return client;
  }

  disposeShared(): void {
    for (const client of this.sharedClients.values()) {
      Promise.resolve(client.dispose()).catch((err: unknown) => this.log.debug({ err: String(err) }, 'shared upstream client disposed while reconnecting'));
    }
  }
}
