import { parse, serialize, type CookieSerializeOptions } from 'cookie';
import type { IncomingMessage, ServerResponse } from 'node:http';

export const REFRESH_COOKIE = 'lbf_refresh';

/**
 * The refresh token lives only in this cookie: httpOnly (no script reads it), SameSite=Strict and
 * scoped to /graphql (sent nowhere else), Secure in production. The gateway copies Set-Cookie back
 * to the browser and forwards the Cookie header here.
 */
function options(production: boolean): CookieSerializeOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/graphql', secure: production };
}

/*
 * Written on the bare node:http response (the subgraph answers POST /graphql before Express), with
 * the attributes Express's res.cookie / res.clearCookie gave: Max-Age in seconds and Expires.
 */
export function setRefreshCookie(res: ServerResponse | undefined, token: string, expiresAt: Date, production: boolean): void {
  const ms = Math.max(0, expiresAt.getTime() - Date.now());
  res?.appendHeader('Set-Cookie', serialize(REFRESH_COOKIE, token, { ...options(production), maxAge: Math.floor(ms / 1000), expires: new Date(Date.now() + ms) }));
}

export function clearRefreshCookie(res: ServerResponse | undefined, production: boolean): void {
  res?.appendHeader('Set-Cookie', serialize(REFRESH_COOKIE, '', { ...options(production), expires: new Date(1) }));
}

export function readRefreshCookie(req: IncomingMessage | undefined): string | null {
  const header = req?.headers.cookie;
  if (!header) return null;
  const value = parse(header)[REFRESH_COOKIE];
  return value ? value : null;
}
