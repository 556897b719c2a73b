/**
 * Per-request batching (the DataLoader idea, in the few lines we need): every `load(key)` asked
 * before the event loop's next turn is answered by one call of `fetch(keys)`, and each key is
 * fetched once per batcher. graphql-js resolves the fields of a list's items (and of an
 * `_entities` batch whose references resolved together) within one turn, so a page of 12 videos
 * costs one query. A batcher lives as long as the request it was made for (see `perRequest`).
 */
export class Batcher<K, V> {
  private readonly known = new Map<K, Promise<V>>();
  private queue: Array<{ key: K; resolve: (v: V) => void; reject: (e: unknown) => void }> = [];

  constructor(
    private readonly fetch: (keys: K[]) => Promise<Map<K, V>>,
    private readonly missing: V,
  ) {}

  load(key: K): Promise<V> {
    const cached = this.known.get(key);
    if (cached) return cached;
    const p = new Promise<V>((resolve, reject) => {
      this.queue.push({ key, resolve, reject });
      if (this.queue.length === 1) setImmediate(() => this.flush());
    });
    this.known.set(key, p);
    return p;
  }

  /** Records an answer already known (e.g. from a filtered list), so it is never fetched. */
  prime(key: K, value: V): void {
    if (!this.known.has(key)) this.known.set(key, Promise.resolve(value));
  }

  private flush(): void {
    const batch = this.queue;
    this.queue = [];
    this.fetch(batch.map((b) => b.key)).then(
      (found) => batch.forEach((b) => b.resolve(found.has(b.key) ? found.get(b.key)! : this.missing)),
      (err: unknown) =>
        batch.forEach((b) => {
          // A failed fetch is not remembered: a later load asks again.
          this.known.delete(b.key);
          b.reject(err);
        }),
    );
  }
}

/**
 * One value per request: keyed by the GraphQL context object, which graphql-js passes unchanged to
 * every resolver of a request and drops with it.
 */
export function perRequest<T>(make: (ctx: object) => T): (ctx: object) => T {
  const values = new WeakMap<object, T>();
  return (ctx) => {
    let v = values.get(ctx);
    if (v === undefined) {
      v = make(ctx);
      values.set(ctx, v);
    }
    return v;
  };
}
