import { join } from 'node:path';
import { builtFile, cacheControlFor, isPageRoute, isReservedPath, wantsSpaFallback } from './web-app';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('serving the web app', () => {
  it('sends index.html for client-side routes a browser navigates to', () => {
    expect(wantsSpaFallback('GET', '/videos/12', HTML)).toBe(true);
    expect(wantsSpaFallback('GET', '/admin/users', HTML)).toBe(true);
    expect(wantsSpaFallback('HEAD', '/', HTML)).toBe(true);
  });

  it('never answers the API, the probes or media with the app', () => {
    for (const path of ['/graphql', '/health', '/ready', '/media', '/media/videos/1.mp4']) {
      expect(isReservedPath(path)).toBe(true);
      expect(wantsSpaFallback('GET', path, HTML)).toBe(false);
    }
    expect(isReservedPath('/mediatheque')).toBe(false);
  });

  it('answers a page whatever the Accept header: link-preview crawlers send */* or none', () => {
    // facebookexternalhit, WhatsApp, Instagram, TelegramBot, LinkedInBot, Twitterbot: none asks for text/html.
    for (const accept of [undefined, '', '*/*', 'text/*', 'application/json', 'image/webp,*/*']) {
      for (const path of ['/', '/actualites/12', '/video/7', '/pdfs/3', '/about', '/nulle-part', '/admin/users']) {
        expect({ path, accept, get: wantsSpaFallback('GET', path, accept), head: wantsSpaFallback('HEAD', path, accept) }).toEqual({ path, accept, get: true, head: true });
      }
    }
    // The unsubscribe page's token joins base64url pieces with a dot: still a page, not a file.
    const token = 'AAAAAAAAAAAAAAAAAAAAAA.Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6cXV4Zm9vYmFyYmF6';
    expect(isPageRoute(`/newsletter/desinscription/${token}`)).toBe(true);
    expect(wantsSpaFallback('GET', `/newsletter/desinscription/${token}`, '*/*')).toBe(true);
  });

  it('leaves a missing file, a missing asset, a non-GET, the API, media and probes to their own answers', () => {
    expect(wantsSpaFallback('GET', '/assets/index-abc123.js', HTML)).toBe(false);
    expect(wantsSpaFallback('GET', '/assets/index-abc123.js', '*/*')).toBe(false);
    expect(wantsSpaFallback('POST', '/contact', HTML)).toBe(false);
    expect(wantsSpaFallback('POST', '/contact', '*/*')).toBe(false);
    for (const path of ['/robots.txt', '/favicon.ico', '/sw.js', '/apple-touch-icon.png', '/manifest.webmanifest']) {
      expect(isPageRoute(path)).toBe(false);
      expect(wantsSpaFallback('GET', path, '*/*')).toBe(false);
      expect(wantsSpaFallback('GET', path, undefined)).toBe(false);
    }
    for (const path of ['/graphql', '/health', '/ready', '/media/img/a.webp', '/media/stream/t/index.m3u8']) {
      expect(isPageRoute(path)).toBe(false);
      expect(wantsSpaFallback('GET', path, undefined)).toBe(false);
    }
    // A browser navigating to a path that looks like a file still gets the 404 page.
    expect(wantsSpaFallback('GET', '/ancien-site/index.php', HTML)).toBe(true);
  });

  it('caches hashed assets for a year, revalidates HTML, and keeps other files briefly', () => {
    expect(cacheControlFor('/assets/index-abc123.js')).toBe('public, max-age=31536000, immutable');
    expect(cacheControlFor('/index.html')).toBe('no-cache');
    expect(cacheControlFor('/favicon.ico')).toBe('public, max-age=3600');
  });

  it('maps a URL path to a file of the build, never outside it nor into a dot directory', () => {
    const root = '/srv/web/dist';
    expect(builtFile(root, '/assets/index-abc123.js')).toBe(join(root, 'assets/index-abc123.js'));
    expect(builtFile(root, '/caf%C3%A9.svg')).toBe(join(root, 'café.svg'));
    expect(builtFile(root, '/.vite/manifest.json')).toBeNull();
    expect(builtFile(root, '/assets/../../secret.js')).toBeNull();
    expect(builtFile(root, '/%2e%2e/secret.js')).toBeNull();
    expect(builtFile(root, '/bad%E0.js')).toBeNull();
    expect(builtFile(root, '/a%00.js')).toBeNull();
  });
});
