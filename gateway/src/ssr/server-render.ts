import type { Logger } from '@lbf/service-kit';
import type { Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { preferredEncoding, type BodyEncoding } from '../shared/content-encoding';
import { TtlLru } from './cache';
import { builtStylesheets, criticalCssFor, type CriticalCss } from './critical-css';
import { parseTemplate, type DocumentTemplate } from './document';
import { preloadsFor, type ViteManifest } from './preloads';
import { isServerRendered, lowDataFor } from './routes';

/** What web/src/entry-server.tsx exports (the SSR bundle's contract). */
export interface ExecuteRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}
export interface ExecuteResult {
  data?: Record<string, unknown> | null;
  errors?: readonly unknown[];
}
export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** degraded: a query of the page failed; the page is sent but not cached (absent in older bundles). */
  | { kind: 'page'; status: number; html: string; head: string; state: string; degraded?: boolean };
export interface SsrBundle {
  render(request: { url: string; origin: string; lowData: boolean; execute(r: ExecuteRequest): Promise<ExecuteResult>; signal?: AbortSignal }): Promise<RenderResult>;
}

export interface ServerRenderOptions {
  /** web/dist/index.html: the document every page is written into. */
  indexHtml: string;
  /** Vite's build manifest (web/dist/.vite/manifest.json), for the route's preloads; none without it. */
  manifest?: ViteManifest | null;
  /**
   * Inlines each rendered page's critical CSS and moves its stylesheet links to the end of <body>
   * (ssr/critical-css.ts); pages keep index.html's blocking <link> without it.
   */
  criticalCss?: CriticalCss | null;
  /** The built SSR bundle (web/dist-ssr/entry-server.cjs), or the module itself (tests). */
  bundle: string | SsrBundle;
  /**
   * Runs a query as an anonymous visitor, or null while the API is not ready (pages then get the
   * app shell). The gateway passes its in-process Apollo server with an empty context: no
   * authorization, no cookie, nothing of the request that asked for the page.
   */
  execute: () => ((request: ExecuteRequest) => Promise<ExecuteResult>) | null;
  log: Logger;
  /** The site's public origin for canonical and Open Graph URLs; by default the request's own. */
  publicOrigin?: string | null;
  /** How long a rendered page is reused; 30 s by default, 0 turns the cache off. */
  cacheTtlMs?: number;
  /** Pages kept at most (least recently used out first); 500 by default. */
  cacheEntries?: number;
  /** A render taking longer is abandoned for the app shell; 3 s by default. */
  timeoutMs?: number;
}

interface CachedPage {
  status: number;
  body: Buffer;
  etag: string;
  /** The body compressed, made on the first request that accepts each encoding and kept with the page. */
  encoded: Partial<Record<BodyEncoding, Promise<Buffer>>>;
  /** Rendered while a query failed: sent to the visitors who waited for it, never cached. */
  degraded: boolean;
}

/** Smaller pages go out as they are (compression's default threshold). */
const COMPRESS_FROM = 1024;
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Brotli quality 5 (measured on the home, 58 kB: ~10 ms for 7.5 kB, where quality 11 takes ~300 ms
 * for 6.9 kB): a render that missed the cache is not held up, and the result is reused for the
 * cache's lifetime. zlib runs in libuv's thread pool, off the event loop.
 */
function encode(body: Buffer, encoding: BodyEncoding): Promise<Buffer> {
  return encoding === 'br'
    ? brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: body.length, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } })
    : gzipAsync(body, { level: constants.Z_BEST_COMPRESSION });
}

/** The page's ETag for an encoding: weak, one per representation. */
function etagOf(page: CachedPage, encoding: BodyEncoding | null): string {
  return encoding ? `${page.etag.slice(0, -1)}-${encoding}"` : page.etag;
}

export const DEFAULT_SSR_CACHE_TTL_MS = 30_000;
export const DEFAULT_SSR_TIMEOUT_MS = 3_000;
/** Longer URLs (query strings nobody links to) get the app shell rather than a render and a cache entry. */
const MAX_URL_LENGTH = 512;

function loadBundle(bundle: string | SsrBundle): SsrBundle {
  if (typeof bundle !== 'string') return bundle;
  // A CommonJS file built by Vite (web/vite.config.ts), loaded once at start.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const mod = require(bundle) as Partial<SsrBundle>;
  if (typeof mod.render !== 'function') throw new Error(`${bundle} exports no render()`);
  return mod as SsrBundle;
}

function withTimeout<T>(promise: Promise<T>, ms: number, controller: AbortController): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      controller.abort();
      // The render is asked to stop; whatever it does next, the answer goes now.
      reject(new Error(`server render took longer than ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}

/**
 * The public pages' HTML, rendered in the gateway as an anonymous visitor (see DESIGN.md "Server
 * rendering"). The returned handler answers a GET/HEAD page request with the rendered document
 * (cached per origin, URL and Save-Data flag), or passes it on to the app shell: for the signed-in
 * pages, while the API is not ready, and whenever the render fails or takes too long (logged).
 */
export interface ServerRender {
  handler: RequestHandler;
  /**
   * Forgets every rendered page; a render under way when this is called is sent but not kept.
   * The gateway calls it around every administrator's API request (content or settings may change).
   */
  invalidate(): void;
  stats(): { renders: number; hits: number; fallbacks: number; invalidations: number };
}

type RenderedPage = CachedPage | { redirect: string; status: number };
type Execute = (r: ExecuteRequest) => Promise<ExecuteResult>;
type RenderStats = ReturnType<ServerRender['stats']>;

/** One page rendered by the bundle (within the time allowed) and filled into the document, or a redirect. */
function pageRenderer(options: ServerRenderOptions, stats: RenderStats) {
  const { log } = options;
  const template: DocumentTemplate = parseTemplate(options.indexHtml);
  const preloads = preloadsFor(options.manifest ?? null, options.indexHtml);
  const criticalCss = options.criticalCss ?? null;
  const bundle = loadBundle(options.bundle);
  const timeoutMs = options.timeoutMs ?? DEFAULT_SSR_TIMEOUT_MS;

  return async function renderPage(url: string, pathname: string, origin: string, lowData: boolean, execute: Execute): Promise<RenderedPage> {
    const started = performance.now();
    const controller = new AbortController();
    const result = await withTimeout(bundle.render({ url, origin, lowData, execute, signal: controller.signal }), timeoutMs, controller);
    stats.renders++;
    const ms = Math.round(performance.now() - started);
    if (result.kind === 'redirect') {
      log.debug({ url, ms, status: result.status }, 'server render: redirect');
      return { redirect: result.location, status: result.status };
    }
    const filled = template.fill(result, preloads(pathname));
    const cssStarted = performance.now();
    let html = filled;
    try {
      if (criticalCss) html = criticalCss.inline(filled);
    } catch (err) {
      // The page as it was (the stylesheet blocks its first paint) rather than no page.
      log.warn({ url, err: err instanceof Error ? err.message : String(err) }, 'critical CSS failed for a page; sent with the blocking <link>');
    }
    const cssMs = Math.round((performance.now() - cssStarted) * 10) / 10;
    const body = Buffer.from(html, 'utf8');
    log.debug({ url, lowData, ms, cssMs, status: result.status, bytes: body.length }, 'server render');
    const etag = `W/"${createHash('sha1').update(body).digest('base64url')}"`;
    if (result.degraded) log.warn({ url }, 'server render: a query of the page failed; the page is sent but not cached');
    return { status: result.status, body, etag, encoded: {}, degraded: result.degraded === true };
  };
}

/** Writes a rendered page: 304 for the browser's own ETag, else the body in the best encoding the browser accepts. */
function sendPage(req: Request, res: Response, page: CachedPage, log: Logger): void {
  const write = (body: Buffer, encoding: BodyEncoding | null) => {
    if (res.headersSent) return;
    const etag = etagOf(page, encoding);
    res.status(page.status);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    // Revalidated on every visit (cheap with the ETag); the HTML is the same for every visitor.
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('Vary', 'Save-Data, Cookie, Accept-Encoding');
    res.setHeader('ETag', etag);
    if (page.status === 200 && req.headers['if-none-match'] === etag) {
      res.status(304).end();
      return;
    }
    if (encoding) res.setHeader('Content-Encoding', encoding);
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const encoding = page.body.length >= COMPRESS_FROM ? preferredEncoding(req.headers['accept-encoding']) : null;
  // Nothing to compress for a page the browser has (304).
  if (!encoding || (page.status === 200 && req.headers['if-none-match'] === etagOf(page, encoding))) return write(page.body, encoding);
  (page.encoded[encoding] ??= encode(page.body, encoding)).then(
    (encoded) => write(encoded, encoding),
    (err: unknown) => {
      log.warn({ url: req.originalUrl, encoding, err: err instanceof Error ? err.message : String(err) }, 'compressing a rendered page failed; sent as it is');
      delete page.encoded[encoding];
      write(page.body, null);
    },
  );
}

export function serverRenderHandler(options: ServerRenderOptions): ServerRender {
  const { log } = options;
  const ttl = options.cacheTtlMs ?? DEFAULT_SSR_CACHE_TTL_MS;
  const cache = new TtlLru<CachedPage>(options.cacheEntries ?? 500, ttl);
  const inflight = new Map<string, Promise<RenderedPage>>();
  const stats: RenderStats = { renders: 0, hits: 0, fallbacks: 0, invalidations: 0 };
  const renderPage = pageRenderer(options, stats);
  /** Bumped by invalidate(): a render started under an older generation is not cached. */
  let generation = 0;

  const handler: RequestHandler = (req, res, next) => {
    if (!isServerRendered(req.path) || req.originalUrl.length > MAX_URL_LENGTH) return next();
    const execute = options.execute();
    if (!execute) return next();
    const origin = options.publicOrigin ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
    const lowData = lowDataFor(req.headers['save-data'], req.headers.cookie);
    const url = req.originalUrl;
    const key = `${origin}\n${lowData ? 1 : 0}\n${url}`;

    const cached = cache.get(key);
    if (cached) {
      stats.hits++;
      sendPage(req, res, cached, log);
      return;
    }
    const startedIn = generation;
    let pending = inflight.get(key);
    if (!pending) {
      pending = renderPage(url, req.path, origin, lowData, execute).finally(() => inflight.delete(key));
      inflight.set(key, pending);
    }
    pending.then(
      (page) => {
        if ('redirect' in page) {
          res.redirect(page.status, page.redirect);
          return;
        }
        // Never keep a server error or a page rendered while a service was failing (it would show
        // « Indisponible » for the cache's lifetime after the service is back); a complete 200 or
        // 404 is the same for everyone for a few seconds.
        if (page.status < 500 && !page.degraded && startedIn === generation) cache.set(key, page);
        sendPage(req, res, page, log);
      },
      (err: unknown) => {
        stats.fallbacks++;
        log.error({ url, err: err instanceof Error ? err.message : String(err) }, 'server render failed; answering with the app shell');
        if (res.headersSent) return;
        next();
      },
    );
  };
  const invalidate = () => {
    generation++;
    stats.invalidations++;
    cache.clear();
    inflight.clear();
  };
  return { handler, invalidate, stats: () => ({ ...stats }) };
}

/** The built stylesheets compiled for critical CSS; null (pages keep the blocking <link>, logged) if that fails. */
function loadCriticalCss(distDir: string, indexHtml: string, manifest: ViteManifest | null, log: Logger): CriticalCss | null {
  try {
    const started = performance.now();
    const critical = criticalCssFor(builtStylesheets(distDir, indexHtml, manifest));
    if (critical) log.info({ stylesheets: critical.sheets, ms: Math.round(performance.now() - started) }, 'critical CSS: stylesheets compiled');
    else log.warn({ distDir }, 'critical CSS: no stylesheet found; server-rendered pages keep the blocking <link>');
    return critical;
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : String(err) }, 'critical CSS is off: server-rendered pages keep the blocking <link>');
    return null;
  }
}

/** Reads index.html and sets the handler up; a missing or broken bundle leaves the site on the app shell (logged). */
export function createServerRender(
  options: Omit<ServerRenderOptions, 'indexHtml'> & { indexFile: string },
): ServerRender | null {
  try {
    // Vite writes it next to index.html (build.manifest); without it pages simply get no preloads.
    const manifestFile = join(dirname(options.indexFile), '.vite', 'manifest.json');
    const manifest = existsSync(manifestFile) ? (JSON.parse(readFileSync(manifestFile, 'utf8')) as ViteManifest) : null;
    if (!manifest) options.log.warn({ manifestFile }, 'no build manifest: server-rendered pages carry no route preloads');
    const indexHtml = readFileSync(options.indexFile, 'utf8');
    const criticalCss = options.criticalCss !== undefined ? options.criticalCss : loadCriticalCss(dirname(options.indexFile), indexHtml, manifest, options.log);
    return serverRenderHandler({ manifest, ...options, criticalCss, indexHtml });
  } catch (err) {
    options.log.error({ err: err instanceof Error ? err.message : String(err), bundle: typeof options.bundle === 'string' ? options.bundle : 'module' }, 'server rendering is off: the pages get the app shell');
    return null;
  }
}
