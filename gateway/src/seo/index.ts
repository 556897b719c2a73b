import type { Express, Request } from 'express';
import { sitemapEntries, type VisitorGraphql } from './catalogue-source';
import { robotsTxt } from './robots';
import { sitemapXml } from './sitemap';

export { robotsTxt } from './robots';
export { sitemapXml } from './sitemap';
export { payLinkPreview } from './pay-link-preview';

export interface SeoOptions {
  /** The site's public origin (PUBLIC_URL); without it, the request's own (development, tests). */
  publicUrl?: string | null;
  /** How long a built sitemap is served before it is built again; 5 minutes by default. */
  sitemapTtlMs?: number;
}

const DEFAULT_TTL_MS = 5 * 60_000;

function originOf(req: Request, publicUrl: string | null | undefined): string {
  if (publicUrl) return new URL(publicUrl).origin;
  return `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** The gateway's own /graphql, reached on the socket this request came in on, with no credential at all. */
function visitorGraphql(req: Request): VisitorGraphql {
  const address = req.socket.localAddress ?? '127.0.0.1';
  const host = address.includes(':') ? `[${address}]` : address;
  const url = `http://${host}:${req.socket.localPort}/graphql`;
  return async <T>(query: string, variables: Record<string, unknown> = {}): Promise<T> => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ query, variables }),
      signal: AbortSignal.timeout(15_000),
    });
    const body = (await res.json()) as { data?: T | null; errors?: Array<{ message?: string }> };
    if (!body.data || body.errors?.length) throw new Error(`sitemap query failed (${res.status}): ${body.errors?.map((e) => e.message).join('; ') ?? 'no data'}`);
    return body.data;
  };
}

/**
 * GET /robots.txt and /sitemap.xml. The sitemap is built from the public API as a visitor and kept
 * for a few minutes (one build at a time); when a rebuild fails, the last one is served meanwhile.
 */
export function mountSeo(app: Express, options: SeoOptions = {}): void {
  const ttl = options.sitemapTtlMs ?? DEFAULT_TTL_MS;
  let cached: { origin: string; xml: string; at: number } | null = null;
  let building: { origin: string; promise: Promise<string> } | null = null;

  app.get('/robots.txt', (req, res) => {
    res.type('text/plain; charset=utf-8').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(robotsTxt(originOf(req, options.publicUrl)));
  });

  app.get('/sitemap.xml', async (req, res, next) => {
    const origin = originOf(req, options.publicUrl);
    const fresh = cached && cached.origin === origin && Date.now() - cached.at < ttl ? cached : null;
    try {
      let xml = fresh?.xml;
      if (!xml) {
        if (!building || building.origin !== origin) {
          const promise = sitemapEntries(visitorGraphql(req)).then((entries) => sitemapXml(origin, entries));
          const current = { origin, promise };
          building = current;
          promise.then(
            (built) => {
              cached = { origin, xml: built, at: Date.now() };
            },
            () => undefined,
          ).finally(() => {
            if (building === current) building = null;
          });
        }
        xml = await building.promise.catch((err: unknown) => {
          // The API is down or starting: the last sitemap is still true enough.
          if (cached && cached.origin === origin) return cached.xml;
          throw err;
        });
      }
      res.type('application/xml; charset=utf-8').setHeader('Cache-Control', `public, max-age=${Math.floor(ttl / 1000)}`);
      res.send(xml);
    } catch (err) {
      next(Object.assign(err instanceof Error ? err : new Error(String(err)), { status: 503 }));
    }
  });
}
