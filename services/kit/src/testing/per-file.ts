/**
 * The harness of the tests around the call (a file, or a `describe`): made in a `beforeAll`, torn
 * down in an `afterAll`, and reached meanwhile through the object this returns, whose fields are
 * read when a test or a later hook runs (never when the file loads). Replaces the
 * `let h; beforeAll(async () => { h = await …Harness() }); afterAll(() => h?.teardown())` that every
 * test file wrote again. A hook declared after this call finds the harness made.
 */
export function withHarness<H extends { teardown(): unknown }>(make: () => Promise<H>): H {
  let harness: H | undefined;
  beforeAll(async () => {
    harness = await make();
  });
  afterAll(async () => {
    await harness?.teardown();
  });
  return standIn(() => {
    if (!harness) throw new Error('the harness is made in beforeAll: use it inside a test or a hook');
    return harness;
  });
}

/**
 * An object standing for the one `get` answers at the moment a field is read: a harness made in a
 * hook, or a client inside it, named once at the top of a test file and used in its tests.
 */
export function standIn<T extends object>(get: () => T): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = get();
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
    set: (_, key, value) => Reflect.set(get(), key, value),
    has: (_, key) => Reflect.has(get(), key),
    ownKeys: () => Reflect.ownKeys(get()),
    getOwnPropertyDescriptor(_, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(get(), key);
      // The stand-in object has none of its own: a proxy may only report configurable ones.
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}
