import { HeaderMap, type ApolloServer, type ContextFunction } from '@apollo/server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzip } from 'node:zlib';
import { clientIp, type ProxyTrust } from './client-ip';

/** Answers smaller than this go out uncompressed (compression's default threshold). */
const COMPRESS_FROM = 1024;

export interface GraphqlHttpOptions<C extends object> {
  apollo: ApolloServer<C>;
  /** Builds the operation's context from the request (the same one the Express route used). */
  context: ContextFunction<[{ req: IncomingMessage; res: ServerResponse; ip: string | undefined }], C>;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  trust: ProxyTrust;
  /** Sets the security headers (helmet's middleware, run on the bare request). */
  securityHeaders: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const badRequest = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });

/**
 * POST /graphql with a JSON body, handled before Express: the API's hot path. Express's router,
 * body-parser, the compression middleware and the Express integration each cost a little on every
 * request (profiled); this does what they did for this one case, with the same answers (security
 * headers, the body limit's 413, 400 for malformed JSON, gzip above 1 KiB when accepted) and hands
 * the parsed request to Apollo Server, which does its own checks (CSRF prevention among them).
 * Returns false for anything else (GET, other content types, compressed bodies): Express serves it.
 */
export function graphqlHttpHandler<C extends object>(opts: GraphqlHttpOptions<C>): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    if (url !== '/graphql' && !url.startsWith('/graphql?')) return false;
    const type = req.headers['content-type'];
    if (!type || !/^application\/json\s*(;|$)/i.test(type) || req.headers['content-encoding']) return false;
    opts.securityHeaders(req, res, () => void handle(opts, req, res, url));
    return true;
  };
}

async function handle<C extends object>(opts: GraphqlHttpOptions<C>, req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
  const declared = Number(req.headers['content-length']);
  if (declared > opts.bodyLimit) {
    req.resume();
    return sendJson(res, 413, badRequest('Requête trop volumineuse.'));
  }
  const raw = await new Promise<Buffer | null>((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    let over = false;
    req.on('data', (chunk: Buffer) => {
      if (over) return;
      length += chunk.length;
      if (length > opts.bodyLimit) {
        over = true;
        chunks.length = 0;
        resolve(null);
      } else chunks.push(chunk);
    });
    req.on('end', () => !over && resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length)));
    req.on('error', () => !over && resolve(Buffer.alloc(0)));
  });
  if (!raw) return sendJson(res, 413, badRequest('Requête trop volumineuse.'));
  let body: unknown;
  const text = raw.toString('utf8');
  // As express.json (strict): an object or an array, else 400.
  const first = /^[\s\uFEFF]*(.)/.exec(text)?.[1];
  if (first !== '{' && first !== '[') return sendJson(res, 400, badRequest('Requête invalide.'));
  try {
    body = JSON.parse(text);
  } catch {
    return sendJson(res, 400, badRequest('Requête invalide.'));
  }

  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  const query = url.indexOf('?');
  const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trust);
  let answer;
  try {
    answer = await opts.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: { method: 'POST', headers, search: query >= 0 ? url.slice(query) : '', body },
      context: () => opts.context({ req, res, ip }),
    });
  } catch {
    if (!res.headersSent) sendJson(res, 500, { errors: [{ message: "Une erreur inattendue s'est produite.", extensions: { code: 'INTERNAL_SERVER_ERROR' } }] });
    return;
  }
  for (const [key, value] of answer.headers) res.setHeader(key, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'chunked') {
    for await (const chunk of answer.body.asyncIterator) res.write(chunk);
    return void res.end();
  }
  const out = Buffer.from(answer.body.string, 'utf8');
  res.setHeader('vary', 'Accept-Encoding');
  const accepts = req.headers['accept-encoding'];
  if (out.length >= COMPRESS_FROM && typeof accepts === 'string' && /\bgzip\b/i.test(accepts)) {
    gzip(out, (err, zipped) => {
      if (err) {
        res.setHeader('content-length', out.length);
        return void res.end(out);
      }
      res.setHeader('content-encoding', 'gzip');
      res.setHeader('content-length', zipped.length);
      res.end(zipped);
    });
    return;
  }
  res.setHeader('content-length', out.length);
  res.end(out);
}
