/**
 * True when `error` is a code-split chunk that failed to arrive (network, or a deploy replaced
 * the file): each browser words it differently, and Vite adds its own for CSS preloads.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading chunk [\w-]+ failed/i.test(
      error.message,
    )
  );
}
