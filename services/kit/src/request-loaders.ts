import DataLoader from 'dataloader';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A loader of rows by id for one request: every id asked while one federation `_entities` batch
 * resolves joins ONE lookup of the distinct well-formed ids (none at all when there is none), and
 * each asked id gets its answer (case ignored) or `missing`. Dispatched on setImmediate, after every
 * resolver of the batch has run, however many promise turns the federation library takes between entities.
 */
export function batchLoader<V>(lookup: (ids: string[]) => Promise<Map<string, V>>, missing: V): DataLoader<string, V> {
  return new DataLoader(
    async (asked: readonly string[]) => {
      const ids = [...new Set(asked.filter((id) => UUID.test(id)).map((id) => id.toLowerCase()))];
      const found = ids.length ? await lookup(ids) : new Map<string, V>();
      return asked.map((id) => found.get(id.toLowerCase()) ?? missing);
    },
    { batchScheduleFn: (run) => void setImmediate(run) },
  );
}

/** A Set of ids as the Map a batchLoader wants (`true` for each). */
export const presentIn = (ids: Iterable<string>): Map<string, boolean> => new Map([...ids].map((id) => [id, true]));

/**
 * Loaders kept on the request's context object, made on first use (from `deps`, the same for every
 * request): two requests never share a result, and nothing outlives the request.
 */
export function perRequest<L extends object, D = void>(make: (deps: D) => L): (ctx: object, deps: D) => L {
  const byRequest = new WeakMap<object, L>();
  return (ctx, deps) => {
    let loaders = byRequest.get(ctx);
    if (!loaders) byRequest.set(ctx, (loaders = make(deps)));
    return loaders;
  };
}
