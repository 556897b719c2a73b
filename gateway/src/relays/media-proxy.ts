import type { Request, RequestHandler, Response } from 'express';
import { request as httpRequest, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { SUBGRAPH_SECRET_HEADER } from '../shared/subgraph-credential';
import { plainIp } from './forward';

/** Where the site's stored media are read and uploaded (signed reads with Range, signed uploads). */
export const MEDIA_PATH = '/media';

const UNAVAILABLE = 'Média indisponible pour le moment.';
/** Hop-by-hop headers (RFC 9110 §7.6.1): they describe one connection, never passed through. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'te', 'trailer', 'upgrade', 'host']);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (!HOP_BY_HOP.has(name) && value !== undefined) out[name] = value;
  return out;
}

/** How long the proxy waits for an early refusal, after the headers and after the first bytes. */
const EARLY_ANSWER_MS = 150;
/** More than the catalogue sniffs to recognise a file type. */
const HEAD_BYTES = 64 * 1024;

/** Resolves true when the upstream answers within `ms`, false otherwise (or when it failed). */
function answeredWithin(upstream: ClientRequest, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (answered: boolean) => {
      clearTimeout(timer);
      upstream.off('response', onResponse);
      upstream.off('error', onError);
      resolve(answered);
    };
    const onResponse = () => done(true);
    const onError = () => done(true);
    const timer = setTimeout(() => done(false), ms);
    upstream.once('response', onResponse);
    upstream.once('error', onError);
  });
}

/** Reads up to about `n` bytes of a request body, leaving the stream paused for a later pipe. */
function readHead(req: Request, n: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const finish = () => {
      req.off('data', onData);
      req.off('end', finish);
      req.off('error', finish);
      req.pause();
      resolve(Buffer.concat(chunks));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= n) finish();
    };
    req.on('data', onData);
    req.once('end', finish);
    req.once('error', finish);
  });
}

/**
 * Streams `/media/*` to the catalogue so the site stays one origin: request and response bodies
 * are piped, never buffered (uploads of large videos, Range reads for playback), and nothing is
 * compressed here. Without a catalogue subgraph, /media answers 404.
 *
 * The catalogue refuses an upload early (413 from the declared length, 415 from the first bytes)
 * and closes its connection at once; a proxy still writing the body then fails (EPIPE) before it
 * has read the answer, and answered 502 (or reset the browser). Here the body waits briefly for an
 * early answer after the headers and after the first bytes (the two points where the catalogue
 * refuses); once answered, the body is no longer forwarded, the answer goes to the browser on a
 * connection kept open (Connection is hop-by-hop), and what the browser still sends is discarded.
 */
export function mediaProxy(catalogueUrl: string, secret: string): RequestHandler {
  const target = new URL(catalogueUrl);
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return (req: Request, res: Response) => {
    const ip = plainIp(req);
    const headers: IncomingHttpHeaders = { ...endToEnd(req.headers), host: target.host, [SUBGRAPH_SECRET_HEADER]: secret };
    // One value, the client IP Express resolved (trusting only configured proxies): never the browser's own list.
    if (ip) headers['x-forwarded-for'] = ip;
    else delete headers['x-forwarded-for'];
    if (req.headers['transfer-encoding']) headers['transfer-encoding'] = req.headers['transfer-encoding'];

    let answered = false;
    const upstream = send({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: req.originalUrl, headers });
    upstream.on('response', (reply) => {
      answered = true;
      if (!req.complete) {
        // An early answer (a refusal): stop forwarding, and drain the rest so the browser can read it.
        req.unpipe(upstream);
        req.resume();
      }
      res.writeHead(reply.statusCode ?? 502, endToEnd(reply.headers));
      reply.pipe(res);
      reply.on('error', () => res.destroy());
    });
    upstream.on('error', () => {
      if (answered) return;
      if (!res.headersSent) {
        res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(UNAVAILABLE);
      } else res.destroy();
      req.resume();
    });
    // The browser went away: nothing to relay any more.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    const hasBody = Number(req.headers['content-length'] ?? 0) > 0 || !!req.headers['transfer-encoding'];
    if (!hasBody) return void req.pipe(upstream);
    void (async () => {
      // Give the catalogue the chance to refuse before it is sent what it will not read: first the
      // headers alone (413 from the declared length), then the first bytes (415 from sniffing).
      upstream.flushHeaders();
      if (await answeredWithin(upstream, EARLY_ANSWER_MS)) return;
      const head = await readHead(req, HEAD_BYTES);
      if (head.length) upstream.write(head);
      if (req.readableEnded) return void upstream.end();
      if (await answeredWithin(upstream, EARLY_ANSWER_MS)) return;
      req.pipe(upstream);
    })();
  };
}
