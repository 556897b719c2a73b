import type { Express, Request, Response } from 'express';
import { Agent as HttpAgent, request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { SubgraphEndpoint } from './config';
import { SUBGRAPH_SECRET_HEADER } from './subgraph-credential';

/** The subgraph that receives the payment providers' notifications (webhooks, callbacks). */
export const NOTIFY_SUBGRAPH = 'commerce';
/** Public path the providers call: `${PUBLIC_URL}/payments/notify/{provider}`, the same path on commerce. */
export const NOTIFY_PATH = '/payments/notify';
const PROVIDERS = new Set(['notchpay', 'mtn', 'orange']);
/** A provider's notification is a small JSON document; more is not a notification. */
export const NOTIFY_BODY_LIMIT = 64 * 1024;
/** Commerce answers a notification at once (it records it, the work runs later). */
const UPSTREAM_TIMEOUT_MS = 15_000;
/** The headers a provider's notification carries that commerce needs (the NotchPay signature among them). */
const PASSED_HEADERS = ['content-type', 'x-notch-signature', 'user-agent'] as const;

function json(res: Response, status: number, body: unknown, extra: Record<string, string> = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text), ...extra });
  res.end(text);
}

/** The whole body as the provider sent it, or null once it exceeds `limit` (then the rest is discarded). */
function readBody(req: Request, limit: number): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      length += chunk.length;
      if (length > limit) {
        over = true;
        chunks.length = 0;
        return resolve(null);
      }
      chunks.push(chunk);
    });
    req.once('end', () => {
      if (!over) resolve(Buffer.concat(chunks, length));
    });
    req.once('error', reject);
  });
}

/**
 * Relays the payment providers' notifications (NotchPay webhooks, MTN MoMo and Orange Money
 * callbacks) from the public origin to commerce, which alone reads and verifies them. The body is
 * passed as the exact bytes received (NotchPay signs those bytes, so no JSON parser may touch them:
 * mount before express.json and compression), with the provider's content-type, signature and
 * user-agent, the client IP Express resolved, and the gateway's credential. Commerce's status and
 * body go back to the provider as they are. Only POST and PUT (MTN calls back with PUT), 64 KiB at
 * most. Without a commerce subgraph, nothing is mounted (404).
 */
export function mountNotifyRelay(app: Express, subgraphs: SubgraphEndpoint[], secret: string): boolean {
  const commerce = subgraphs.find((s) => s.name === NOTIFY_SUBGRAPH);
  if (!commerce) return false;
  const target = new URL(commerce.url);
  const https = target.protocol === 'https:';
  const send = https ? httpsRequest : httpRequest;
  const agent = https ? new HttpsAgent({ keepAlive: true, maxSockets: 32 }) : new HttpAgent({ keepAlive: true, maxSockets: 32 });

  app.use(NOTIFY_PATH, (req: Request, res: Response) => {
    const provider = /^\/([a-z]+)\/?$/.exec(req.path)?.[1];
    if (!provider || !PROVIDERS.has(provider)) return json(res, 404, { error: 'not found' });
    if (req.method !== 'POST' && req.method !== 'PUT') {
      req.resume();
      return json(res, 405, { error: 'method not allowed' }, { allow: 'POST, PUT' });
    }
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > NOTIFY_BODY_LIMIT) {
      req.resume();
      return json(res, 413, { error: 'payload too large' }, { connection: 'close' });
    }
    void (async () => {
      let body: Buffer | null;
      try {
        body = await readBody(req, NOTIFY_BODY_LIMIT);
      } catch {
        return void res.destroy();
      }
      if (!body) return json(res, 413, { error: 'payload too large' }, { connection: 'close' });

      const headers: OutgoingHttpHeaders = { host: target.host, [SUBGRAPH_SECRET_HEADER]: secret, 'content-length': body.length };
      for (const name of PASSED_HEADERS) {
        const value = req.headers[name];
        if (typeof value === 'string') headers[name] = value;
      }
      // One value, the client IP Express resolved (trusting only configured proxies), as for /media.
      const ip = req.ip?.startsWith('::ffff:') ? req.ip.slice(7) : req.ip;
      if (ip) headers['x-forwarded-for'] = ip;
      const query = req.originalUrl.indexOf('?');
      const path = `${NOTIFY_PATH}/${provider}${query >= 0 ? req.originalUrl.slice(query) : ''}`;

      const upstream = send({ protocol: target.protocol, hostname: target.hostname, port: target.port, method: req.method, path, headers, agent, timeout: UPSTREAM_TIMEOUT_MS });
      upstream.on('timeout', () => upstream.destroy(new Error('commerce did not answer in time')));
      upstream.on('response', (reply) => {
        const chunks: Buffer[] = [];
        reply.on('data', (c: Buffer) => chunks.push(c));
        reply.on('end', () => {
          const out = Buffer.concat(chunks);
          const replyHeaders: OutgoingHttpHeaders = { 'content-length': out.length };
          if (reply.headers['content-type']) replyHeaders['content-type'] = reply.headers['content-type'];
          res.writeHead(reply.statusCode ?? 502, replyHeaders);
          res.end(out);
        });
        reply.on('error', () => {
          if (!res.headersSent) json(res, 502, { error: 'unavailable' });
          else res.destroy();
        });
      });
      upstream.on('error', () => {
        if (!res.headersSent) json(res, 502, { error: 'unavailable' });
      });
      upstream.end(body);
    })();
  });
  return true;
}
