import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from '@jest/globals';
import {
  chunksForPage,
  filesForPage,
  formatTable,
  measurePages,
  overBudget,
  PUBLIC_PAGES,
  type Manifest,
} from '../../../scripts/web-budget.js';

/** A small build: an entry with a shared vendor chunk, two lazy routes, a lazy dialog. */
const manifest: Manifest = {
  'index.html': { file: 'assets/index.js', src: 'index.html', isEntry: true, imports: ['_vendor.js'], dynamicImports: ['src/features/news/news-page.tsx', 'src/features/about/about-page.tsx'], css: ['assets/index.css'] },
  '_vendor.js': { file: 'assets/vendor.js', imports: ['_runtime.js'] },
  '_runtime.js': { file: 'assets/runtime.js' },
  '_card.js': { file: 'assets/card.js', imports: ['_vendor.js'] },
  'src/features/news/news-page.tsx': { file: 'assets/news-page.js', isDynamicEntry: true, imports: ['index.html', '_card.js'], dynamicImports: ['src/dialog.tsx'] },
  'src/features/about/about-page.tsx': { file: 'assets/about-page.js', isDynamicEntry: true, imports: ['index.html'], css: ['assets/about.css'] },
  'src/dialog.tsx': { file: 'assets/dialog.js', isDynamicEntry: true, imports: ['_card.js'] },
};

/** Incompressible bytes, so that compressed sizes are predictable (≈ the raw size). */
const contents: Record<string, Buffer> = {
  'assets/index.js': randomBytes(20_000),
  'assets/vendor.js': randomBytes(60_000),
  'assets/runtime.js': Buffer.from('x'.repeat(10_000)),
  'assets/card.js': randomBytes(5_000),
  'assets/news-page.js': randomBytes(30_000),
  'assets/about-page.js': randomBytes(3_000),
  'assets/dialog.js': randomBytes(50_000),
  'assets/index.css': Buffer.from('.a{color:red}'.repeat(100)),
  'assets/about.css': Buffer.from('.b{color:blue}'.repeat(100)),
};
const readFile = (file: string) => {
  const buffer = contents[file];
  if (!buffer) throw new Error(`no file ${file}`);
  return buffer;
};
const gz = (files: string[]) => files.reduce((sum, f) => sum + gzipSync(readFile(f)).length, 0);

describe('the JavaScript a first visit to a public page needs (scripts/web-budget.js)', () => {
  it('is the entry and its static imports, plus the route chunk and its static imports, each once', () => {
    expect(chunksForPage(manifest, ['src/features/news/news-page.tsx']).sort()).toEqual(
      ['_card.js', '_runtime.js', '_vendor.js', 'index.html', 'src/features/news/news-page.tsx'].sort(),
    );
    expect(filesForPage(manifest, ['src/features/news/news-page.tsx']).js.sort()).toEqual(
      ['assets/card.js', 'assets/index.js', 'assets/news-page.js', 'assets/runtime.js', 'assets/vendor.js'].sort(),
    );
  });

  it('leaves dynamic imports out (a dialog loads when opened) and counts each page’s CSS', () => {
    const about = filesForPage(manifest, ['src/features/about/about-page.tsx']);
    expect(about.js).not.toContain('assets/dialog.js');
    expect(about.js).not.toContain('assets/card.js');
    expect(about.css.sort()).toEqual(['assets/about.css', 'assets/index.css']);
  });

  it('a route bundled into the entry (no chunk of its own) costs the entry only', () => {
    expect(filesForPage(manifest, ['src/features/home/home-page.tsx']).js.sort()).toEqual(['assets/index.js', 'assets/runtime.js', 'assets/vendor.js']);
  });

  it('sums compressed sizes per file and flags the pages over the budget', () => {
    const rows = measurePages(manifest, {
      readFile,
      pages: [
        { page: '/', route: 'src/features/home/home-page.tsx' },
        { page: '/actualites', route: 'src/features/news/news-page.tsx' },
        { page: '/about', route: 'src/features/about/about-page.tsx' },
      ],
    });
    const [home, news, about] = rows;
    expect(home.js.raw).toBe(90_000);
    expect(news.js.raw).toBe(125_000);
    expect(news.js.gzip).toBe(gz(['assets/index.js', 'assets/vendor.js', 'assets/runtime.js', 'assets/card.js', 'assets/news-page.js']));
    // The compressible runtime shrinks; random bytes do not.
    expect(home.js.gzip).toBeLessThan(home.js.raw);
    expect(home.js.gzip).toBeGreaterThan(80_000);
    expect(about.css.gzip).toBe(gz(['assets/index.css', 'assets/about.css']));
    expect(news.js.brotli).toBeGreaterThan(0);

    // 100 kB: the news list (≈ 115 kB compressed) is over, the home (≈ 80 kB) and About are not.
    expect(overBudget(rows, 100).map((r) => r.page)).toEqual(['/actualites']);
    expect(overBudget(rows, 200)).toEqual([]);

    const table = formatTable(rows, 200, 100);
    expect(table).toMatch(/^\/actualites\s+11\d\.\d\s+/m);
    expect(table.split('\n')).toHaveLength(2 + 1 + rows.length);
  });

  it('refuses a page whose route source no longer exists, rather than measuring it without its chunk', () => {
    expect(() => measurePages(manifest, { readFile, pages: [{ page: '/x', route: 'src/pages/gone.tsx' }], fileExists: () => false })).toThrow(/gone\.tsx/);
  });

  it('knows every public page of the issue', () => {
    expect(PUBLIC_PAGES.map((p) => p.page)).toEqual(['/', '/actualites', '/actualites/:id', '/about', '/faq', '/contact', '/terms', '/privacy', '404']);
  });
});
