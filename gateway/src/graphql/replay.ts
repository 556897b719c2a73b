/**
 * A query whose subgraph fetch failed on the connection is sent once more (issue 22 §4: a rolling
 * restart loses no request). A replica that is stopping, killed or not yet listening refuses or
 * drops the connection before answering (ECONNREFUSED, ECONNRESET, "socket hang up"); a query has
 * no effect to double, so sending it again, on a new connection that the Service or load balancer
 * gives to a replica still up, is safe. A mutation is never sent twice: it may have run before the
 * connection dropped, and the client is told it failed instead.
 *
 * The data source and the single-fetch passthrough mark a query's fetch with IDEMPOTENT_HEADER; the
 * header also reaches the proxy in front of the replicas, whose layer-7 retries (HAProxy's
 * `retry-on empty-response …`) are allowed for GET and for requests carrying it only.
 */
export const IDEMPOTENT_HEADER = 'x-lbf-idempotent';
export const IDEMPOTENT_QUERY = 'query';

/** Error codes of a connection refused or dropped before an answer came. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ECONNABORTED', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED']);

/** True when `err` says the connection failed before an answer (not a deadline, not the gateway stopping). */
export function isConnectionError(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && CONNECTION_CODES.has(e.code)) return true;
  if (typeof e.message === 'string' && /socket hang up|other side closed/i.test(e.message)) return true;
  return e.cause !== undefined && e.cause !== err && isConnectionError(e.cause);
}

/** The subgraph operation text is a query (`query …` or a bare selection `{ … }`), never a mutation or subscription. */
export function isQueryText(operation: string): boolean {
  return /^\s*(?:query\b|\{)/.test(operation);
}

/**
 * Runs `send`; when it fails on the connection and `replayable` (a query's fetch), runs it once
 * more and answers that second attempt's outcome. `onReplay` is told each time (metrics, logs).
 */
export async function sendWithReplay<T>(send: () => Promise<T>, replayable: boolean, onReplay?: (err: unknown) => void): Promise<T> {
  try {
    return await send();
  } catch (err) {
    if (!replayable || !isConnectionError(err)) throw err;
    onReplay?.(err);
    return send();
  }
}
