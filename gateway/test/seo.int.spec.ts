import { randomUUID } from 'node:crypto';
import { startGateway, type RunningGateway } from '../src/app';
import { stackGatewayConfig, startFiveServices, type FiveServices } from './five-services';
import { fetchSite } from './support';

/**
 * robots.txt and sitemap.xml on the real stack: the sitemap is what a visitor may open, read
 * through the gateway's own API; drafts and videos still being prepared are not in it.
 */
let stack: FiveServices;
let base: string;

const ids = {
  article: randomUUID(),
  draft: randomUUID(),
  video: randomUUID(),
  preparing: randomUUID(),
  pdf: randomUUID(),
};

async function seed(): Promise<void> {
  const sql = stack.env.sql;
  const article = (id: string, title: string, status: 'draft' | 'published') =>
    sql.query(
      `INSERT INTO catalogue.articles (id, title, excerpt, body_html, author, category, read_time_minutes, status, published_at, search_text, updated_at)
       VALUES ($1, $2, 'Un résumé.', '<p>Le texte.</p>', 'Dr Mbarga', 'nutrition', 1, $3, $4, lower($2), '2026-03-04T10:00:00Z')`,
      [id, title, status, status === 'published' ? '2026-03-01T08:00:00Z' : null],
    );
  await article(ids.article, 'Le moringa au quotidien', 'published');
  await article(ids.draft, 'Brouillon secret', 'draft');
  const video = (id: string, title: string, publishedAt: string | null) =>
    sql.query(
      `INSERT INTO catalogue.videos (id, title, category, video_key, video_content_type, video_size, search_text, title_key, published_at)
       VALUES ($1, $2, 'sleep', $3, 'video/mp4', 1000, lower($2), lower($2), $4)`,
      [id, title, `videos/${id}.mp4`, publishedAt],
    );
  await video(ids.video, 'Bien dormir', '2026-02-10T12:00:00Z');
  await video(ids.preparing, 'Encore en préparation', null);
  await sql.query(
    `INSERT INTO catalogue.pdfs (id, title, category, file_key, file_size, search_text, title_key, published_at)
     VALUES ($1, 'Guide des tisanes', 'health', $2, 2048, 'guide des tisanes', 'guide des tisanes', '2026-01-20T09:00:00Z')`,
    [ids.pdf, `pdfs/${ids.pdf}.pdf`],
  );
}

beforeAll(async () => {
  stack = await startFiveServices();
  base = stack.gateway.url.replace(/\/graphql$/, '');
  await seed();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** The <loc> and <lastmod> of each <url>, read with a strict pattern (every element accounted for). */
function parseSitemap(xml: string): Array<{ loc: string; lastmod: string | null }> {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n')).toBe(true);
  expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
  const body = xml.slice(xml.indexOf('>', xml.indexOf('<urlset')) + 1, xml.lastIndexOf('</urlset>'));
  const urls = [...body.matchAll(/<url>\s*<loc>([^<]+)<\/loc>\s*(?:<lastmod>([^<]+)<\/lastmod>\s*)?<\/url>/g)];
  // Nothing else between the <url> elements: no stray or unclosed tag.
  expect(body.replace(/<url>\s*<loc>[^<]+<\/loc>\s*(?:<lastmod>[^<]+<\/lastmod>\s*)?<\/url>/g, '').trim()).toBe('');
  return urls.map((m) => ({ loc: m[1]!, lastmod: m[2] ?? null }));
}

describe('robots.txt', () => {
  it('opens the public site, closes accounts, payments, the admin area and the API, and names the sitemap', async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    const lines = text.split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Allow: /');
    for (const path of ['/admin', '/dashboard', '/paiement', '/recu', '/auth', '/graphql']) expect(lines).toContain(`Disallow: ${path}`);
    for (const open of ['/actualites', '/videos', '/pdfs', '/about', '/']) expect(lines).not.toContain(`Disallow: ${open}`);
    expect(lines).toContain(`Sitemap: ${base}/sitemap.xml`);
  });
});

describe('sitemap.xml', () => {
  it('lists the home, the public pages and every published article, video and guide, with their dates', async () => {
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const urls = parseSitemap(await res.text());
    const locs = urls.map((u) => u.loc);
    expect(locs[0]).toBe(`${base}/`);
    for (const path of ['/actualites', '/about', '/faq', '/contact', '/terms', '/privacy']) expect(locs).toContain(`${base}${path}`);
    expect(urls.find((u) => u.loc === `${base}/actualites/${ids.article}`)?.lastmod).toBe('2026-03-04T10:00:00.000Z');
    expect(urls.find((u) => u.loc === `${base}/videos/${ids.video}`)?.lastmod).toBe('2026-02-10T12:00:00.000Z');
    expect(urls.find((u) => u.loc === `${base}/pdfs/${ids.pdf}`)?.lastmod).toBe('2026-01-20T09:00:00.000Z');
    expect(urls.find((u) => u.loc === `${base}/actualites`)?.lastmod).toBe('2026-03-04T10:00:00.000Z');
    // Drafts and videos still being prepared are not public.
    expect(locs.some((l) => l.includes(ids.draft))).toBe(false);
    expect(locs.some((l) => l.includes(ids.preparing))).toBe(false);
    // Accounts, payments and the admin area are never listed.
    expect(locs.some((l) => /\/(admin|dashboard|auth|paiement|recu)\b/.test(new URL(l).pathname))).toBe(false);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('is kept a few minutes: an article published meanwhile is not in it at once', async () => {
    const late = randomUUID();
    await stack.env.sql.query(
      `INSERT INTO catalogue.articles (id, title, excerpt, body_html, author, category, read_time_minutes, status, published_at, search_text)
       VALUES ($1, 'Publié après', 'x', '<p>x</p>', 'A', 'sleep', 1, 'published', now(), 'publie apres')`,
      [late],
    );
    const again = await (await fetch(`${base}/sitemap.xml`)).text();
    expect(again).not.toContain(late);
  });

  it('uses the public address (PUBLIC_URL) when the gateway knows it', async () => {
    let other: RunningGateway | null = null;
    try {
      other = await startGateway(
        stackGatewayConfig(stack, {
          publicUrl: 'https://lbf.example',
        }),
      );
      await other.ready;
      const robots = await (await fetchSite(other, '/robots.txt')).text();
      expect(robots).toContain('Sitemap: https://lbf.example/sitemap.xml');
      const urls = parseSitemap(await (await fetchSite(other, '/sitemap.xml')).text());
      expect(urls.map((u) => u.loc)).toContain(`https://lbf.example/videos/${ids.video}`);
      expect(urls.every((u) => u.loc.startsWith('https://lbf.example/'))).toBe(true);
    } finally {
      await other?.stop();
    }
  });
});
