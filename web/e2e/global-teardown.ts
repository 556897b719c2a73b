/** Stops the browser tests' stack and removes its database, stream, Redis keys, keys and media; its logs stay. */
export default async function globalTeardown(): Promise<void> {
  const e2e = (globalThis as Record<string, unknown>).__LBF_E2E__ as { stack: { discard(): Promise<void> } } | undefined;
  await e2e?.stack.discard();
}
