import { bearerToken, type AccessTokenVerifier, type Logger } from '@lbf/service-kit';
import { pipeline } from 'node:stream/promises';
import { hlsObjectKey, parseByteRange, type MediaSigner, type ObjectStore, type StreamGrant } from '../media';
import type { KeyVerdict } from './playback';
import { parseStreamRequest, streamContentType } from './rules';
import { sendJsonError, type Handler } from '../shared/http-routes';


export const streamMessages = {
  expired: 'Cette session de lecture a expiré. Relancez la vidéo.',
  invalid: 'Lien de lecture invalide.',
  notFound: 'Fichier introuvable.',
  signInRequired: 'Connexion requise pour regarder cette vidéo.',
  forbidden: "Vous n'avez pas accès à cette vidéo.",
};

export interface StreamRouteDeps {
  /** Either store: with S3 the catalogue reads the object and streams it, so the token is the only way in. */
  store: ObjectStore;
  signer: MediaSigner;
  /** The kit's verifier (signature, expiry, bans and sign-outs under REDIS_KEY_PREFIX), as for /graphql. */
  verifier: AccessTokenVerifier;
  log: Logger;
  /** The key of the grant's video for this viewer, decided on every request (playback.ts videoKeyFor). */
  videoKey(grant: StreamGrant, auth: Awaited<ReturnType<AccessTokenVerifier['verify']>>): Promise<KeyVerdict>;
}

const refusal: Record<401 | 403 | 404, string> = { 401: streamMessages.signInRequired, 403: streamMessages.forbidden, 404: streamMessages.notFound };

/**
 * `GET|HEAD /media/stream/<token>/<path>`: the files of one playback session. The token (signed,
 * expiring, see MediaSigner.signStream) names the video, its version and scope; the path after it
 * only picks a file inside that folder (STREAM_PATH, matched before any decoding), so relative URIs
 * in the playlists carry the token by themselves and nothing else in the bucket is reachable.
 * `…/key` answers the video's AES-128 key to the token's own viewer, checked on every request.
 */
export function streamHandler(deps: StreamRouteDeps): Handler {
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const rawPath = (req.url ?? '').split('?')[0]!;
    void (async () => {
      const parsed = parseStreamRequest(rawPath);
      // The token is checked first, so a stranger learns nothing about which paths exist.
      const tokenPart = /^\/([^/]*)/.exec(rawPath)?.[1] ?? '';
      const verdict = deps.signer.verifyStream(parsed?.token ?? tokenPart);
      if (!verdict.ok) return sendJsonError(res, 403, verdict.reason === 'expired' ? streamMessages.expired : streamMessages.invalid);
      if (!parsed) return sendJsonError(res, 404, streamMessages.notFound);
      const grant = verdict.grant;

      if (parsed.file.kind === 'key') {
        const auth = await deps.verifier.verify(bearerToken(req.headers.authorization));
        const key = await deps.videoKey(grant, auth);
        if (!key.ok) return sendJsonError(res, key.status, refusal[key.status]);
        res.writeHead(200, {
          'Content-Type': 'application/octet-stream',
          'Content-Length': key.key.length,
          // Never kept: the next request is checked again (a ban, a sign-out or a refund stops it).
          'Cache-Control': 'private, no-store',
          'X-Content-Type-Options': 'nosniff',
        });
        return void res.end(req.method === 'HEAD' ? undefined : key.key);
      }

      const path = parsed.file.path;
      const objectKey = hlsObjectKey(grant.videoId, grant.version, grant.scope, path);
      const info = await deps.store.stat('videos', objectKey).catch(() => null);
      if (!info) return sendJsonError(res, 404, streamMessages.notFound);
      const headers: Record<string, string | number> = {
        'Accept-Ranges': 'bytes',
        'Content-Type': streamContentType(path),
        'X-Content-Type-Options': 'nosniff',
        // A version's files never change; private so shared caches never keep a paid file, and no
        // longer than the token that opened them.
        'Cache-Control': `private, max-age=${Math.max(0, grant.exp - Math.floor(Date.now() / 1000))}`,
      };
      const range = parseByteRange(req.headers.range, info.size);
      if (range === 'unsatisfiable') {
        res.writeHead(416, { ...headers, 'Content-Range': `bytes */${info.size}`, 'Content-Length': 0 });
        return void res.end();
      }
      const start = range?.start ?? 0;
      const end = range?.end ?? info.size - 1;
      res.writeHead(range ? 206 : 200, {
        ...headers,
        'Content-Length': info.size === 0 ? 0 : end - start + 1,
        ...(range ? { 'Content-Range': `bytes ${start}-${end}/${info.size}` } : {}),
      });
      if (req.method === 'HEAD' || info.size === 0) return void res.end();
      const stream = await deps.store.read('videos', objectKey, { start, end });
      // A player that switches rendition or seeks closes the connection mid-file: not worth a log line.
      await pipeline(stream, res).catch(() => undefined);
    })().catch((err: unknown) => {
      deps.log.warn({ err: String(err) }, 'stream read failed');
      if (!res.headersSent) sendJsonError(res, 500, streamMessages.notFound);
      else res.destroy();
    });
  };
}
