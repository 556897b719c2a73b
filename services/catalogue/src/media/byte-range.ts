/** One byte range of an HTTP Range header, inclusive, already bounded by the object's size. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads `Range: bytes=…` against an object of `size` bytes (RFC 9110 §14): `a-b`, `a-` and the
 * suffix form `-n`. Returns null when there is no usable range header (serve the whole object),
 * 'unsatisfiable' when no requested byte exists (416). Several ranges are answered with the first,
 * which the RFC allows and every video player is happy with.
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!m) return null;
  const first = m[1]!.split(',')[0]!.trim();
  const parts = /^(\d*)\s*-\s*(\d*)$/.exec(first);
  if (!parts) return null;
  const [, a, b] = parts;
  if (a === '' && b === '') return null;
  if (a === '') {
    const suffix = Number(b);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(a);
  if (start >= size) return 'unsatisfiable';
  const end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  if (end < start) return null;
  return { start, end };
}
