import express, { type Express, type RequestHandler } from 'express';
import { existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { sendPrecompressed } from './precompressed';

/** Paths the web app never answers: the API, probes and media belong to the gateway. */
const RESERVED = ['/graphql', '/health', '/ready', '/media'];

export function isReservedPath(path: string): boolean {
  return RESERVED.some((p) => path === p || path.startsWith(`${p}/`));
}

/** Vite's hashed build output: a given name never changes content, so browsers may keep it for a year. */
export function isHashedAsset(path: string): boolean {
  return path.startsWith('/assets/');
}

/** Cache-Control for a file of the build, by its URL path. */
export function cacheControlFor(path: string): string {
  if (isHashedAsset(path)) return 'public, max-age=31536000, immutable';
  // index.html names the current hashed assets; it must be revalidated on every visit.
  if (path === '/' || path.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/** A last path segment that names a file (`favicon.ico`, `sw.js`, `logo.webp`): a dot and a short extension. */
const FILE_NAME = /\.[A-Za-z0-9]{1,16}$/;

/**
 * Whether a path is one of the web app's pages (a client-side route: /, /actualites/12,
 * /admin/users, /newsletter/desinscription/<token>, or an unknown one, which gets the 404 page)
 * rather than the API, a probe, media or a file of the build. Its HTML goes to whoever asks,
 * whatever they accept: link-preview crawlers (WhatsApp, Facebook, Instagram, Telegram, LinkedIn)
 * accept any type or send no Accept at all.
 */
export function isPageRoute(path: string): boolean {
  if (isReservedPath(path) || isHashedAsset(path)) return false;
  const last = path.slice(path.lastIndexOf('/') + 1);
  // The newsletter's signed tokens join base64url pieces with a dot; the piece after it is 43 characters.
  return !FILE_NAME.test(last);
}

/**
 * Whether a GET/HEAD request that matched no file gets its page (server-rendered, else index.html):
 * every page route whatever its Accept header, and a browser's navigation (Accept: text/html) to a
 * path that looks like a file (the 404 page rather than a bare « Not found »). A missing file asked
 * for by anything else (a script, an image, /favicon.ico) stays a 404, never HTML posing as it;
 * a missing /assets/… file always does.
 */
export function wantsSpaFallback(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isReservedPath(path) || isHashedAsset(path)) return false;
  return isPageRoute(path) || (accept ?? '').toLowerCase().includes('text/html');
}

/**
 * The file of the build a URL path names, or null for a path express.static would not serve
 * either (undecodable, a dot segment such as .vite/, outside the build).
 */
export function builtFile(root: string, urlPath: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (path.includes('\0') || path.split('/').some((segment) => segment.startsWith('.'))) return null;
  const base = resolve(root);
  const file = join(base, path);
  return file.startsWith(base + sep) ? file : null;
}

export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="fr">
<head><meta charset="utf-8"><title>LBF</title></head>
<body>
<h1>L'application web n'est pas encore construite</h1>
<p>Lancez <code>npm run build</code> à la racine du projet, puis rechargez cette page. L'API GraphQL répond déjà sur <code>/graphql</code>.</p>
</body>
</html>
`;

/**
 * Serves the built web app (cached by kind) with the SPA fallback; or says it is not built.
 * `renderPage` (gateway/src/ssr) answers the page requests it renders on the server and passes
 * the others (signed-in pages, a failed render) on to the app shell.
 */
export function mountWebApp(app: Express, webDist: string | null | undefined, renderPage?: RequestHandler | null): void {
  const index = webDist ? join(webDist, 'index.html') : null;
  if (!webDist || !index || !existsSync(index)) {
    app.use((req, res, next) => {
      if (!wantsSpaFallback(req.method, req.path, req.headers.accept)) return next();
      res.status(503).type('html').setHeader('Cache-Control', 'no-cache');
      res.send(NOT_BUILT_PAGE);
    });
    return;
  }
  // The build's text files go out as their brotli or gzip copy made at build time (scripts/precompress.js).
  app.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = builtFile(webDist, req.path);
    if (!file) return next();
    sendPrecompressed(req, res, file, { 'Cache-Control': cacheControlFor(req.path) }).then((sent) => {
      if (!sent) next();
    }, next);
  });
  app.use(
    express.static(webDist, {
      index: false,
      redirect: false,
      cacheControl: false,
      setHeaders: (res, filePath) => {
        const urlPath = `/${relative(webDist, filePath).split(sep).join('/')}`;
        res.setHeader('Cache-Control', cacheControlFor(urlPath));
      },
    }),
  );
  if (renderPage) {
    app.use((req, res, next) => {
      if (!wantsSpaFallback(req.method, req.path, req.headers.accept)) return next();
      renderPage(req, res, next);
    });
  }
  app.use((req, res, next) => {
    if (!wantsSpaFallback(req.method, req.path, req.headers.accept)) return next();
    sendPrecompressed(req, res, index, { 'Cache-Control': 'no-cache' }).then((sent) => {
      if (sent) return;
      res.setHeader('Cache-Control', 'no-cache');
      // A page is answered whole: a crawler's Range (Facebook asks for bytes=0-524288) is ignored,
      // as sendPrecompressed and the server render ignore it.
      res.sendFile(index, { acceptRanges: false });
    }, next);
  });
}
