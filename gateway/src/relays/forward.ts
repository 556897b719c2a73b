import type { Request, Response } from 'express';
import { Agent as HttpAgent, request as httpRequest, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { declaresTooLarge, IDLE_UPSTREAM_SOCKET_MS, readBoundedBody, sendJson } from '@lbf/service-kit';
import { SUBGRAPH_SECRET_HEADER } from '../shared/subgraph-credential';

const PAYLOAD_TOO_LARGE = { error: 'payload too large' };

/**
 * What the plain-HTTP relays (/payments/notify → commerce, /newsletter/… → messaging) share: a
 * subgraph's origin with a keep-alive agent, the 413 of a body over its limit, and one request
 * forwarded with the gateway's credential and the client IP, its answer sent back as received.
 */
export interface RelayTarget {
  target: URL;
  send: typeof httpRequest;
  agent: HttpAgent;
}

export function relayTarget(subgraphUrl: string): RelayTarget {
  const target = new URL(subgraphUrl);
  const https = target.protocol === 'https:';
  return {
    target,
    send: https ? (httpsRequest as unknown as typeof httpRequest) : httpRequest,
    // Idle sockets closed before the subgraph would close them (IDLE_UPSTREAM_SOCKET_MS says why).
    agent: https
      ? new HttpsAgent({ keepAlive: true, maxSockets: 32, timeout: IDLE_UPSTREAM_SOCKET_MS })
      : new HttpAgent({ keepAlive: true, maxSockets: 32, timeout: IDLE_UPSTREAM_SOCKET_MS }),
  };
}

/**
 * Refuses a body declared or found larger than `limit` (413, connection closed), else hands over
 * its exact bytes (the kit's one bounded reader); null when the answer is already sent.
 */
export async function boundedBody(req: Request, res: Response, limit: number): Promise<Buffer | null> {
  if (declaresTooLarge(req, limit)) {
    req.resume();
    sendJson(res, 413, PAYLOAD_TOO_LARGE, { connection: 'close' });
    return null;
  }
  let body: Buffer | null;
  try {
    body = await readBoundedBody(req, limit);
  } catch {
    res.destroy();
    return null;
  }
  if (!body) sendJson(res, 413, PAYLOAD_TOO_LARGE, { connection: 'close' });
  return body;
}

/** The client IP Express resolved (trusting only configured proxies), IPv4-mapped addresses unwrapped. */
export function plainIp(req: Request): string | undefined {
  return req.ip?.startsWith('::ffff:') ? req.ip.slice(7) : req.ip;
}

/** `path` on the subgraph with the query string the client sent, as it came. */
export function withQuery(path: string, req: Request): string {
  const query = req.originalUrl.indexOf('?');
  return `${path}${query >= 0 ? req.originalUrl.slice(query) : ''}`;
}

export interface ForwardOptions {
  /** Path and query on the subgraph. */
  path: string;
  secret: string;
  /** The exact bytes to send (none for a GET). */
  body?: Buffer;
  /** Request headers passed as they came (lower case). */
  passHeaders: readonly string[];
  /** Answer headers passed back (lower case); content-length is always set by the relay. */
  replyHeaders: readonly string[];
  timeoutMs: number;
  /** Names the subgraph in the timeout error. */
  name: string;
}

function pick(from: IncomingHttpHeaders, names: readonly string[]): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  for (const name of names) {
    const value = from[name];
    if (typeof value === 'string') out[name] = value;
  }
  return out;
}

/**
 * Sends one request to the subgraph: the chosen headers, the gateway's credential, one
 * X-Forwarded-For value (the client IP Express resolved, trusting only configured proxies, as for
 * /media), never the browser's cookies. The subgraph's status, chosen headers and body go back as
 * they are; 502 when it cannot be reached.
 */
export function forward(req: Request, res: Response, to: RelayTarget, o: ForwardOptions): void {
  const headers: OutgoingHttpHeaders = { ...pick(req.headers, o.passHeaders), host: to.target.host, [SUBGRAPH_SECRET_HEADER]: o.secret };
  if (o.body) headers['content-length'] = o.body.length;
  const ip = plainIp(req);
  if (ip) headers['x-forwarded-for'] = ip;

  const { target } = to;
  const upstream = to.send({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path: o.path, headers, agent: to.agent, timeout: o.timeoutMs });
  upstream.on('timeout', () => upstream.destroy(new Error(`${o.name} did not answer in time`)));
  upstream.on('response', (reply) => {
    const chunks: Buffer[] = [];
    reply.on('data', (c: Buffer) => chunks.push(c));
    reply.on('end', () => {
      const out = Buffer.concat(chunks);
      res.writeHead(reply.statusCode ?? 502, { ...pick(reply.headers, o.replyHeaders), 'content-length': out.length });
      res.end(out);
    });
    reply.on('error', () => {
      if (!res.headersSent) sendJson(res, 502, { error: 'unavailable' });
      else res.destroy();
    });
  });
  upstream.on('error', () => {
    if (!res.headersSent) sendJson(res, 502, { error: 'unavailable' });
  });
  upstream.end(o.body);
}
