import type { Request, RequestHandler } from 'express';

/**
 * The host of `publicUrl` as a request names it: lower case, the scheme's default port left out
 * (`lbf.example` and `lbf.example:443` are one host for https), or null for a malformed Host header.
 */
export function hostOf(requestHost: string, publicUrl: string): string | null {
  const { protocol } = new URL(publicUrl);
  try {
    const parsed = new URL(`${protocol}//${requestHost}`);
    // A Host header is a host and a port, nothing more (no user, path or query).
    if (parsed.username || parsed.password || parsed.pathname !== '/' || parsed.search || parsed.hash) return null;
    return parsed.host;
  } catch {
    return null;
  }
}

/**
 * Where a request made on another host name of this server (127.0.0.1 where the site is
 * localhost, the machine's IP, www.) goes instead: the same path and query on `publicUrl`, with 301
 * for GET/HEAD and 308 otherwise (the method and body kept). Null when it is already there, or when
 * it names no host at all (HTTP/1.0).
 */
export function canonicalLocation(publicUrl: string, requestHost: string | undefined, originalUrl: string): string | null {
  if (!requestHost) return null;
  const target = new URL(publicUrl);
  if (hostOf(requestHost, publicUrl) === target.host) return null;
  // originalUrl always starts with '/': appended to the origin it can only name a path there.
  return `${target.origin}${originalUrl.startsWith('/') ? originalUrl : `/${originalUrl}`}`;
}

/**
 * One address for the site: a browser that opened it as http://127.0.0.1:4000 while PUBLIC_URL is
 * http://localhost:4000 would keep its session cookie on a host that NotchPay's return page, the
 * mails' links and the canonical URLs never lead back to. Mounted where the pages, the built files,
 * robots.txt and the sitemap are answered; the API (/graphql, which clients and the tests address
 * as they like), the probes (/health, /ready: kubelet and the stack scripts use the pod's or the
 * loopback address), /media and the relays (/payments/notify, the newsletter's links) are mounted
 * before it and answer on any host. The Host seen is X-Forwarded-Host when a trusted proxy sent it
 * (Express's req.host). The redirect is not cached (no-cache): a changed PUBLIC_URL applies at once.
 */
export function canonicalHost(publicUrl: string): RequestHandler {
  return (req: Request, res, next) => {
    const location = canonicalLocation(publicUrl, req.host, req.originalUrl);
    if (!location) return next();
    req.resume();
    res.setHeader('Cache-Control', 'no-cache');
    res.redirect(req.method === 'GET' || req.method === 'HEAD' ? 301 : 308, location);
  };
}
