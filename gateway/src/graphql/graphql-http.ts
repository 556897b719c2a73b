import type { ApolloServer, ContextFunction } from '@apollo/server';
import { apolloRequest, declaresTooLarge, INTERNAL_ERROR_BODY, readBoundedBody, sendJson, writeApolloAnswer, type Metrics } from '@lbf/service-kit';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { preferredEncoding } from '../shared/content-encoding';
import { clientIp, type ProxyTrust } from '../shared/client-ip';
import { setCookieValues } from './forward-headers';
import type { SingleFetchCache } from './single-fetch';
import { IDEMPOTENT_HEADER, IDEMPOTENT_QUERY } from './replay';
import type { TrustedDocuments } from './trusted-documents';
import { sendRefusal } from './trusted-documents-http';
import { FORWARDED, subgraphRequestBody, type Fetcher, type FetchOutcome, type GatewayContext, type Prefetched } from './subgraph-data-source';

/** Answers smaller than this go out uncompressed (compression's default threshold). */
const COMPRESS_FROM = 1024;

/** The single-fetch passthrough's parts (single-fetch.ts). */
export interface Passthrough {
  cache: SingleFetchCache;
  /** The URL the gateway's data source for this subgraph sends to. */
  urlOf(serviceName: string): string | undefined;
  /** The data sources' fetcher (credential, keep-alive, deadline, 4xx GraphQL bodies as 200). */
  fetch: Fetcher;
}

export interface GraphqlHttpOptions<C extends GatewayContext> {
  apollo: ApolloServer<C>;
  passthrough?: Passthrough;
  /** The web app's registered documents: in production a browser sends only those, by hash. */
  trusted?: TrustedDocuments;
  /** Builds the operation's context from the request (the same one the Express route used). */
  context: ContextFunction<[{ req: IncomingMessage; res: ServerResponse; ip: string | undefined }], C>;
  /** Largest JSON body accepted, in bytes. */
  bodyLimit: number;
  trust: ProxyTrust;
  /** Counts the operations the passthrough answers (Apollo Server's plugin counts the others). */
  metrics?: Metrics;
  /** Sets the security headers (helmet's middleware, run on the bare request). */
  securityHeaders: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
}

const badRequest = (message: string) => ({ errors: [{ message, extensions: { code: 'BAD_REQUEST' } }] });

/**
 * POST /graphql with a JSON body, handled before Express: the API's hot path. Express's router,
 * body-parser, the compression middleware and the Express integration each cost a little on every
 * request (profiled); this does what they did for this one case, with the same answers (security
 * headers, the body limit's 413, 400 for malformed JSON, brotli or gzip above 1 KiB when accepted) and hands
 * the parsed request to Apollo Server, which does its own checks (CSRF prevention among them).
 * Returns false for anything else (GET, other content types, compressed bodies): Express serves it.
 */
export function graphqlHttpHandler<C extends GatewayContext>(opts: GraphqlHttpOptions<C>): (req: IncomingMessage, res: ServerResponse) => boolean {
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

async function handle<C extends GatewayContext>(opts: GraphqlHttpOptions<C>, req: IncomingMessage, res: ServerResponse, url: string): Promise<void> {
  if (declaresTooLarge(req, opts.bodyLimit)) {
    req.resume();
    return sendJson(res, 413, badRequest('Requête trop volumineuse.'));
  }
  // A request that fails mid-way (the client went away) reads as an empty body: answered 400 to nobody.
  const raw = await readBoundedBody(req, opts.bodyLimit).catch(() => Buffer.alloc(0));
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

  const refusal = opts.trusted?.refusal(body, req.headers.authorization);
  if (refusal) return sendRefusal(res, refusal);

  const ip = clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], opts.trust);
  let prefetched: Prefetched | undefined;
  let context: C | undefined;
  if (opts.passthrough) {
    const passed = await passThrough(opts, opts.passthrough, req, res, url, body, ip);
    if (passed === true) return;
    if (passed) ({ context, prefetched } = passed);
  }

  let answer;
  try {
    answer = await opts.apollo.executeHTTPGraphQLRequest({
      httpGraphQLRequest: apolloRequest(req, url, body),
      context: context ? async () => ({ ...context, prefetched }) : () => opts.context({ req, res, ip }),
    });
  } catch {
    if (!res.headersSent) sendJson(res, 500, INTERNAL_ERROR_BODY);
    return;
  }
  const answered = await writeApolloAnswer(res, answer);
  if (answered === null) return;
  if (res.statusCode === 200) rememberType(req.headers.accept, answer.headers.get('content-type'));
  send(req, res, answered);
}

/**
 * A GraphQL answer's body, compressed above 1 KiB when the client accepts it: brotli at quality 4
 * (the compression middleware's default: about gzip's speed, smaller), else gzip.
 */
function send(req: IncomingMessage, res: ServerResponse, body: string): void {
  const out = Buffer.from(body, 'utf8');
  res.setHeader('vary', 'Accept-Encoding');
  const encoding = out.length >= COMPRESS_FROM ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (encoding) {
    const done = (err: Error | null, encoded: Buffer) => {
      if (err) {
        res.setHeader('content-length', out.length);
        return void res.end(out);
      }
      res.setHeader('content-encoding', encoding);
      res.setHeader('content-length', encoded.length);
      res.end(encoded);
    };
    if (encoding === 'br') brotliCompress(out, { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: out.length } }, done);
    else gzip(out, done);
    return;
  }
  res.setHeader('content-length', out.length);
  res.end(out);
}

/**
 * The content type Apollo Server answered a single result with, per Accept header (its negotiation
 * depends on nothing else); the passthrough answers only Accept values the normal path answered before.
 */
const contentTypes = new Map<string, string>();

function rememberType(accept: string | undefined, type: string | undefined): void {
  if (!type) return;
  const key = accept ?? '';
  if (contentTypes.get(key) === type) return;
  if (contentTypes.size >= 100) contentTypes.clear();
  contentTypes.set(key, type);
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object' && !Array.isArray(value);
const REQUEST_KEYS = new Set(['query', 'operationName', 'variables']);

/**
 * The single-fetch passthrough. For an operation the normal path already accepted with these
 * variables under the current schema (validation with the depth rule, cost check, planning: see
 * SingleFetchCache) whose plan is one fetch answering exactly the client's shape, it runs the same
 * context (token verification, forwarded headers), sends the plan's fetch as the data source would,
 * relays Set-Cookie and answers `{"data": …}` as Apollo Server would. Any other answer (errors, no
 * data, a non-JSON or failed exchange) is handed to the normal path with the exchange already made,
 * so it is shaped exactly as before and the operation is never sent twice.
 * Returns true when it answered, the context and the exchange for the normal path, or null.
 */
async function passThrough<C extends GatewayContext>(
  opts: GraphqlHttpOptions<C>,
  passthrough: Passthrough,
  req: IncomingMessage,
  res: ServerResponse,
  url: string,
  body: unknown,
  ip: string | undefined,
): Promise<true | { context: C; prefetched: Prefetched } | null> {
  if (url !== '/graphql' || !isPlainObject(body)) return null;
  const started = process.hrtime.bigint();
  for (const key in body) if (!REQUEST_KEYS.has(key)) return null;
  const { query, operationName, variables } = body;
  if (typeof query !== 'string' || (operationName != null && typeof operationName !== 'string') || (variables != null && !isPlainObject(variables))) return null;
  const fetch = passthrough.cache.lookup(query, operationName, variables);
  if (!fetch) return null;
  const type = contentTypes.get(req.headers.accept ?? '');
  const target = passthrough.urlOf(fetch.serviceName);
  if (!type || !target) return null;
  const schema = passthrough.cache.currentSchema;
  let context: C;
  try {
    context = await opts.context({ req, res, ip });
  } catch {
    // The normal path runs the context again and answers its failure as it always did.
    return null;
  }
  // An integration's operation is charged to its key's budget, on the normal path only.
  if (context.integration) return null;
  const sent: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const name of fetch.variableUsages) {
    if (variables && Object.prototype.hasOwnProperty.call(variables, name) && variables[name] !== undefined) sent[name] = variables[name];
  }
  const requestBody = subgraphRequestBody(fetch.operation, sent, fetch.operationName);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (fetch.kind === 'query') headers[IDEMPOTENT_HEADER] = IDEMPOTENT_QUERY;
  for (const name of FORWARDED) {
    const value = context.forward?.[name];
    if (value) headers[name] = value;
  }
  // A schema that changed while the token was verified may plan this operation differently.
  if (!passthrough.cache.current(schema)) return null;
  let outcome: FetchOutcome;
  try {
    outcome = { response: await passthrough.fetch(target, { method: 'POST', headers, body: requestBody }) };
  } catch (error) {
    outcome = { error };
  }
  if ('response' in outcome) {
    const response = outcome.response;
    const contentType = response.headers.get('content-type') ?? '';
    if (response.ok && (contentType.startsWith('application/json') || contentType.startsWith('application/graphql-response+json'))) {
      let answer: unknown;
      try {
        answer = JSON.parse(await response.text());
      } catch {
        answer = null;
      }
      if (isPlainObject(answer) && answer.errors === undefined && isPlainObject(answer.data)) {
        // As the data source's didReceiveResponse: every Set-Cookie to the browser.
        if (!res.headersSent) for (const cookie of setCookieValues(response.headers)) res.appendHeader('Set-Cookie', cookie);
        res.statusCode = 200;
        res.setHeader('content-type', type);
        send(req, res, `${JSON.stringify({ data: answer.data })}\n`);
        passthrough.cache.stats.answered += 1;
        opts.metrics?.recordOperation(operationName, 'query', 'ok', Number(process.hrtime.bigint() - started) / 1e9);
        return true;
      }
    }
  }
  passthrough.cache.stats.handedBack += 1;
  return { context, prefetched: { url: target, body: requestBody, outcome, used: false } };
}
