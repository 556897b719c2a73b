import { robotsTxt } from './robots';
import { newest, sitemapXml, w3cDate } from './sitemap';

describe('the sitemap', () => {
  it('writes each URL once on the site origin, escaped, with its date when known', () => {
    const xml = sitemapXml('https://lbf.example', [
      { path: '/', lastmod: '2026-03-01T08:00:00+01:00' },
      { path: '/about' },
      { path: '/actualites/a&b' },
      { path: '/' },
    ]);
    expect(xml).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '  <url>\n    <loc>https://lbf.example/</loc>\n    <lastmod>2026-03-01T07:00:00.000Z</lastmod>\n  </url>\n' +
        '  <url>\n    <loc>https://lbf.example/about</loc>\n  </url>\n' +
        '  <url>\n    <loc>https://lbf.example/actualites/a&amp;b</loc>\n  </url>\n' +
        '</urlset>\n',
    );
  });

  it('reads dates leniently and keeps the newest', () => {
    expect(w3cDate('pas une date')).toBeNull();
    expect(w3cDate(null)).toBeNull();
    expect(newest(['2026-01-01T00:00:00Z', null, '2026-02-01T00:00:00Z', 'x'])).toBe('2026-02-01T00:00:00.000Z');
    expect(newest([null, undefined])).toBeNull();
  });
});

describe('robots.txt', () => {
  it('names the sitemap on the public origin', () => {
    const text = robotsTxt('https://lbf.example');
    expect(text).toContain('Disallow: /admin\n');
    expect(text.trimEnd().endsWith('Sitemap: https://lbf.example/sitemap.xml')).toBe(true);
  });
});
