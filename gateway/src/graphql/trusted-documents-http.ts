import { sendJson } from '@lbf/service-kit';
import type { RequestHandler } from 'express';
import type { GraphQLError } from 'graphql';
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { TrustedDocuments } from './trusted-documents';

/** A refusal as Apollo Server words its own: `{ errors: [...] }` with the error's HTTP status. */
export function sendRefusal(res: ServerResponse, error: GraphQLError): void {
  const { http, ...extensions } = (error.extensions ?? {}) as { http?: { status?: number } } & Record<string, unknown>;
  // As Apollo Server's persisted-query errors: never kept by a cache.
  res.setHeader('cache-control', 'private, no-cache, must-revalidate');
  sendJson(res, http?.status ?? 400, { errors: [{ message: error.message, extensions }] });
}

/** The Express route's check (GET, and POSTs the hot path leaves to Express): a GET carries its operation in the URL. */
export function trustedDocumentGate(trusted: TrustedDocuments): RequestHandler {
  return (req, res, next) => {
    const refusal = trusted.refusal(req.method === 'GET' ? req.query : req.body, req.headers.authorization);
    if (refusal) return sendRefusal(res, refusal);
    next();
  };
}

/**
 * Cache-Control of a query sent as GET (the web app's registered queries, by hash): a visitor's answer
 * (no Authorization) is the same for every visitor, so any cache may keep it (`public, no-cache`: kept,
 * and checked with the server each time, which answers 304 when its ETag is still the answer's); an
 * answer for a person or an integration (Authorization) is `private, no-store`, and so is any answer
 * other than a 200. `Vary: Authorization` keeps a visitor's copy from ever answering a signed-in request.
 */
export const getCachePolicy: RequestHandler = (req, res, next) => {
  if (req.method !== 'GET') return next();
  const personal = Boolean(req.headers.authorization);
  res.vary('Authorization');
  const send = res.send.bind(res);
  res.send = (body?: unknown) => {
    if (!res.hasHeader('cache-control')) {
      res.setHeader('cache-control', personal || res.statusCode !== 200 ? 'private, no-store' : 'public, no-cache');
    }
    if (!personal && res.statusCode === 200 && typeof body === 'string') {
      const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
      res.setHeader('etag', etag);
      if (req.headers['if-none-match'] === etag) {
        res.status(304);
        return send('');
      }
    }
    return send(body);
  };
  next();
};
