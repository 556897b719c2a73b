/* global self, caches, Response, Headers */
/*
 * LBF's service worker (issue 11, flaky connections), written by hand.
 *
 * - App shell: /index.html and the files it names (entry script, its preloads, the stylesheet)
 *   are cached when the worker installs, read from the built HTML itself; every other /assets/*
 *   file (lazy route chunks) is cached the first time it is used. Their names carry a content
 *   hash, so a cached copy is never stale: cache-first.
 * - Pages (navigations): network first; after NAV_TIMEOUT_MS without an answer, or when the network
 *   fails, the last copy of that public page, else the shell. A copy is marked with
 *   <meta name="lbf-offline-copy"> so the app shows 'Hors ligne'.
 * - GraphQL: only the public catalogue/news queries of a visitor without an Authorization header
 *   (GET by registered document's hash, issue 24, or POST bodies, keyed by operation name +
 *   variables, fetched without cookies), network first,
 *   the last answer when the network fails (marked X-LBF-Offline-Copy: 1 and told to the page).
 *   A server-rendered page's answers (which its browser never fetched) are handed over by the app.
 *   Mutations, subscriptions, signed-in requests and every other query go straight to the network.
 * - /media images: cache-first, at most MEDIA_MAX_ENTRIES kept.
 * Caches are versioned; activate deletes the others. Personal pages (/dashboard, /admin, /auth,
 * payments) are never stored.
 */
const VERSION = 'v1';
const SHELL_CACHE = `lbf-shell-${VERSION}`;
const ASSETS_CACHE = `lbf-assets-${VERSION}`;
const PAGES_CACHE = `lbf-pages-${VERSION}`;
const DATA_CACHE = `lbf-data-${VERSION}`;
const MEDIA_CACHE = `lbf-media-${VERSION}`;
const CURRENT = [SHELL_CACHE, ASSETS_CACHE, PAGES_CACHE, DATA_CACHE, MEDIA_CACHE];

const SHELL_URL = '/index.html';
const NAV_TIMEOUT_MS = 4000;
const DATA_TIMEOUT_MS = 8000;
const ASSETS_MAX_ENTRIES = 120;
const PAGES_MAX_ENTRIES = 60;
const DATA_MAX_ENTRIES = 200;
const MEDIA_MAX_ENTRIES = 150;
const OFFLINE_HEADER = 'X-LBF-Offline-Copy';
const OFFLINE_META = '<meta name="lbf-offline-copy" content="1">';

/** Public pages whose last copy is kept (the same HTML for every visitor). */
const PUBLIC_PAGES = [/^\/$/, /^\/actualites?(\/[^/]+)?$/, /^\/(about|faq|contact|terms|privacy)$/, /^\/videos(\/[^/]+)?$/, /^\/video\/[^/]+$/, /^\/pdfs(\/[^/]+)?$/];

/** Public queries whose last answer is kept: catalogue, news, and what the site layout shows. */
const PUBLIC_QUERIES = new Set([
  'HomePage',
  'HomeCounters',
  'NewsPage',
  'ArticlePage',
  'VideosPage',
  'VideoDetailPage',
  'PdfsPage',
  'PdfDetailPage',
  'FooterSocialLinks',
  'ContactDetails',
  'SiteSettings',
]);

/** Clients that were given an offline copy: told when the network answers again. */
const servedCopies = new Set();

self.addEventListener('install', (event) => {
  event.waitUntil(precacheShell().then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  // No clients.claim(): a page loaded before the worker stays as it is; the next one is served.
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((n) => n.startsWith('lbf-') && !CURRENT.includes(n)).map((n) => caches.delete(n)))),
  );
});

self.addEventListener('message', (event) => {
  // The app asks once per visit: the shell follows the newest deployment.
  if (event.data && event.data.type === 'lbf-refresh-shell') event.waitUntil(precacheShell().catch(() => undefined));
  // A server-rendered page hands over the answers it was rendered with: it may never have asked the
  // network for them, and they are the last content seen all the same.
  if (event.data && event.data.type === 'lbf-seen-answers' && Array.isArray(event.data.answers)) {
    event.waitUntil(keepSeenAnswers(event.data.answers).catch(() => undefined));
  }
  // A server-rendered page names the modules it would fetch once live (its route's chunks): kept, so
  // that its copy can go live offline although the visitor only read it.
  if (event.data && event.data.type === 'lbf-keep-assets' && Array.isArray(event.data.paths)) {
    event.waitUntil(keepAssets(event.data.paths).catch(() => undefined));
  }
});

/** Fetches into the assets cache the /assets/ files it does not have yet (at most 60 named at once). */
async function keepAssets(paths) {
  const assetCache = await caches.open(ASSETS_CACHE);
  const wanted = paths.filter((path) => typeof path === 'string' && /^\/assets\/[\w.-]+$/.test(path)).slice(0, 60);
  await Promise.all(
    wanted.map(async (path) => {
      if (await assetCache.match(path)) return;
      const asset = await fetch(path, { credentials: 'omit' }).catch(() => null);
      if (asset && asset.ok) await assetCache.put(path, asset);
    }),
  );
}

/** Stores the answers a page was rendered with, under the key its own query would have (public queries only). */
async function keepSeenAnswers(answers) {
  const cache = await caches.open(DATA_CACHE);
  for (const answer of answers.slice(0, 20)) {
    if (!answer || typeof answer.operationName !== 'string' || !answer.data || typeof answer.data !== 'object') continue;
    // The app sends only queries' answers; the name must still be one of the public queries.
    const key = cacheKeyFor({ operationName: answer.operationName, query: `query ${answer.operationName}`, variables: answer.variables || {} });
    if (!key) continue;
    await cache.put(key, new Response(JSON.stringify({ data: answer.data }), { headers: { 'content-type': 'application/json' } }));
  }
  await trim(cache, DATA_MAX_ENTRIES);
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;

  if (request.method === 'POST' && url.pathname === '/graphql') {
    const answer = publicQuery(event);
    if (answer) event.respondWith(answer);
    return;
  }
  if (request.method === 'GET' && url.pathname === '/graphql') {
    const key = request.headers.has('authorization') ? null : cacheKeyForGet(url);
    if (key) event.respondWith(queryNetworkFirst(event, request, key));
    return;
  }
  if (request.method !== 'GET') return;

  if (request.mode === 'navigate') {
    event.respondWith(navigation(event, url));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    event.respondWith(cacheFirst(request, ASSETS_CACHE, ASSETS_MAX_ENTRIES));
    return;
  }
  if (url.pathname.startsWith('/media/') && !url.pathname.startsWith('/media/stream/') && request.destination === 'image' && !url.searchParams.has('dl')) {
    event.respondWith(cacheFirst(request, MEDIA_CACHE, MEDIA_MAX_ENTRIES, (res) => (res.headers.get('content-type') || '').startsWith('image/')));
    return;
  }
  if (/^\/(favicon\.svg|manifest\.webmanifest|icons\/[^/]+\.png)$/.test(url.pathname)) {
    event.respondWith(cacheFirst(request, SHELL_CACHE, Infinity));
  }
});

/** The shell page and every /assets/ file it names (entry, preloads, styles). */
async function precacheShell() {
  const cache = await caches.open(SHELL_CACHE);
  const res = await fetch(SHELL_URL, { cache: 'no-cache', credentials: 'omit' });
  if (!res.ok) return;
  const html = await res.clone().text();
  await cache.put(SHELL_URL, res);
  const assets = new Set();
  for (const m of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) assets.add(m[1]);
  const assetCache = await caches.open(ASSETS_CACHE);
  await Promise.all(
    [...assets].map(async (path) => {
      if (await assetCache.match(path)) return;
      const asset = await fetch(path, { credentials: 'omit' }).catch(() => null);
      if (asset && asset.ok) await assetCache.put(path, asset);
    }),
  );
}

function isPublicPage(pathname) {
  return PUBLIC_PAGES.some((re) => re.test(pathname));
}

async function navigation(event, url) {
  const request = event.request;
  const keep = isPublicPage(url.pathname);
  const network = fetch(request).then(async (res) => {
    if (keep && res.ok && res.status === 200 && (res.headers.get('content-type') || '').includes('text/html')) {
      const cache = await caches.open(PAGES_CACHE);
      const copy = res.clone();
      await cache.put(url.pathname + url.search, res.clone());
      await trim(cache, PAGES_MAX_ENTRIES);
      // The modules the kept page names for when it goes live (its route's chunks, fetched by the page
      // only if its visitor wants the app): kept with it, so that the copy can go live offline.
      const html = await copy.text();
      await keepAssets([...html.matchAll(/<link rel="lbf-modulepreload" href="(\/assets\/[^"]+)"/g)].map((m) => m[1]));
    }
    return res;
  });
  event.waitUntil(network.then(() => undefined, () => undefined));
  const fallback = async () => {
    const pages = await caches.open(PAGES_CACHE);
    const copy =
      (keep && ((await pages.match(url.pathname + url.search)) || (await pages.match(url.pathname, { ignoreSearch: true })))) ||
      (await caches.match(SHELL_URL, { cacheName: SHELL_CACHE }));
    return copy ? markPage(copy) : null;
  };
  const timedOut = new Promise((resolve) => setTimeout(() => resolve('timeout'), NAV_TIMEOUT_MS));
  try {
    const first = await Promise.race([network, timedOut]);
    if (first !== 'timeout') return first;
    // Slow network: the last copy if there is one, else keep waiting.
    return (keep && (await fallback())) || (await network);
  } catch {
    return (await fallback()) || Response.error();
  }
}

/** A stored page, marked so the app says it is the last version kept. */
async function markPage(res) {
  const html = await res.text();
  const marked = html.replace(/<head([^>]*)>/i, (m) => `${m}${OFFLINE_META}`);
  const headers = new Headers(res.headers);
  headers.set(OFFLINE_HEADER, '1');
  headers.delete('content-length');
  return new Response(marked, { status: 200, headers });
}

/**
 * The Response promise for a public query, or null to let the browser send it as it is. Reading the
 * body needs a clone; the original request is left untouched.
 */
function publicQuery(event) {
  const request = event.request;
  if (request.headers.has('authorization')) return null;
  // Decided synchronously would need the body: read it, and forward unchanged when not ours.
  return (async () => {
    let body = null;
    try {
      body = await request.clone().json();
    } catch {
      body = null;
    }
    const key = body && cacheKeyFor(body);
    if (!key) return fetch(request);
    return queryNetworkFirst(event, request, key);
  })();
}

/** Operation name + variables, for a public query only. */
function cacheKeyFor(body) {
  if (!body || Array.isArray(body) || typeof body.query !== 'string') return null;
  const name = body.operationName;
  if (typeof name !== 'string' || !PUBLIC_QUERIES.has(name)) return null;
  // Only queries: the document's operation of that name must be a query.
  const op = new RegExp(`(^|[^\\w])(query|mutation|subscription)\\s+${name}\\b`).exec(body.query);
  if (!op || op[2] !== 'query') return null;
  const variables = JSON.stringify(sortKeys(body.variables || {}));
  return `/__lbf-graphql/${encodeURIComponent(name)}?v=${encodeURIComponent(variables)}`;
}

/**
 * Operation name + variables of a query sent as GET (trusted documents: the registered document named
 * by its hash, no text), for a public query only. A GET is never a mutation: the gateway refuses those.
 */
function cacheKeyForGet(url) {
  const name = url.searchParams.get('operationName');
  if (!name || !PUBLIC_QUERIES.has(name)) return null;
  let variables = {};
  try {
    variables = JSON.parse(url.searchParams.get('variables') || '{}');
  } catch {
    return null;
  }
  return `/__lbf-graphql/${encodeURIComponent(name)}?v=${encodeURIComponent(JSON.stringify(sortKeys(variables || {})))}`;
}

function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === 'object') {
    const out = {};
    for (const k of Object.keys(value).sort()) out[k] = sortKeys(value[k]);
    return out;
  }
  return value;
}

async function queryNetworkFirst(event, request, key) {
  const cache = await caches.open(DATA_CACHE);
  // Without cookies: a public answer is the same for everyone, and nothing personal is stored.
  const init = { method: request.method, headers: request.headers, credentials: 'omit', mode: 'same-origin' };
  if (request.method === 'POST') init.body = await request.clone().text();
  const network = fetch(request.url, init).then(async (res) => {
    if (res.ok) {
      const text = await res.clone().text();
      let parsed = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = null;
      }
      // Only complete answers: an answer with errors is the server's word for now, not for later.
      if (parsed && parsed.data && !parsed.errors) {
        await cache.put(key, new Response(text, { headers: { 'content-type': 'application/json' } }));
        await trim(cache, DATA_MAX_ENTRIES);
      }
      void tellOnline(event.clientId);
    }
    return res;
  });
  event.waitUntil(network.then(() => undefined, () => undefined));
  const copy = async () => {
    const stored = await cache.match(key);
    if (!stored) return null;
    void tellOffline(event.clientId);
    const headers = new Headers(stored.headers);
    headers.set(OFFLINE_HEADER, '1');
    return new Response(await stored.text(), { status: 200, headers });
  };
  try {
    const timedOut = new Promise((resolve) => setTimeout(() => resolve('timeout'), DATA_TIMEOUT_MS));
    const first = await Promise.race([network, timedOut]);
    if (first !== 'timeout') return first;
    return (await copy()) || (await network);
  } catch (err) {
    const stored = await copy();
    if (stored) return stored;
    throw err;
  }
}

async function tellOffline(clientId) {
  if (!clientId) return;
  servedCopies.add(clientId);
  const client = await self.clients.get(clientId);
  if (client) client.postMessage({ type: 'lbf-offline-copy' });
}

async function tellOnline(clientId) {
  if (!clientId || !servedCopies.has(clientId)) return;
  servedCopies.delete(clientId);
  const client = await self.clients.get(clientId);
  if (client) client.postMessage({ type: 'lbf-network-ok' });
}

async function cacheFirst(request, cacheName, maxEntries, accept) {
  const cache = await caches.open(cacheName);
  const hit = await cache.match(request, { ignoreVary: true });
  if (hit) return hit;
  const res = await fetch(request);
  if (res.ok && res.status === 200 && (!accept || accept(res))) {
    await cache.put(request, res.clone());
    if (Number.isFinite(maxEntries)) await trim(cache, maxEntries);
  }
  return res;
}

/** Keeps a cache to its size: the oldest entries go first (keys() lists them in insertion order). */
async function trim(cache, maxEntries) {
  const keys = await cache.keys();
  for (let i = 0; i < keys.length - maxEntries; i++) await cache.delete(keys[i]);
}
