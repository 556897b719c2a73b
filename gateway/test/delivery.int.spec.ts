import { AccessTokenVerifier, createLogger, Redis, startSubgraph, type BaseContext, type RunningSubgraph } from '@lbf/service-kit';
import { testKeys, TEST_REDIS_URL } from '@lbf/service-kit/testing';
import { readFileSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startGateway, type RunningGateway } from '../src/app';
import { chunkKey, ROUTE_MODULES } from '../src/ssr/preloads';
import { startFiveServices, type FiveServices } from './five-services';
import { subscribe, testGatewayConfig, wsClient, type Subscriber } from './support';

/**
 * How the public pages' bytes leave the gateway (issue 11, slow networks): the build's files as
 * their brotli or gzip copy made at build time, the server-rendered pages and large GraphQL answers
 * compressed, the route's chunks announced in the page's head; websockets and /media untouched.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildStale, root } = require('../../scripts/lib/build') as { buildStale(o: { log(): void }): void; root: string };

const WEB_DIST = join(root, 'web', 'dist');
const SSR_BUNDLE = join(root, 'web', 'dist-ssr', 'entry-server.cjs');
const BOTH = 'gzip, deflate, br, zstd';

interface Raw {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A plain HTTP exchange: fetch would decode the body and hide what was sent. */
function raw(url: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res: Raw): Buffer {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

const varies = (res: Raw) => String(res.headers.vary ?? '').toLowerCase().includes('accept-encoding');

describe('delivering the site to slow networks', () => {
  let stack: FiveServices;
  let site: RunningGateway;
  let base: string;
  let indexHtml: string;
  let manifest: Record<string, { file: string; imports?: string[]; css?: string[] }>;
  const subscribers: Array<Subscriber<unknown>> = [];

  beforeAll(async () => {
    // The web app, its server bundle and their compressed copies, as `npm test` and `npm start` build them.
    buildStale({ log: () => undefined });
    indexHtml = readFileSync(join(WEB_DIST, 'index.html'), 'utf8');
    manifest = JSON.parse(readFileSync(join(WEB_DIST, '.vite', 'manifest.json'), 'utf8')) as typeof manifest;
    stack = await startFiveServices();
    site = await startGateway(
      testGatewayConfig({
        subgraphs: Object.entries(stack.subgraphs).map(([name, url]) => ({ name, url })),
        authPublicKey: stack.env.keys.publicKey,
        subgraphSecret: stack.env.subgraphSecret,
        redisKeyPrefix: stack.env.redisKeyPrefix,
        pollIntervalMs: 0,
        webDist: WEB_DIST,
        ssrBundle: SSR_BUNDLE,
      }),
    );
    await site.ready;
    base = site.url.replace(/\/graphql$/, '');
  });

  afterAll(async () => {
    await Promise.all(subscribers.map((s) => s.stop()));
    await site?.stop();
    await stack?.stop();
  });

  /** The entry script and the stylesheet index.html names. */
  const entryScript = () => /<link rel="lbf-module" href="(\/assets\/[^"]+\.js)"/.exec(indexHtml)![1]!;
  /**
   * The largest script index.html names (the entry or one of its preloads): big enough to have
   * compressed copies however the build splits its chunks (scripts/precompress.js skips files under 1 kB).
   */
  const largestScript = () =>
    [...indexHtml.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)]
      .map((m) => m[1]!)
      .sort((a, b) => statSync(join(WEB_DIST, b)).size - statSync(join(WEB_DIST, a)).size)[0]!;
  const entryStyle = () => /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)"/.exec(indexHtml)![1]!;

  describe("the build's files", () => {
    it('sends a hashed script as its brotli copy, gzip to a gzip-only client, as it is to a client that accepts neither', async () => {
      const path = largestScript();
      const file = readFileSync(join(WEB_DIST, path));
      const [br, gzip, plain] = await Promise.all([raw(base + path, { 'accept-encoding': BOTH }), raw(base + path, { 'accept-encoding': 'gzip' }), raw(base + path)]);
      for (const [res, encoding] of [
        [br, 'br'],
        [gzip, 'gzip'],
        [plain, undefined],
      ] as const) {
        expect(res.status).toBe(200);
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(res.headers['content-type']).toMatch(/^text\/javascript/);
        expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(varies(res)).toBe(true);
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(decoded(res).equals(file)).toBe(true);
      }
      // The copies made at build time, byte for byte; each representation with its own validator.
      expect(br.body.equals(readFileSync(join(WEB_DIST, `${path}.br`)))).toBe(true);
      expect(gzip.body.equals(readFileSync(join(WEB_DIST, `${path}.gz`)))).toBe(true);
      expect(br.body.length).toBeLessThan(gzip.body.length);
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);
    });

    it('sends a hashed file with the headers a script needs (nosniff, resource policy) and none of a page’s', async () => {
      const asset = await raw(base + largestScript(), { 'accept-encoding': BOTH });
      expect(asset.status).toBe(200);
      expect(asset.headers['x-content-type-options']).toBe('nosniff');
      expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
      for (const name of ['content-security-policy', 'x-frame-options', 'referrer-policy', 'cross-origin-opener-policy']) expect(asset.headers[name]).toBeUndefined();
      // A page and the service worker (a worker takes its CSP from its own response) keep them all.
      for (const path of ['/about', '/sw.js']) {
        const res = await raw(base + path, { accept: 'text/html', 'accept-encoding': BOTH });
        expect([path, res.headers['content-security-policy']]).toEqual([path, expect.stringContaining("script-src 'self'")]);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      }
    });

    it('revalidates a compressed copy with its ETag, and answers HEAD with its length', async () => {
      const path = entryStyle();
      const first = await raw(base + path, { 'accept-encoding': 'br' });
      expect(first.headers['content-encoding']).toBe('br');
      expect(first.headers['content-type']).toMatch(/^text\/css/);
      expect(brotliDecompressSync(first.body).equals(readFileSync(join(WEB_DIST, path)))).toBe(true);
      const again = await raw(base + path, { 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      const head = await raw(base + path, { 'accept-encoding': 'br' }, 'HEAD');
      expect(head.status).toBe(200);
      expect(head.headers['content-length']).toBe(String(first.body.length));
      expect(head.body.length).toBe(0);
    });

    it('sends the app shell of a signed-in page compressed, still never cached', async () => {
      const res = await raw(`${base}/dashboard`, { accept: 'text/html', 'accept-encoding': BOTH });
      expect(res.status).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(decoded(res).toString('utf8')).toBe(indexHtml);
    });

    it('keeps the build manifest and a missing asset out of reach', async () => {
      expect((await raw(`${base}/.vite/manifest.json`, { 'accept-encoding': BOTH })).status).toBe(404);
      expect((await raw(`${base}/assets/absent-abc123.js`, { 'accept-encoding': BOTH })).status).toBe(404);
      // A copy is only ever sent for its file's own URL.
      expect((await raw(`${base}${largestScript()}.br`, { accept: 'text/html' })).headers['content-encoding']).toBeUndefined();
    });
  });

  describe('the server-rendered pages', () => {
    it('sends a page compressed (brotli, else gzip), each encoding with its own ETag', async () => {
      const [br, gzip, plain] = await Promise.all([
        raw(`${base}/about`, { accept: 'text/html', 'accept-encoding': BOTH }),
        raw(`${base}/about`, { accept: 'text/html', 'accept-encoding': 'gzip' }),
        raw(`${base}/about`, { accept: 'text/html' }),
      ]);
      expect(br.headers['content-encoding']).toBe('br');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(plain.headers['content-encoding']).toBeUndefined();
      for (const res of [br, gzip, plain]) {
        expect(res.status).toBe(200);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers.vary).toBe('Save-Data, Cookie, Accept-Encoding');
        expect(Number(res.headers['content-length'])).toBe(res.body.length);
        expect(decoded(res).equals(plain.body)).toBe(true);
      }
      expect(plain.body.toString('utf8')).toContain('<title>Qui sommes-nous ? | LBF</title>');
      expect(br.body.length).toBeLessThan(plain.body.length / 4);
      expect(new Set([br.headers.etag, gzip.headers.etag, plain.headers.etag]).size).toBe(3);

      const again = await raw(`${base}/about`, { accept: 'text/html', 'accept-encoding': BOTH, 'if-none-match': String(br.headers.etag) });
      expect(again.status).toBe(304);
    });

    it("announces the route's chunk, its imports and its CSS in the head, nothing twice", async () => {
      const res = await raw(`${base}/actualites`, { accept: 'text/html', 'accept-encoding': BOTH });
      const html = decoded(res).toString('utf8');
      const head = html.slice(0, html.indexOf('</head>'));
      const news = manifest['src/features/news/news-page.tsx']!;
      expect(head).toContain(`<link rel="lbf-modulepreload" href="/${news.file}">`);
      for (const key of news.imports ?? []) expect(head).toContain(`/${manifest[key]!.file}"`);
      for (const css of news.css ?? []) expect(head).toContain(`<link rel="stylesheet" crossorigin href="/${css}">`);
      // After the entry: the browser starts them while it downloads the entry.
      expect(head.indexOf(`/${news.file}"`)).toBeGreaterThan(head.indexOf(entryScript()));

      for (const path of ['/', '/actualites', '/faq', '/nimporte-quoi']) {
        const page = decoded(await raw(`${base}${path}`, { accept: 'text/html', 'accept-encoding': BOTH })).toString('utf8');
        // The stylesheet's <noscript> copy (ssr/critical-css.ts) is only read with JavaScript off: not a second request.
        const announced = page.replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
        const hrefs = [...announced.matchAll(/<(?:link|script)\b[^>]*\s(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
        expect(hrefs.length).toBeGreaterThan(0);
        expect(new Set(hrefs).size).toBe(hrefs.length);
      }
      // The table of ssr/preloads.ts follows web/src/routes.tsx: each page has its chunk in this build (the home too).
      for (const module of ROUTE_MODULES) expect([module, chunkKey(manifest, module) !== null]).toEqual([module, true]);
      const home = decoded(await raw(`${base}/`, { accept: 'text/html', 'accept-encoding': BOTH })).toString('utf8');
      expect(home).toContain(`<link rel="lbf-modulepreload" href="/${manifest['src/features/home/home-page.tsx']!.file}">`);
      const notFound = decoded(await raw(`${base}/nimporte-quoi`, { accept: 'text/html', 'accept-encoding': BOTH })).toString('utf8');
      expect(notFound).toContain(`href="/${manifest['src/app/not-found-page.tsx']!.file}"`);
    });
  });

  describe('the API and the sockets', () => {
    it('compresses a large GraphQL answer with brotli, a small one not at all', async () => {
      // 18 root fields (the gateway allows 20): about 1.6 kB of JSON.
      const query = `{ ${Array.from({ length: 18 }, (_, i) => `c${i}: liveCounters { __typename registeredUsers visitsToday day }`).join(' ')} }`;
      const big = await fetch(site.url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': BOTH }, body: JSON.stringify({ query }) });
      expect(big.headers.get('content-encoding')).toBe('br');
      expect(Object.keys(((await big.json()) as { data: object }).data)).toHaveLength(18);
      const small = await fetch(site.url, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': BOTH }, body: JSON.stringify({ query: '{ __typename }' }) });
      expect(small.headers.get('content-encoding')).toBeNull();
    });

    it('leaves graphql-ws subscriptions as they were', async () => {
      const sub = subscribe(
        wsClient(site.wsUrl, undefined, { 'accept-encoding': BOTH }),
        'subscription Live { liveCounters { registeredUsers visitsToday day } }',
        (d) => d.liveCounters as { day: string },
      );
      subscribers.push(sub as Subscriber<unknown>);
      const deadline = Date.now() + 5000;
      while (sub.values.length === 0 && sub.errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(sub.errors).toEqual([]);
      expect(sub.values[0]?.day).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  });
});

describe('media beside the compressed site', () => {
  const keys = testKeys();
  let redis: Redis;
  // Text, so that a compressing middleware in its way would have compressed it.
  const captions = Buffer.from(`WEBVTT\n\n${Array.from({ length: 400 }, (_, i) => `00:${String(i % 60).padStart(2, '0')}.000 --> 00:59.000\nSous-titre ${i}\n`).join('\n')}`);
  let catalogue: RunningSubgraph;
  let gateway: RunningGateway;

  beforeAll(async () => {
    // Made here, not when the file loads: a run filtered to other tests skips this block's afterAll.
    redis = new Redis(TEST_REDIS_URL);
    catalogue = await startSubgraph<BaseContext>({
      name: 'catalogue',
      port: 0,
      typeDefs: 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.7", import: ["@key"])\ntype Query { ping: Boolean }',
      resolvers: { Query: { ping: () => true } },
      verifier: new AccessTokenVerifier(keys.publicKey, redis),
      log: createLogger('catalogue', 'silent'),
      production: false,
      routes: (app) => {
        app.get('/media/captions.vtt', (req, res) => {
          const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
          res.set({ 'accept-ranges': 'bytes', 'content-type': 'text/vtt; charset=utf-8' });
          if (!m) return void res.send(captions);
          const [start, end] = [Number(m[1]), Number(m[2])];
          res.status(206).set('content-range', `bytes ${start}-${end}/${captions.length}`);
          res.send(captions.subarray(start, end + 1));
        });
      },
    });
    gateway = await startGateway(testGatewayConfig({ subgraphs: [{ name: 'catalogue', url: catalogue.url }], authPublicKey: keys.publicKey, webDist: WEB_DIST }));
    await gateway.ready;
  });

  afterAll(async () => {
    await gateway?.stop();
    await catalogue?.stop();
    redis?.disconnect();
  });

  it('answers a Range request under /media with exactly the asked bytes, never encoded', async () => {
    const origin = gateway.url.replace(/\/graphql$/, '');
    const part = await raw(`${origin}/media/captions.vtt`, { range: 'bytes=100-1123', 'accept-encoding': BOTH });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${captions.length}`);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.equals(captions.subarray(100, 1124))).toBe(true);
    const whole = await raw(`${origin}/media/captions.vtt`, { 'accept-encoding': BOTH });
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.headers['content-length']).toBe(String(captions.length));
    expect(whole.body.equals(captions)).toBe(true);
  });
});
