import { parse } from 'cookie';
import type { CookieOptions, Request, Response } from 'express';

export const REFRESH_COOKIE = 'lbf_refresh';

/**
 * The refresh token lives only in this cookie: httpOnly (no script reads it), SameSite=Strict and
 * scoped to /graphql (sent nowhere else), Secure in production. The gateway copies Set-Cookie back
 * to the browser and forwards the Cookie header here.
 */
function options(production: boolean): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/graphql', secure: production };
}

export function setRefreshCookie(res: Response | undefined, token: string, expiresAt: Date, production: boolean): void {
  res?.cookie(REFRESH_COOKIE, token, { ...options(production), maxAge: Math.max(0, expiresAt.getTime() - Date.now()) });
}

export function clearRefreshCookie(res: Response | undefined, production: boolean): void {
  res?.clearCookie(REFRESH_COOKIE, options(production));
}

export function readRefreshCookie(req: Request | undefined): string | null {
  const header = req?.headers.cookie;
  if (!header) return null;
  const value = parse(header)[REFRESH_COOKIE];
  return value ? value : null;
}
