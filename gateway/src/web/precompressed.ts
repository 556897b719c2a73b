import type { Request, Response } from 'express';
import type { Stats } from 'node:fs';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { acceptedEncodings, type BodyEncoding } from '../shared/content-encoding';

/** The kinds of files scripts/precompress.js writes .br and .gz copies of (its EXTENSIONS). */
export const PRECOMPRESSED_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.svg', '.webmanifest', '.json', '.txt', '.xml']);

const SUFFIX: Record<BodyEncoding, string> = { br: '.br', gzip: '.gz' };

async function statFile(file: string): Promise<Stats | null> {
  try {
    const s = await stat(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

/** The best copy of `file` the request accepts, written no earlier than the file itself. */
async function pickCopy(file: string, accepted: BodyEncoding[]): Promise<{ path: string; encoding: BodyEncoding; stats: Stats } | null> {
  if (accepted.length === 0) return null;
  const source = await statFile(file);
  if (!source) return null;
  for (const encoding of accepted) {
    const path = `${file}${SUFFIX[encoding]}`;
    const stats = await statFile(path);
    // An older copy belongs to a previous build of a file that kept its name (index.html, sw.js).
    if (stats && stats.mtimeMs >= source.mtimeMs) return { path, encoding, stats };
  }
  return null;
}

/**
 * A copy's validator, made as express.static makes the file's (size and time, weak): a different
 * value from the file's own, as the bytes differ. Set here because res.sendFile follows the app's
 * `etag` setting, which the gateway turns off for its API answers.
 */
export function copyEtag(stats: Pick<Stats, 'size' | 'mtime'>): string {
  return `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`;
}

/**
 * Answers a GET/HEAD for a built file (an absolute path inside web/dist) with its precompressed
 * copy (scripts/precompress.js) when the client accepts one: Content-Encoding, the copy's own
 * Content-Length, ETag and Last-Modified, the file's Content-Type, conditional GET. Ranges are not
 * offered on an encoded body (no browser asks for part of a script). Resolves false, having sent
 * nothing, when there is no usable copy: the caller serves the file as before (and the compression
 * middleware may still compress it on the fly).
 */
export async function sendPrecompressed(req: Request, res: Response, file: string, headers: Record<string, string>): Promise<boolean> {
  const ext = extname(file).toLowerCase();
  if (!PRECOMPRESSED_EXTENSIONS.has(ext)) return false;
  // Whether or not this client gets a copy, the answer depends on its Accept-Encoding.
  res.vary('Accept-Encoding');
  const copy = await pickCopy(file, acceptedEncodings(req.headers['accept-encoding']));
  if (!copy) return false;
  // send keeps a Content-Type already set: the file's, not the copy's (.br, .gz).
  res.type(ext);
  return new Promise<boolean>((resolve) => {
    res.sendFile(
      copy.path,
      // Set by send just before the body goes (its 'headers' event): not at all if the copy vanished.
      { headers: { ...headers, 'Content-Encoding': copy.encoding, ETag: copyEtag(copy.stats) }, acceptRanges: false, cacheControl: false, dotfiles: 'allow' },
      (err?: NodeJS.ErrnoException) => {
        // A copy removed between stat and open (a rebuild): the caller serves the file itself.
        if (err && !res.headersSent && err.code !== 'ECONNABORTED') {
          res.removeHeader('Content-Type');
          resolve(false);
          return;
        }
        resolve(true);
      },
    );
  });
}
