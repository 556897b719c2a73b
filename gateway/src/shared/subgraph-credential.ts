import { GATEWAY_SECRET_HEADER } from '@lbf/service-kit';
import WebSocket from 'ws';

/**
 * The gateway's credential towards subgraphs: every upstream request (HTTP /graphql, SDL fetches,
 * WebSocket upgrades, /media) carries the kit's header with SUBGRAPH_SECRET, and the kit refuses
 * requests without it, so a subgraph answers only the gateway. One name, the one the kit checks.
 */
export const SUBGRAPH_SECRET_HEADER = GATEWAY_SECRET_HEADER;

/** A `ws` WebSocket class, as graphql-ws's client takes it, whose upgrade requests carry these headers. */
export function webSocketWithHeaders(headers: Record<string, string>): typeof WebSocket {
  class WebSocketWithHeaders extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  return WebSocketWithHeaders as typeof WebSocket;
}
