import type { FormattedExecutionResult } from 'graphql';
import type { Client, Sink } from 'graphql-ws';

export interface SharedRequest {
  query: string;
  variables?: Record<string, unknown> | null;
  operationName?: string | null;
}

interface Entry {
  sinks: Set<Sink<FormattedExecutionResult>>;
  /** The latest result: a state stream (live counters) gives it to late joiners at once. */
  last: FormattedExecutionResult | null;
  unsubscribe: () => void;
}

/**
 * Subscription deduplication for public subscriptions (as Apollo Router does): subscribers with the
 * same subgraph, document, variables and operation name, and no user-specific context (no token),
 * share ONE upstream subscription, fanned out here. The upstream ends when the last one leaves.
 * A late joiner first receives the latest result, as a fresh upstream subscription of a state stream
 * would have sent it the current state.
 */
export class SharedSubscriptions {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly clientFor: (subgraph: string) => Client) {}

  /** How many upstream subscriptions are open (one per distinct request). */
  get size(): number {
    return this.entries.size;
  }

  static key(subgraph: string, request: SharedRequest): string {
    return JSON.stringify([subgraph, request.operationName ?? null, request.query, request.variables ?? null]);
  }

  /** Joins (or opens) the shared upstream subscription; returns how to leave it. */
  join(subgraph: string, request: SharedRequest, sink: Sink<FormattedExecutionResult>): () => void {
    const key = SharedSubscriptions.key(subgraph, request);
    let entry = this.entries.get(key);
    if (!entry) {
      const created: Entry = { sinks: new Set(), last: null, unsubscribe: () => undefined };
      this.entries.set(key, created);
      const finish = () => {
        if (this.entries.get(key) === created) this.entries.delete(key);
      };
      created.unsubscribe = this.clientFor(subgraph).subscribe<Record<string, unknown>>(
        { query: request.query, variables: request.variables ?? undefined, operationName: request.operationName ?? undefined },
        {
          next: (result) => {
            created.last = result as FormattedExecutionResult;
            for (const s of [...created.sinks]) s.next(result as FormattedExecutionResult);
          },
          error: (err) => {
            finish();
            for (const s of [...created.sinks]) s.error(err);
            created.sinks.clear();
          },
          complete: () => {
            finish();
            for (const s of [...created.sinks]) s.complete();
            created.sinks.clear();
          },
        },
      );
      entry = created;
    }
    const joined = entry;
    joined.sinks.add(sink);
    if (joined.last) sink.next(joined.last);
    return () => {
      if (!joined.sinks.delete(sink)) return;
      if (joined.sinks.size === 0 && this.entries.get(key) === joined) {
        this.entries.delete(key);
        joined.unsubscribe();
      }
    };
  }
}
