import type { ApolloServer, BaseContext } from '@apollo/server';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { apolloRequest, INTERNAL_ERROR_BODY, writeApolloAnswer } from './apollo-http';
import { declaresTooLarge, readBoundedBody, sendJson } from './http-body';

/** What /graphql answers a caller without the gateway's credential (the same body as the Express guard). */
export const UNAUTHORIZED_BODY = { errors: [{ message: 'Unauthorized', extensions: { code: 'UNAUTHENTICATED' } }] };

export interface SubgraphHttpOptions<C extends BaseContext> {
  apollo: ApolloServer<C>;
  /** True when the request carries the gateway's credential (always true for an open test subgraph). */
  fromGateway: (headers: IncomingHttpHeaders) => boolean;
  /** Builds the operation's context (the same function the Express route uses). */
  context: (req: IncomingMessage, res: ServerResponse) => Promise<C>;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
}

const badRequest = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });

/** application/json, with no charset or utf-8 (the only one this path decodes). */
const JSON_TYPE = /^application\/json\s*(?:;\s*charset\s*=\s*"?utf-8"?\s*)?$/i;

/**
 * POST /graphql with a JSON body, answered before Express: what the gateway sends a subgraph on
 * every operation. Express's router, body-parser and the Express integration cost more per request
 * than the operation itself on a cached read (profiled); this does what they did for this one case:
 * the gateway's credential (401), the body limit (413), strict JSON (400), then Apollo Server's
 * executeHTTPGraphQLRequest, which applies everything configured on it (CSRF prevention, the
 * operation limits, NUL refusal, no suggestions, error masking). Returns false for anything else
 * (GET, other content types or charsets, compressed bodies, other paths): Express serves it.
 */
export function subgraphGraphqlHandler<C extends BaseContext>(opts: SubgraphHttpOptions<C>): (req: IncomingMessage, res: ServerResponse) => boolean {
  return (req, res) => {
    if (req.method !== 'POST') return false;
    const url = req.url ?? '';
    if (url !== '/graphql' && !url.startsWith('/graphql?')) return false;
    const type = req.headers['content-type'];
    if (!type || !JSON_TYPE.test(type) || req.headers['content-encoding']) return false;
    if (!opts.fromGateway(req.headers)) {
      req.resume();
      sendJson(res, 401, UNAUTHORIZED_BODY);
      return true;
    }
    handle(opts, req, res, url).catch(() => {
      // Only writing the answer can fail here (the client went away mid-stream): nothing to tell it.
      if (!res.headersSent) sendJson(res, 500, INTERNAL_ERROR_BODY);
      else res.destroy();
    });
    return true;
  };
}

async function handle<C extends BaseContext>(opts: SubgraphHttpOptions<C>, req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
  if (declaresTooLarge(req, opts.bodyLimit)) {
    req.resume();
    return sendJson(res, 413, badRequest('Requête trop volumineuse.'));
  }
  const raw = await readBoundedBody(req, opts.bodyLimit);
  if (!raw) return sendJson(res, 413, badRequest('Requête trop volumineuse.'));
  let body: unknown = {};
  const text = raw.toString('utf8');
  // As express.json (strict): an empty body is {}, otherwise an object or an array, else 400.
  const first = /^[\s\uFEFF]*(.)/.exec(text)?.[1];
  if (first !== undefined) {
    if (first !== '{' && first !== '[') return sendJson(res, 400, badRequest('Requête invalide.'));
    try {
      body = JSON.parse(text);
    } catch {
      return sendJson(res, 400, badRequest('Requête invalide.'));
    }
  }

  let answer;
  try {
    answer = await opts.apollo.executeHTTPGraphQLRequest({ httpGraphQLRequest: apolloRequest(req, url, body), context: () => opts.context(req, res) });
  } catch {
    if (!res.headersSent) sendJson(res, 500, INTERNAL_ERROR_BODY);
    return;
  }
  const answered = await writeApolloAnswer(res, answer);
  if (answered === null) return;
  res.setHeader('content-length', Buffer.byteLength(answered));
  res.end(answered);
}
