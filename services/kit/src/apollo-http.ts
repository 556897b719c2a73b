import { HeaderMap, type HTTPGraphQLRequest, type HTTPGraphQLResponse } from '@apollo/server';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What the gateway and every subgraph answer when Apollo itself throws (never its message). */
export const INTERNAL_ERROR_BODY = { errors: [{ message: "Une erreur inattendue s'est produite.", extensions: { code: 'INTERNAL_SERVER_ERROR' } }] };

/**
 * Apollo's request for a POST already read and parsed: the Node request's headers, the URL's query
 * string. Both our HTTP paths (the gateway's /graphql, a subgraph's) run Apollo without Express.
 */
export function apolloRequest(req: IncomingMessage, url: string, body: unknown): HTTPGraphQLRequest {
  const headers = new HeaderMap();
  for (const [key, value] of Object.entries(req.headers)) if (value !== undefined) headers.set(key, Array.isArray(value) ? value.join(', ') : value);
  const query = url.indexOf('?');
  return { method: 'POST', headers, search: query >= 0 ? url.slice(query) : '', body };
}

/**
 * Writes Apollo's status and headers; a chunked answer (incremental delivery) is streamed and ended
 * here (null returned); otherwise the body, for the caller to send its own way.
 */
export async function writeApolloAnswer(res: ServerResponse, answer: HTTPGraphQLResponse): Promise<string | null> {
  for (const [key, value] of answer.headers) res.setHeader(key, value);
  res.statusCode = answer.status ?? 200;
  if (answer.body.kind === 'complete') return answer.body.string;
  for await (const chunk of answer.body.asyncIterator) res.write(chunk);
  res.end();
  return null;
}
