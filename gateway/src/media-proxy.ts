import type { Express } from 'express';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { SubgraphEndpoint } from './config';
import { SUBGRAPH_SECRET_HEADER } from './subgraph-credential';

/** The subgraph that serves stored media (signed reads with Range, signed uploads). */
export const MEDIA_SUBGRAPH = 'catalogue';

/**
 * Streams `/media/*` to the catalogue so the site stays one origin: request and response bodies
 * are piped, never buffered (uploads of large videos, Range reads for playback), and nothing is
 * compressed here. Without a catalogue subgraph, /media answers 404.
 */
export function mountMediaProxy(app: Express, subgraphs: SubgraphEndpoint[], secret: string): boolean {
  const catalogue = subgraphs.find((s) => s.name === MEDIA_SUBGRAPH);
  if (!catalogue) return false;
  const target = new URL(catalogue.url).origin;
  app.use(
    createProxyMiddleware({
      target,
      pathFilter: '/media',
      proxyTimeout: 0,
      on: {
        proxyReq: (proxyReq, req) => {
          proxyReq.setHeader(SUBGRAPH_SECRET_HEADER, secret);
          // One value, the client IP Express resolved (trusting only configured proxies): never the browser's own list.
          const ip = (req as { ip?: string }).ip;
          if (ip) proxyReq.setHeader('x-forwarded-for', ip.startsWith('::ffff:') ? ip.slice(7) : ip);
          else proxyReq.removeHeader('x-forwarded-for');
        },
        error: (_err, _req, res) => {
          if ('writeHead' in res && !res.headersSent) {
            res.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
            res.end('Média indisponible pour le moment.');
          }
        },
      },
    }),
  );
  return true;
}
