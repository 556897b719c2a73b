import type { Logger } from '@lbf/service-kit';
import { createClient, type Client } from 'graphql-ws';
import { toWebSocketUrl } from '../schema/supergraph';
import { SUBGRAPH_SECRET_HEADER, webSocketWithHeaders } from '../shared/subgraph-credential';
import type { Connection } from './connection';
import { SharedSubscriptions } from './shared-subscriptions';

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
        retryAttempts: 5,
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
        retryAttempts: 5,
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
