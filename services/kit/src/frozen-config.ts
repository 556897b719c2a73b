/**
 * Config is parsed once (zod, with every default in the schema) into a read-only object: use sites
 * read `config.x`, never `config.x ?? fallback` (issue 21). Frozen deeply so a test or a module
 * cannot change what another one reads.
 */
export type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends ReadonlyArray<infer U>
    ? ReadonlyArray<DeepReadonly<U>>
    : T extends object
      ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
      : T;

export function frozenConfig<T extends object>(config: T): DeepReadonly<T> {
  for (const value of Object.values(config)) {
    if (value && typeof value === 'object' && !Object.isFrozen(value)) frozenConfig(value as object);
  }
  return Object.freeze(config) as DeepReadonly<T>;
}
