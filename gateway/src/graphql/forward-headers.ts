import type { IncomingHttpHeaders } from 'node:http';

/** What a subgraph needs to know about the browser's request: who (token, cookie), with what, from where. */
export interface ForwardedHeaders {
  authorization?: string;
  cookie?: string;
  'user-agent'?: string;
  'x-forwarded-for'?: string;
}

function single(value: string | string[] | undefined): string | undefined {
  const v = Array.isArray(value) ? value.join(', ') : value;
  return v && v.trim() ? v : undefined;
}

/**
 * The headers the gateway passes on to every subgraph fetch. `x-forwarded-for` is replaced by the
 * client IP Express derived (trusting only loopback/private proxies), so a browser cannot make a
 * subgraph believe it comes from elsewhere by sending its own X-Forwarded-For.
 */
export function forwardedHeaders(headers: IncomingHttpHeaders, clientIp: string | undefined | null): ForwardedHeaders {
  const out: ForwardedHeaders = {};
  const authorization = single(headers.authorization);
  if (authorization) out.authorization = authorization;
  // Browsers send one Cookie header; HTTP/2 may split it, and cookies join with '; '.
  const cookie = Array.isArray(headers.cookie) ? headers.cookie.join('; ') : single(headers.cookie);
  if (cookie) out.cookie = cookie;
  const userAgent = single(headers['user-agent']);
  if (userAgent) out['user-agent'] = userAgent;
  if (clientIp) out['x-forwarded-for'] = clientIp.startsWith('::ffff:') ? clientIp.slice(7) : clientIp;
  return out;
}

/** The subset of a fetch Headers object that can list Set-Cookie values one by one. */
export interface ResponseHeadersLike {
  get(name: string): string | null;
  getSetCookie?: () => string[];
  raw?: () => Record<string, string[]>;
}

/**
 * Every Set-Cookie of a subgraph response, each as its own value. Joining them with ', ' (what
 * `headers.get` does) would corrupt cookies whose Expires contains a comma, so read them separately.
 */
export function setCookieValues(headers: ResponseHeadersLike): string[] {
  if (typeof headers.getSetCookie === 'function') return headers.getSetCookie();
  if (typeof headers.raw === 'function') return headers.raw()['set-cookie'] ?? [];
  const joined = headers.get('set-cookie');
  return joined ? [joined] : [];
}
