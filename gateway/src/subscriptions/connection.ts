import { bearerToken, type AccessTokenVerifier, type AuthUser, type Logger } from '@lbf/service-kit';
import type { Client } from 'graphql-ws';
import type { UpstreamGraphQLErrors } from './upstream-subscription';

/** Close codes: the client reconnects (the web app with its current token, or as a visitor). */
export const CLOSE_REVOKED = 4403;
export const CLOSE_EXPIRED = 4401;

/** Per browser connection: who it is, and one upstream client per subgraph it subscribed to. */
export interface Connection {
  /** Closes the browser's socket (revocation, expiry). */
  close(code: number, reason: string): void;
  expiryTimer: NodeJS.Timeout | null;
  /** Ids of the subscriptions running on this socket (the per-socket cap). */
  active: Set<string>;
  auth: AuthUser | null;
  authorization: string | null;
  upstreams: Map<string, Client>;
  /** Upstream GraphQL errors by operation id, relayed verbatim by onError. */
  upstreamErrors: Map<string, UpstreamGraphQLErrors>;
}

/** The browser's socket as graphql-ws hands it over. */
interface BrowserSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly CONNECTING: number;
  close(code: number, reason: string): void;
}

/** The `exp` claim (seconds) of a token already verified, or null. */
function expiryOf(token: string): number | null {
  try {
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/**
 * A connection authenticated once from connectionParams.authorization: none makes a visitor, a bad
 * token gives null (the socket is refused). A signed-in socket is closed at its token's `exp`.
 */
export async function openConnection(params: Record<string, unknown>, socket: BrowserSocket, verifier: AccessTokenVerifier): Promise<Connection | null> {
  const header = params.authorization ?? params.Authorization;
  let auth: AuthUser | null = null;
  let authorization: string | null = null;
  if (header !== undefined && header !== null && header !== '') {
    const token = typeof header === 'string' ? bearerToken(header) : null;
    auth = await verifier.verify(token);
    if (!auth) return null;
    authorization = `Bearer ${token}`;
  }
  const connection: Connection = {
    close: (code, reason) => {
      if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(code, reason);
    },
    expiryTimer: null,
    active: new Set(),
    auth,
    authorization,
    upstreams: new Map(),
    upstreamErrors: new Map(),
  };
  // A long-lived socket must not outlive its token: closed at `exp`, the client reconnects with a fresh one.
  const exp = authorization ? expiryOf(authorization.slice(7)) : null;
  if (exp !== null) {
    connection.expiryTimer = setTimeout(() => connection.close(CLOSE_EXPIRED, 'Token expired'), Math.max(0, exp * 1000 - Date.now()));
    connection.expiryTimer.unref();
  }
  return connection;
}

/** The open connections, by graphql-ws's context object. */
export class LiveConnections {
  private readonly byContext = new WeakMap<object, Connection>();
  private readonly live = new Set<Connection>();

  constructor(private readonly log: Logger) {}

  add(ctx: object, connection: Connection): void {
    this.byContext.set(ctx, connection);
    this.live.add(connection);
  }

  get(ctx: object): Connection | undefined {
    return this.byContext.get(ctx);
  }

  all(): Connection[] {
    return [...this.live];
  }

  close(connection: Connection): void {
    this.live.delete(connection);
    if (connection.expiryTimer) clearTimeout(connection.expiryTimer);
    // dispose() awaits a pending (re)connection, which rejects when the subgraph is gone and no
    // subscription is left: that rejection is expected, and must never reach the process.
    for (const client of connection.upstreams.values()) {
      Promise.resolve(client.dispose()).catch((err: unknown) => this.log.debug({ err: String(err) }, 'upstream client disposed while reconnecting'));
    }
    connection.upstreams.clear();
  }
}
