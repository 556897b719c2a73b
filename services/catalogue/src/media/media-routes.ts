import type { Logger } from '@lbf/service-kit';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseByteRange } from './byte-range';
import { SNIFF_BYTES, sniffForKind } from './content-sniff';
import { messages } from '../shared/errors';
import { BUCKETS, KIND_RULES, tooLargeMessage, type Bucket } from './upload-rules';
import { attachmentDisposition, ObjectTooLargeError } from './storage/object-store';
import type { LocalDiskStore } from './storage/local-disk-store';
import type { MediaSigner } from './signing';
import { CLOSE, sendJson, type Handler } from '../shared/http-routes';


export const mediaMessages = {
  expired: 'Ce lien a expiré. Rechargez la page pour en obtenir un nouveau.',
  invalid: 'Lien invalide.',
  notFound: 'Fichier introuvable.',
};

/** Reads the first `n` bytes of a request, then gives back a stream of the whole body (head included). */
async function splitHead(req: IncomingMessage, n: number): Promise<{ head: Buffer; body: Readable }> {
  const it = req[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let length = 0;
  let done = false;
  while (length < n) {
    const r = await it.next();
    if (r.done) {
      done = true;
      break;
    }
    chunks.push(r.value);
    length += r.value.length;
  }
  const head = Buffer.concat(chunks);
  async function* all(): AsyncGenerator<Buffer> {
    yield head;
    if (done) return;
    for (;;) {
      const r = await it.next();
      if (r.done) return;
      yield r.value;
    }
  }
  return { head: head.subarray(0, n), body: Readable.from(all()) };
}

export interface MediaRouteDeps {
  store: LocalDiskStore;
  signer: MediaSigner;
  log: Logger;
  /** Whether an upload grant's object is still awaited (not yet used, not abandoned). */
  isPending(bucket: Bucket, key: string): Promise<boolean>;
}

/**
 * `PUT /media/upload/<token>`: the browser's upload, streamed to disk with the grant's size cap
 * and refused at once when its first bytes are not what the grant is for.
 */
export function uploadHandler(deps: MediaRouteDeps): Handler {
  return (req, res, next) => {
    if (req.method !== 'PUT') return next();
    const token = decodeURIComponent((req.url ?? '').split('?')[0]!.replace(/^\/+/, ''));
    void (async () => {
      const v = deps.signer.verifyUpload(token);
      if (!v.ok) return sendJson(res, 403, { error: v.reason === 'expired' ? mediaMessages.expired : mediaMessages.invalid }, CLOSE);
      const { bucket, key, max, kind } = v.grant;
      if (!(BUCKETS as readonly string[]).includes(bucket) || !KIND_RULES[kind]) return sendJson(res, 403, { error: mediaMessages.invalid }, CLOSE);
      if (!(await deps.isPending(bucket as Bucket, key))) return sendJson(res, 410, { error: messages.uploadNotFound }, CLOSE);
      const declared = Number(req.headers['content-length']);
      if (Number.isFinite(declared) && declared > max) return sendJson(res, 413, { error: tooLargeMessage(max) }, CLOSE);
      const { head, body } = await splitHead(req, SNIFF_BYTES);
      const sniffed = await sniffForKind(kind, head);
      if (!sniffed) return sendJson(res, 415, { error: KIND_RULES[kind].invalidMessage }, CLOSE);
      try {
        const info = await deps.store.put(bucket as Bucket, key, body, { contentType: sniffed.mime, maxBytes: max });
        sendJson(res, 200, { ok: true, size: info.size, contentType: sniffed.mime });
      } catch (err) {
        if (err instanceof ObjectTooLargeError) return sendJson(res, 413, { error: tooLargeMessage(max) }, CLOSE);
        throw err;
      }
    })().catch((err: unknown) => {
      deps.log.warn({ err: String(err) }, 'upload failed');
      if (!res.headersSent) sendJson(res, 400, { error: "L'envoi du fichier a échoué. Veuillez réessayer." }, CLOSE);
      else res.destroy();
    });
  };
}

/**
 * `GET|HEAD /media/<bucket>/<key>?exp=&sig=[&dl=name]`: a signed, expiring read with Range support
 * (206 + Content-Range for a range, 416 when none of it exists), so players can seek.
 */
export function readHandler(deps: MediaRouteDeps): Handler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const url = new URL(req.url ?? '/', 'http://media.local');
    const [bucket, rawKey, extra] = url.pathname.replace(/^\/+/, '').split('/');
    if (!bucket || !rawKey || extra !== undefined || !(BUCKETS as readonly string[]).includes(bucket)) return next();
    void (async () => {
      const key = decodeURIComponent(rawKey);
      const exp = Number(url.searchParams.get('exp'));
      const dl = url.searchParams.get('dl') ?? '';
      const verdict = deps.signer.verifyRead(bucket, key, exp, dl, url.searchParams.get('sig') ?? '');
      if (verdict !== 'ok') return sendJson(res, 403, { error: verdict === 'expired' ? mediaMessages.expired : mediaMessages.invalid });
      let info;
      try {
        info = await deps.store.stat(bucket as Bucket, key);
      } catch {
        info = null;
      }
      if (!info) return sendJson(res, 404, { error: mediaMessages.notFound });
      const headers: Record<string, string | number> = {
        'Accept-Ranges': 'bytes',
        'Content-Type': info.contentType ?? 'application/octet-stream',
        'X-Content-Type-Options': 'nosniff',
        // The URL expires anyway; private so shared caches never keep a paid file.
        'Cache-Control': `private, max-age=${Math.max(0, exp - Math.floor(Date.now() / 1000))}`,
        'Content-Disposition': dl ? attachmentDisposition(dl) : 'inline',
      };
      const range = parseByteRange(req.headers.range, info.size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${info.size}`, 'Content-Length': 0 });
        return void res.end();
      }
      const status = range ? 206 : 200;
      const start = range?.start ?? 0;
      const end = range?.end ?? info.size - 1;
      res.writeHead(status, {
        ...headers,
        'Content-Length': info.size === 0 ? 0 : end - start + 1,
        ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
      });
      if (req.method === 'HEAD' || info.size === 0) return void res.end();
      const stream = await deps.store.read(bucket as Bucket, key, { start, end });
      // A player that seeks closes the connection mid-file; that is not an error worth a log line.
      await pipeline(stream, res).catch(() => undefined);
    })().catch((err: unknown) => {
      deps.log.warn({ err: String(err) }, 'media read failed');
      if (!res.headersSent) sendJson(res, 500, { error: mediaMessages.notFound });
      else res.destroy();
    });
  };
}
