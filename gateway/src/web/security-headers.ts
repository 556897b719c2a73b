import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResolvedGatewayConfig } from '../config';
import { inlineScriptHashes } from './inline-scripts';

/** helmet's middleware, which runs on a bare node:http request as well (graphql/graphql-http.ts). */
type Helmet = ReturnType<typeof helmet>;

export interface SecurityHeaders {
  /** Every answer but the built assets': the site's CSP and helmet's other policies. */
  page: Helmet;
  /** The hashed files under /assets. */
  assets: Helmet;
  /** Picks one of the two by path. */
  middleware: RequestHandler;
}

/** The page policy: index.html's one inline script (taps held until hydration) allowed by its hash. */
function pageHeaders(config: ResolvedGatewayConfig): Helmet {
  const indexFile = config.webDist ? join(config.webDist, 'index.html') : null;
  const inlineScripts = indexFile && existsSync(indexFile) ? inlineScriptHashes(readFileSync(indexFile, 'utf8')) : [];
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
        scriptSrcAttr: ["'none'"],
        // Radix positions popovers and dialogs with inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // hls.js plays through MediaSource (blob: URLs) and may run its demuxer in a blob: worker.
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        // The contact page embeds Google Maps.
        frameSrc: ['https://www.google.com'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        // Everything is same-origin ('self'), so there is nothing for upgrade-insecure-requests to
        // upgrade, and it would break a production build served over plain http://localhost.
        upgradeInsecureRequests: null,
      },
    },
    // HSTS on http://localhost would make browsers refuse the dev server; production is HTTPS.
    strictTransportSecurity: config.production,
  });
}

/**
 * The hashed files under /assets are scripts, styles and images, never documents or workers: the
 * policies that only mean something for a page (CSP, framing, referrer, COOP…) would be ~900 bytes
 * of headers on each of a first visit's ~30 files, uncompressed on HTTP/1.1.
 */
function assetHeaders(config: ResolvedGatewayConfig): Helmet {
  return helmet({
    contentSecurityPolicy: false,
    crossOriginOpenerPolicy: false,
    originAgentCluster: false,
    referrerPolicy: false,
    strictTransportSecurity: config.production,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
  });
}

export function securityHeaders(config: ResolvedGatewayConfig): SecurityHeaders {
  const page = pageHeaders(config);
  const assets = assetHeaders(config);
  return { page, assets, middleware: (req, res, next) => (req.path.startsWith('/assets/') ? assets : page)(req, res, next) };
}
