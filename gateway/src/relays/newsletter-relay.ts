import { sendJson } from '@lbf/service-kit';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { boundedBody, forward, relayTarget, withQuery } from './forward';

export const NEWSLETTER_PATH = '/newsletter';
/** An RFC 8058 one-click body is `List-Unsubscribe=One-Click`; a few KiB is already generous. */
export const UNSUBSCRIBE_BODY_LIMIT = 4 * 1024;
/** A signed link token as messaging makes them (base64url pieces joined by dots). */
export const LINK_TOKEN = /^[A-Za-z0-9_.-]{1,300}$/;
/** Messaging answers at once (a row written, a redirect chosen). */
const UPSTREAM_TIMEOUT_MS = 15_000;
const PASSED_HEADERS = ['content-type', 'user-agent', 'accept-language'] as const;
const REPLY_HEADERS = ['content-type', 'location', 'cache-control'] as const;

/** Which newsletter request this is, by method and path (the part after /newsletter). */
export type NewsletterRoute =
  | { kind: 'relay'; path: string; withBody: boolean }
  | { kind: 'web-app' }
  | { kind: 'refuse'; status: 404 }
  | { kind: 'refuse'; status: 405; allow: string };

export function routeNewsletter(method: string, subPath: string): NewsletterRoute {
  const m = /^\/(desinscription|lien)\/([^/]*)$/.exec(subPath);
  // /newsletter/confirmation/<token> and anything else here: the web app's pages (or its 404).
  if (!m) return { kind: 'web-app' };
  const [, kind, token] = m;
  // The page behind the visible unsubscribe link, which then POSTs itself through GraphQL.
  if (kind === 'desinscription' && (method === 'GET' || method === 'HEAD')) return { kind: 'web-app' };
  if (!LINK_TOKEN.test(token)) return { kind: 'refuse', status: 404 };
  const path = `${NEWSLETTER_PATH}/${kind}/${token}`;
  if (kind === 'desinscription') return method === 'POST' ? { kind: 'relay', path, withBody: true } : { kind: 'refuse', status: 405, allow: 'GET, POST' };
  return method === 'GET' ? { kind: 'relay', path, withBody: false } : { kind: 'refuse', status: 405, allow: 'GET' };
}

/**
 * Relays the two newsletter links a mail carries to messaging, without a session or cookies:
 * - `POST /newsletter/desinscription/<token>`: the mailbox provider's RFC 8058 one-click unsubscribe
 *   (`List-Unsubscribe=One-Click`, form-encoded, 4 KiB at most), the exact bytes passed;
 * - `GET /newsletter/lien/<token>`: a tracked link; messaging counts the click and answers 302 to the
 *   destination, whose Location passes back as it is.
 * With the gateway's credential and the client IP, as /payments/notify. `GET /newsletter/desinscription/<token>`
 * and `/newsletter/confirmation/<token>` stay the web app's pages. A token outside
 * [A-Za-z0-9_.-]{1,300} is a 404; other methods a 405. Mount before any body parser. Without a
 * messaging subgraph, nothing is mounted (relays/index.ts).
 */
export function newsletterRelay(messagingUrl: string, secret: string): RequestHandler {
  const to = relayTarget(messagingUrl);

  return (req: Request, res: Response, next: NextFunction) => {
    const route = routeNewsletter(req.method, req.path);
    if (route.kind === 'web-app') return next();
    if (route.kind === 'refuse') {
      req.resume();
      return route.status === 405 ? sendJson(res, 405, { error: 'method not allowed' }, { allow: route.allow }) : sendJson(res, 404, { error: 'not found' });
    }
    const options = { path: withQuery(route.path, req), secret, passHeaders: PASSED_HEADERS, replyHeaders: REPLY_HEADERS, timeoutMs: UPSTREAM_TIMEOUT_MS, name: 'messaging' };
    if (!route.withBody) {
      req.resume();
      return forward(req, res, to, options);
    }
    void (async () => {
      const body = await boundedBody(req, res, UNSUBSCRIBE_BODY_LIMIT);
      if (body) forward(req, res, to, { ...options, body });
    })();
  };
}
