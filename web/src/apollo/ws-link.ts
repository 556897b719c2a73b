import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient } from 'graphql-ws';
import { currentAccessToken, refreshSession, subscribeSession } from './session';

/**
 * The gateway closes a socket whose token was revoked (a ban, a sign-out elsewhere) with 4403
 * (gateway/src/subscriptions/, within 2 s). The session is asked for again at once, so a banned
 * person is told « Compte désactivé » on the open page, not on their next click.
 */
const CLOSE_REVOKED = 4403;

function closeCode(event: unknown): number | null {
  return typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number' ? event.code : null;
}

/**
 * graphql-ws over the same /graphql URL as HTTP. Loaded on the first subscription only, so pages
 * without live data never download it. The connection is lazy (opened by the first subscription,
 * closed after the last) and authenticates with the token current at connect time; when the token
 * changes an open socket is restarted so the gateway sees the new identity.
 */
function createWsLink(): GraphQLWsLink {
  const protocol = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  let activeSocket: WebSocket | null = null;
  let restartWhenOpen = false;

  const restart = () => {
    if (activeSocket?.readyState === WebSocket.OPEN) {
      // 4205 is not fatal: graphql-ws reconnects and resubscribes at once.
      activeSocket.close(4205, 'Client Restart');
    } else if (activeSocket?.readyState === WebSocket.CONNECTING) {
      restartWhenOpen = true;
    }
  };

  const client = createClient({
    url: `${protocol}//${window.location.host}/graphql`,
    lazy: true,
    lazyCloseTimeout: 3_000,
    keepAlive: 25_000,
    connectionParams: () => {
      const token = currentAccessToken();
      return token ? { authorization: `Bearer ${token}` } : {};
    },
    // Keep trying on flaky mobile networks, backing off to one attempt every 30 s at most.
    retryAttempts: Number.POSITIVE_INFINITY,
    shouldRetry: () => true,
    retryWait: (retries) =>
      new Promise((resolve) => setTimeout(resolve, Math.min(30_000, 1_000 * 2 ** retries) * (0.5 + Math.random() / 2))),
    on: {
      opened: (socket) => {
        activeSocket = socket as WebSocket;
        if (restartWhenOpen) {
          restartWhenOpen = false;
          restart();
        }
      },
      closed: (event) => {
        activeSocket = null;
        if (closeCode(event) === CLOSE_REVOKED && currentAccessToken()) void refreshSession();
      },
    },
  });

  let lastToken = currentAccessToken();
  subscribeSession(() => {
    const token = currentAccessToken();
    if (token !== lastToken) {
      lastToken = token;
      restart();
    }
  });

  return new GraphQLWsLink(client);
}

let link: GraphQLWsLink | null = null;

export function wsLink(): GraphQLWsLink {
  link ??= createWsLink();
  return link;
}
