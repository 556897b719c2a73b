import { join } from 'node:path';
import { builtFile, cacheControlFor, isReservedPath, wantsSpaFallback } from './web-app';

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

  it('leaves a missing asset, a non-GET or a non-HTML request to 404', () => {
    expect(wantsSpaFallback('GET', '/assets/index-abc123.js', HTML)).toBe(false);
    expect(wantsSpaFallback('POST', '/contact', HTML)).toBe(false);
    expect(wantsSpaFallback('GET', '/robots.txt', '*/*')).toBe(false);
    expect(wantsSpaFallback('GET', '/videos', undefined)).toBe(false);
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
