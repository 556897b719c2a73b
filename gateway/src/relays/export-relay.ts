import { sendJson } from '@lbf/service-kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { forward, relayTarget } from './forward';
import { LINK_TOKEN } from './newsletter-relay';

export const EXPORT_PATH = '/donnees/export';
/** Messaging reads the archive from its database and sends it at once. */
const UPSTREAM_TIMEOUT_MS = 30_000;
const REPLY_HEADERS = ['content-type', 'content-disposition', 'cache-control', 'referrer-policy'] as const;

/**
 * Relays `GET /donnees/export/<token>`, the link to a data export's archive (mailed to the person,
 * shown to them in « Mes données »), to messaging, which checks the signature and the archive's
 * expiry; without a session or cookies, as the newsletter's links. A token outside
 * [A-Za-z0-9_.-]{1,300} is a 404, another method a 405.
 */
export function exportRelay(messagingUrl: string, secret: string): RequestHandler {
  const to = relayTarget(messagingUrl);
  return (req: Request, res: Response, next: NextFunction) => {
    const m = /^\/([^/]*)$/.exec(req.path);
    if (!m) return next();
    req.resume();
    if (!LINK_TOKEN.test(m[1]!)) return sendJson(res, 404, { error: 'not found' });
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed' }, { allow: 'GET' });
    forward(req, res, to, { path: `${EXPORT_PATH}/${m[1]}`, secret, passHeaders: ['user-agent'], replyHeaders: REPLY_HEADERS, timeoutMs: UPSTREAM_TIMEOUT_MS, name: 'messaging' });
  };
}
