/** A response body encoding the gateway sends; null is the identity (as it is). */
export type BodyEncoding = 'br' | 'gzip';

/**
 * The encodings an Accept-Encoding header accepts, best first: brotli before gzip unless gzip is
 * weighted higher (brotli is the smaller). No header means none: a client that sends nothing (curl,
 * probes) gets the bytes as they are. `q=0` refuses a coding, `*` stands for the ones not named.
 */
export function acceptedEncodings(header: string | string[] | undefined): BodyEncoding[] {
  const value = Array.isArray(header) ? header.join(',') : header;
  if (!value) return [];
  const weights = new Map<string, number>();
  for (const part of value.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(param);
      if (m) q = Number(m[1]);
    }
    if (!Number.isNaN(q)) weights.set(name.trim(), q);
  }
  const weight = (coding: string) => weights.get(coding) ?? (coding === 'gzip' ? weights.get('x-gzip') : undefined) ?? weights.get('*') ?? 0;
  const br = weight('br');
  const gzip = weight('gzip');
  const accepted: BodyEncoding[] = [];
  if (br > 0 && br >= gzip) accepted.push('br');
  if (gzip > 0) accepted.push('gzip');
  if (br > 0 && br < gzip) accepted.push('br');
  return accepted;
}

/** The encoding to compress an answer with for this Accept-Encoding header, or null for none. */
export function preferredEncoding(header: string | string[] | undefined): BodyEncoding | null {
  return acceptedEncodings(header)[0] ?? null;
}
