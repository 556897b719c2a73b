import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { gunzipSync, inflateSync } from 'node:zlib';
import { startGateway, type RunningGateway } from '../src/app';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';
import { fetchSite } from './support';

/**
 * Issue 20 §3 and §4 on the real stack. Link previews: the crawlers of WhatsApp, Facebook,
 * Instagram, Telegram and LinkedIn ask for a page as their vendors document it (user agent, an
 * Accept of any type or none, Facebook's Range) and read its Open Graph tags from the HTML; every
 * page route answers them, HEAD too, whole whatever the Range. One address: a request made on
 * another host name of the server (here its loopback address, where PUBLIC_URL is
 * https://lbf.example) is redirected there, except the API, the probes, media and the relays.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildStale, root } = require('../../scripts/lib/build') as { buildStale(o: { log(): void }): void; root: string };

const WEB_DIST = join(root, 'web', 'dist');
const SSR_BUNDLE = join(root, 'web', 'dist-ssr', 'entry-server.cjs');
const SITE = 'https://lbf.example';

/** The requests as each vendor documents or sends them: none asks for text/html. */
const CRAWLERS: Record<string, Record<string, string>> = {
  // developers.facebook.com/docs/sharing/webmasters/crawler: "curl -v --compressed -H 'Range: bytes=0-524288' -H 'Connection: close' -A 'facebookexternalhit/1.1 (+…)'".
  Facebook: {
    'user-agent': 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    accept: '*/*',
    'accept-encoding': 'deflate, gzip',
    range: 'bytes=0-524288',
    connection: 'close',
  },
  // WhatsApp fetches with its app's token and no Accept.
  WhatsApp: { 'user-agent': 'WhatsApp/2.23.18.78 i' },
  // Instagram's previews come from Meta's shared crawler, under its short user agent.
  Instagram: { 'user-agent': 'facebookexternalhit/1.1', accept: '*/*', 'accept-encoding': 'gzip, deflate' },
  Telegram: { 'user-agent': 'TelegramBot (like TwitterBot)', 'accept-encoding': 'gzip, deflate' },
  LinkedIn: { 'user-agent': 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)', accept: '*/*', 'accept-encoding': 'gzip,deflate' },
};

function decode(html: string): string {
  return html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
}

/** The Open Graph tags of a document as a crawler reads them (no script run). */
function openGraph(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<meta property="(og:[a-z:_]+)" content="([^"]*)"/g)].map((m) => [m[1]!, decode(m[2]!)]));
}

/** The body as the crawler reads it once its transfer decoding is undone. */
async function body(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get('content-encoding');
  if (encoding === 'gzip') return gunzipSync(bytes).toString('utf8');
  if (encoding === 'deflate') return inflateSync(bytes).toString('utf8');
  expect(encoding).toBeNull();
  return bytes.toString('utf8');
}

describe('link previews and the one address', () => {
  let stack: FiveServices;
  let site: RunningGateway;
  /** The gateway's own listening address: another host name than https://lbf.example. */
  let loopback: string;
  const article = { id: randomUUID(), title: 'Le gingembre contre la fatigue', excerpt: 'Une racine qui réveille, en tisane ou râpée.' };
  const video = { id: randomUUID(), title: 'Respirer pour mieux dormir', description: 'Cinq minutes de respiration lente avant le coucher.' };
  const guide = { id: randomUUID(), title: 'Guide des plantes du sommeil', description: 'Les tisanes africaines qui apaisent, et leurs doses.' };
  let home: { title: string; description: string };
  let images: { video: string | null; guide: string | null; article: string | null };

  beforeAll(async () => {
    // The web app and its server bundle, as `npm test` and `npm start` build them (a no-op when fresh).
    buildStale({ log: () => undefined });
    stack = await startFiveServices();
    const sql = stack.env.sql;
    await sql.query(
      `INSERT INTO catalogue.articles (id, title, excerpt, body_html, author, category, image_key, read_time_minutes, status, published_at, search_text)
       VALUES ($1, $2, $3, '<p>Le texte.</p>', 'Dr Mbarga', 'nutrition', $4, 1, 'published', now(), lower($2))`,
      [article.id, article.title, article.excerpt, `lp-article-${article.id}.jpg`],
    );
    await sql.query(
      `INSERT INTO catalogue.videos (id, title, description, category, video_key, video_content_type, video_size, thumbnail_key, search_text, title_key, published_at)
       VALUES ($1, $2, $3, 'sleep', $4, 'video/mp4', 1000, $5, lower($2), lower($2), now())`,
      [video.id, video.title, video.description, `videos/${video.id}.mp4`, `lp-thumb-${video.id}.jpg`],
    );
    await sql.query(
      `INSERT INTO catalogue.pdfs (id, title, description, category, file_key, file_size, illustration_key, search_text, title_key, published_at)
       VALUES ($1, $2, $3, 'sleep', $4, 2048, $5, lower($2), lower($2), now())`,
      [guide.id, guide.title, guide.description, `pdfs/${guide.id}.pdf`, `lp-guide-${guide.id}.jpg`],
    );
    site = await startGateway(
      stackGatewayConfig(stack, {
        webDist: WEB_DIST,
        ssrBundle: SSR_BUNDLE,
        publicUrl: SITE,
      }),
    );
    await site.ready;
    loopback = site.url.replace(/\/graphql$/, '');
    const read = await fetch(site.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        query: `query($v: ID!, $p: ID!, $a: ID!) { siteSettings { heroTitle heroSubtitle } video(id: $v) { thumbnailUrl } pdf(id: $p) { illustrationUrl } article(id: $a) { imageUrl } }`,
        variables: { v: video.id, p: guide.id, a: article.id },
      }),
    });
    const data = ((await read.json()) as { data: { siteSettings: { heroTitle: string; heroSubtitle: string }; video: { thumbnailUrl: string | null }; pdf: { illustrationUrl: string | null }; article: { imageUrl: string | null } } }).data;
    home = { title: data.siteSettings.heroTitle, description: data.siteSettings.heroSubtitle };
    images = { video: data.video.thumbnailUrl, guide: data.pdf.illustrationUrl, article: data.article.imageUrl };
    // Each has its own picture, so its preview shows that picture and not the site's default.
    expect(images).toEqual({ video: expect.any(String), guide: expect.any(String), article: expect.any(String) });
  });

  afterAll(async () => {
    await site?.stop();
    await stack?.stop();
  });

  const absolute = (url: string | null) => new URL(url ?? '/og-default.png', SITE).toString();
  const pages = () => [
    { name: 'the home', path: '/?utm_source=whatsapp', url: `${SITE}/`, title: home.title, description: home.description, image: `${SITE}/og-default.png` },
    { name: 'an article', path: `/actualite/${article.id}`, url: `${SITE}/actualites/${article.id}`, title: article.title, description: article.excerpt, image: absolute(images.article) },
    { name: 'a video', path: `/video/${video.id}`, url: `${SITE}/videos/${video.id}`, title: video.title, description: video.description, image: absolute(images.video) },
    { name: 'a guide', path: `/pdfs/${guide.id}`, url: `${SITE}/pdfs/${guide.id}`, title: guide.title, description: guide.description, image: absolute(images.guide) },
  ];

  it.each(Object.keys(CRAWLERS))('%s: every shared page answers its HTML with its title, description, image and URL', async (crawler) => {
    for (const page of pages()) {
      const res = await fetchSite(site, page.path, { headers: CRAWLERS[crawler]! });
      expect({ page: page.name, status: res.status, type: res.headers.get('content-type') }).toEqual({ page: page.name, status: 200, type: 'text/html; charset=utf-8' });
      // Whole, whatever the Range: Facebook reads its first 512 KiB of it.
      expect(res.headers.get('content-range')).toBeNull();
      const html = await body(res);
      expect(html.trimEnd().endsWith('</html>')).toBe(true);
      const og = openGraph(html);
      expect({ page: page.name, title: og['og:title'], url: og['og:url'], image: og['og:image'] }).toEqual({ page: page.name, title: page.title, url: page.url, image: page.image });
      expect(og['og:description']).toBeDefined();
      expect(page.description.startsWith(og['og:description']!.replace(/…$/, ''))).toBe(true);
    }
  });

  it('answers HEAD on a page, and a Range on a page or the app shell whole', async () => {
    const head = await fetchSite(site, `/video/${video.id}`, { method: 'HEAD', headers: { 'user-agent': CRAWLERS.WhatsApp!['user-agent']! } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(1000);
    for (const path of ['/about', '/dashboard']) {
      const part = await fetchSite(site, path, { headers: { accept: '*/*', range: 'bytes=0-99' } });
      expect({ path, status: part.status, range: part.headers.get('content-range') }).toEqual({ path, status: 200, range: null });
      expect((await part.text()).trimEnd().endsWith('</html>')).toBe(true);
    }
    // A signed-in page (the app shell) without Accept: still the page, not a 404.
    const shell = await fetchSite(site, '/dashboard');
    expect(shell.status).toBe(200);
    expect(await shell.text()).toContain('<div id="root">');
  });

  it('keeps the API, media, files and relays to their own answers', async () => {
    const missingIcon = await fetchSite(site, '/apple-touch-icon-precomposed.png', { headers: { accept: '*/*' } });
    expect(missingIcon.status).toBe(404);
    expect(missingIcon.headers.get('content-type')).toMatch(/^text\/plain/);
    const health = await fetchSite(site, '/health', { headers: { accept: '*/*' } });
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    const media = await fetchSite(site, '/media/absent/nothing.jpg', { headers: { accept: '*/*' } });
    // Catalogue's own 404, relayed as it is: not the web app's page.
    expect(media.status).toBe(404);
    expect(await media.text()).not.toContain('<div id="root">');
    const notify = await fetchSite(site, '/payments/notify/notchpay', { headers: { accept: '*/*' } });
    expect(notify.status).toBe(405);
    const api = await fetchSite(site, '/graphql?query=%7B__typename%7D', { headers: { accept: '*/*', 'apollo-require-preflight': '1' } });
    expect(api.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
  });

  it('sends a page asked on another host name of the server to PUBLIC_URL, path and query kept', async () => {
    // The address the gateway says it serves (its log, `npm start`) is that one too.
    expect(site.siteUrl).toBe(`${SITE}/`);
    expect(stack.gateway.siteUrl).toBe(stack.gateway.url.replace(/graphql$/, ''));
    const page = await fetch(`${loopback}/paiement/retour?order=42`, { redirect: 'manual', headers: { accept: 'text/html' } });
    expect(page.status).toBe(301);
    expect(page.headers.get('location')).toBe(`${SITE}/paiement/retour?order=42`);
    const crawler = await fetch(`${loopback}/video/${video.id}`, { redirect: 'manual', headers: { 'user-agent': CRAWLERS.Facebook!['user-agent']!, accept: '*/*', range: 'bytes=0-524288' } });
    expect(crawler.status).toBe(301);
    expect(crawler.headers.get('location')).toBe(`${SITE}/video/${video.id}`);
    const head = await fetch(`${loopback}/`, { method: 'HEAD', redirect: 'manual' });
    expect(head.status).toBe(301);
    expect((await fetch(`${loopback}/robots.txt`, { redirect: 'manual' })).headers.get('location')).toBe(`${SITE}/robots.txt`);
    // Another method keeps its method and body on the way (308).
    const post = await fetch(`${loopback}/contact`, { method: 'POST', redirect: 'manual', body: 'x=1' });
    expect(post.status).toBe(308);
    expect(post.headers.get('location')).toBe(`${SITE}/contact`);
  });

  it('answers the probes, the API, media and the relays on any host', async () => {
    expect((await fetch(`${loopback}/health`, { redirect: 'manual' })).status).toBe(200);
    expect((await fetch(`${loopback}/ready`, { redirect: 'manual' })).status).toBe(200);
    const api = await fetch(site.url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query: '{ __typename }' }) });
    expect(api.status).toBe(200);
    expect(((await api.json()) as { data: unknown }).data).toEqual({ __typename: 'Query' });
    const media = await fetch(`${loopback}/media/absent/nothing.jpg`, { redirect: 'manual' });
    expect(media.status).toBeGreaterThanOrEqual(400);
    expect(media.headers.get('location')).toBeNull();
    expect((await fetch(`${loopback}/payments/notify/notchpay`, { redirect: 'manual' })).status).toBe(405);
  });
});
