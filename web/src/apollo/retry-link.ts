import { ApolloLink } from '@apollo/client';
import { CombinedGraphQLErrors, CombinedProtocolErrors, ServerError, ServerParseError } from '@apollo/client/errors';
import { RetryLink } from '@apollo/client/link/retry';

/**
 * Retries QUERIES that failed on the network (no answer: offline, timeout, connection reset), with
 * exponential back-off and full jitter: about 300 ms, 600 ms, 1.2 s… never more than 5 s between
 * tries, 4 tries in all. Never retried:
 * - mutations (and subscriptions): a payment or a message sent twice is worse than an error shown
 *   once; the person decides to send again;
 * - answers that arrived: GraphQL errors, HTTP errors (ServerError), unreadable bodies — the
 *   server spoke, asking again would get the same answer.
 */
export const RETRY_ATTEMPTS = 4;
export const RETRY_INITIAL_MS = 300;
export const RETRY_MAX_MS = 5_000;

export function isNetworkFailure(error: unknown): boolean {
  if (!error) return false;
  if (CombinedGraphQLErrors.is(error) || CombinedProtocolErrors.is(error)) return false;
  if (ServerError.is(error) || ServerParseError.is(error)) return false;
  // The request was cancelled by the app (unmount, refetch): not a failure to retry.
  if (error instanceof Error && error.name === 'AbortError') return false;
  return true;
}

export function shouldRetry(error: unknown, operation: Pick<ApolloLink.Operation, 'operationType'>): boolean {
  return operation.operationType === 'query' && isNetworkFailure(error);
}

export function createRetryLink(delay: RetryLink.DelayOptions = { initial: RETRY_INITIAL_MS, max: RETRY_MAX_MS, jitter: true }): ApolloLink {
  return new RetryLink({
    delay,
    attempts: { max: RETRY_ATTEMPTS, retryIf: (error, operation) => shouldRetry(error, operation) },
  });
}
