import type { Logger } from '@lbf/service-kit';
import type { Express } from 'express';
import type { ServerResponse } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedGatewayConfig } from '../config';
import { mountSeo, payLinkPreview } from '../seo';
import { createServerRender, type ExecuteRequest, type ExecuteResult, type ServerRender } from '../ssr/server-render';
import { canonicalHost } from './canonical-host';
import { mountWebApp } from './web-app';

/**
 * The server's render of the public pages (ssr/), reading its data as a visitor from `execute`
 * (null while the API is not ready: the app shell meanwhile); null without a built web app and bundle.
 */
export function createPageRender(
  config: ResolvedGatewayConfig,
  log: Logger,
  execute: () => ((request: ExecuteRequest) => Promise<ExecuteResult>) | null,
): ServerRender | null {
  if (!config.webDist || !config.ssrBundle) return null;
  return createServerRender({
    indexFile: join(config.webDist, 'index.html'),
    bundle: config.ssrBundle,
    execute,
    log,
    publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null,
    cacheTtlMs: config.ssrCacheTtlMs,
    timeoutMs: config.ssrTimeoutMs,
  });
}

/**
 * An administrator's request may change what the public pages show (settings, articles, videos):
 * the server-rendered pages are forgotten now and once it has been answered. Undefined without them.
 */
export function pagesForgetter(pages: ServerRender | null): ((res: ServerResponse) => void) | undefined {
  if (!pages) return undefined;
  return (res) => {
    pages.invalidate();
    res.once('finish', () => pages.invalidate());
  };
}

/**
 * The site itself, after the API, probes and relays: pages, built files, robots.txt and the
 * sitemap, answered on PUBLIC_URL's host only (others are redirected there).
 */
export function mountSite(
  app: Express,
  config: ResolvedGatewayConfig,
  pages: ServerRender | null,
  visitor?: { execute: () => ((request: ExecuteRequest) => Promise<ExecuteResult>) | null; log: Logger },
): void {
  if (config.publicUrl) app.use(canonicalHost(config.publicUrl));
  mountSeo(app, { publicUrl: config.publicUrl });
  const indexFile = config.webDist ? join(config.webDist, 'index.html') : null;
  // « Payer pour moi » links: their own preview for WhatsApp and the other crawlers (seo/pay-link-preview.ts).
  if (visitor && indexFile && existsSync(indexFile)) {
    app.use(payLinkPreview({ indexFile, execute: visitor.execute, publicOrigin: config.publicUrl ? new URL(config.publicUrl).origin : null, log: visitor.log }));
  }
  mountWebApp(app, config.webDist, pages?.handler);
}
