import type { FormattedExecutionResult, GraphQLFormattedError } from 'graphql';
import type { Sink } from 'graphql-ws';

/** A subgraph answered the subscription with GraphQL errors (graphql-ws `error` message). */
export class UpstreamGraphQLErrors extends Error {
  readonly extensions: Record<string, unknown>;
  constructor(readonly errors: readonly GraphQLFormattedError[]) {
    super(errors[0]?.message ?? 'Erreur du sous-graphe');
    this.extensions = { ...(errors[0]?.extensions ?? {}) };
  }
}

/** The subgraph could not be reached or closed the connection. */
export class UpstreamUnavailable extends Error {
  readonly extensions = { code: 'SUBGRAPH_UNAVAILABLE' };
}

function describe(errOrClose: unknown): Error {
  if (Array.isArray(errOrClose)) return new UpstreamGraphQLErrors(errOrClose as GraphQLFormattedError[]);
  if (errOrClose && typeof errOrClose === 'object' && 'code' in errOrClose) {
    const e = errOrClose as { code: number; reason?: string };
    return new UpstreamUnavailable(`Le service des abonnements a fermé la connexion (${e.code}${e.reason ? ` ${e.reason}` : ''}).`);
  }
  return new UpstreamUnavailable(errOrClose instanceof Error ? errOrClose.message : 'Le service des abonnements est injoignable.');
}

/**
 * One upstream subscription seen as the async generator graphql-ws's server iterates. A native
 * async generator cannot be ended while it awaits its next value (its `return()` would queue behind
 * that await), so this one is hand-written: `return()` unsubscribes upstream at once and ends any
 * pending `next()`, which is what lets a client's `complete` or disconnect free the upstream.
 */
export class UpstreamSubscription implements AsyncGenerator<FormattedExecutionResult, void, unknown> {
  private readonly queue: FormattedExecutionResult[] = [];
  private pending: { resolve: (r: IteratorResult<FormattedExecutionResult, void>) => void; reject: (e: unknown) => void } | null = null;
  private failure: Error | null = null;
  private finished = false;
  private readonly unsubscribe: () => void;

  /** `start` subscribes upstream with the given sink and returns how to unsubscribe. */
  constructor(
    start: (sink: Sink<FormattedExecutionResult>) => () => void,
    private readonly maxQueued = 500,
  ) {
    this.unsubscribe = start({
      next: (value) => this.push(value),
      error: (err) => this.fail(describe(err)),
      complete: () => this.end(),
    });
  }

  private push(value: FormattedExecutionResult): void {
    if (this.finished) return;
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      p.resolve({ value, done: false });
      return;
    }
    this.queue.push(value);
    // A client that reads slower than the subgraph publishes would grow this without bound.
    if (this.queue.length > this.maxQueued) {
      this.unsubscribe();
      this.fail(new UpstreamUnavailable('Abonnement interrompu : le client ne lit pas assez vite.'));
    }
  }

  private fail(err: Error): void {
    if (this.finished) return;
    this.finished = true;
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      p.reject(err);
    } else {
      this.failure = err;
    }
  }

  private end(): void {
    if (this.finished) return;
    this.finished = true;
    if (this.pending) {
      const p = this.pending;
      this.pending = null;
      p.resolve({ value: undefined, done: true });
    }
  }

  next(): Promise<IteratorResult<FormattedExecutionResult, void>> {
    if (this.queue.length) return Promise.resolve({ value: this.queue.shift()!, done: false });
    if (this.failure) {
      const err = this.failure;
      this.failure = null;
      return Promise.reject(err);
    }
    if (this.finished) return Promise.resolve({ value: undefined, done: true });
    if (this.pending) return Promise.reject(new Error('next() called while a previous next() is pending'));
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
    });
  }

  async return(): Promise<IteratorResult<FormattedExecutionResult, void>> {
    if (!this.finished) this.unsubscribe();
    this.queue.length = 0;
    this.failure = null;
    this.end();
    return { value: undefined, done: true };
  }

  async throw(err?: unknown): Promise<IteratorResult<FormattedExecutionResult, void>> {
    await this.return();
    throw err;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  async [Symbol.asyncDispose](): Promise<void> {
    await this.return();
  }
}
