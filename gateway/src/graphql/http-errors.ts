import type { Logger } from '@lbf/service-kit';
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { GENERIC_ERROR } from './apollo-server';

/** The last handler: nothing else answered. */
export const notFound: RequestHandler = (_req, res) => void res.status(404).type('text/plain').send('Not found');

/**
 * Express's errors (a body parser's 413 or 400, a failed page) answered in GraphQL's error shape;
 * server errors logged and told as GENERIC_ERROR.
 */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (err: { status?: number; statusCode?: number; expose?: boolean; message?: string; type?: string }, req, res, _next) => {
    const status = err.status ?? err.statusCode ?? 500;
    if (status >= 500) log.error({ err, path: req.path }, 'request failed');
    const message =
      status === 413 ? 'Requête trop volumineuse.' : status < 500 ? (err.expose && err.message ? err.message : 'Requête invalide.') : GENERIC_ERROR;
    if (res.headersSent) return;
    res.status(status).json({ errors: [{ message, extensions: { code: status < 500 ? 'BAD_REQUEST' : 'INTERNAL_SERVER_ERROR' } }] });
  };
}
