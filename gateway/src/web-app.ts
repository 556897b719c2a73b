import express, { type Express } from 'express';
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

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

/**
 * Whether a request that matched no file gets index.html, so that client-side routes
 * (/videos/12, /admin/users) load the app: GET/HEAD navigations that ask for HTML, outside the
 * API, probes and media. A missing /assets/… file stays a 404 rather than HTML posing as a script.
 */
export function wantsSpaFallback(method: string, path: string, accept: string | undefined): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  if (isReservedPath(path) || isHashedAsset(path)) return false;
  return (accept ?? '').toLowerCase().includes('text/html');
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

/** Serves the built web app (cached by kind) with the SPA fallback; or says it is not built. */
export function mountWebApp(app: Express, webDist: string | null | undefined): void {
  const index = webDist ? join(webDist, 'index.html') : null;
  if (!webDist || !index || !existsSync(index)) {
    app.use((req, res, next) => {
      if (!wantsSpaFallback(req.method, req.path, req.headers.accept)) return next();
      res.status(503).type('html').setHeader('Cache-Control', 'no-cache');
      res.send(NOT_BUILT_PAGE);
    });
    return;
  }
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
  app.use((req, res, next) => {
    if (!wantsSpaFallback(req.method, req.path, req.headers.accept)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(index);
  });
}
