'use strict';
/**
 * The JavaScript weight of a first visit to each public page, from Vite's build manifest
 * (web/dist/.vite/manifest.json): the entry chunk and everything it imports statically, plus the
 * route's lazy chunk and its static imports. Each file is compressed on its own (one request each)
 * with gzip (zlib's default level, what a server compresses on the fly) and brotli (quality 11,
 * what a server precompresses). Prints a table and exits 1 when a public page is over budget.
 *
 *   node scripts/web-budget.js [distDir] [--json]
 *
 * Run at the end of the web build (web/package.json "build").
 */
const { existsSync, readFileSync, statSync } = require('node:fs');
const { join, resolve } = require('node:path');
const { brotliCompressSync, constants, gzipSync } = require('node:zlib');

/**
 * Issue 11 ("a lighter app"): the JavaScript needed to show a public page is at most 100 KB
 * compressed. Measured gzip (the larger of the two encodings), in kB of 1000 bytes like Vite's report.
 * Pages above it are marked in the table.
 */
const PUBLIC_PAGE_JS_GZIP_TARGET_KB = 100;

/**
 * What fails the build: the target itself, now that every public page is under it. The app runs on
 * Preact + preact/compat (web/vite.config.ts), and public pages hydrate without Apollo Client, which
 * is fetched on first need (web/src/data); what remains before any page code is Preact and the data
 * router (~55 kB). Worst page when this was set: the home, 95.5 kB.
 */
const PUBLIC_PAGE_JS_GZIP_BUDGET_KB = PUBLIC_PAGE_JS_GZIP_TARGET_KB;

/**
 * The public pages of the issue and the module each route renders: the routes of the web's route
 * manifest (web/src/app/route-manifest.ts) marked `budget`, labelled by their path ('404' for '*').
 * The manifest is an ES module compiled on its own by `tsc -b` (web/tsconfig.routes.json, run before
 * the web build: root `npm run build`, web/package.json "build"); Node (>= 20.19) require()s it
 * under its package name `@lbf/web/routes` (web/package.json "exports"), which jest maps to the source.
 * A page's contact form and the like (`with`) are fetched beside it, not counted in its first visit.
 */
const { routeManifest } = require('@lbf/web/routes');
const PUBLIC_PAGES = routeManifest().filter(([, r]) => r.budget).map(([, r]) => ({ page: r.path === '*' ? '404' : r.path, route: r.module }));

/**
 * The app itself (Preact, the router, the layout), which a server-rendered page imports when the
 * visitor wants it live (web/src/main.tsx): counted with every page, as what makes it live.
 */
const APP_MODULE = 'src/start-app.tsx';

/** The browser's entry: index.html's script (and the app it starts) when the HTML is an input, else every entry chunk. */
function entryKeys(manifest) {
  if (manifest['index.html']?.isEntry) return manifest[APP_MODULE] ? ['index.html', APP_MODULE] : ['index.html'];
  const keys = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (keys.length === 0) throw new Error('web budget: the manifest has no entry chunk');
  return keys;
}

/**
 * The manifest keys a first visit to a page loads: the entry, the route's chunk (when the route is
 * a lazy chunk of its own; a route bundled into the entry adds nothing) and, transitively, their
 * static imports. Dynamic imports are left out: they load later, when used.
 */
function chunksForPage(manifest, routeKeys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`web budget: "${key}" is imported but missing from the manifest`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of entryKeys(manifest)) visit(key);
  for (const key of routeKeys) if (manifest[key]) visit(key);
  return [...seen];
}

/** JavaScript and CSS files of those chunks, each once. */
function filesForPage(manifest, routeKeys) {
  const js = new Set();
  const css = new Set();
  for (const key of chunksForPage(manifest, routeKeys)) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  return { js: [...js], css: [...css] };
}

function compressedSizes(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buffer.length },
    }).length,
  };
}

/**
 * One row per page: bytes (raw, gzip, brotli) of its JavaScript and CSS. `readFile(file)` returns
 * a built file's contents (a Buffer); `fileExists(route)` says whether a route's source exists, so
 * that a renamed page is an error rather than a page silently measured without its chunk.
 */
function measurePages(manifest, { pages = PUBLIC_PAGES, readFile, fileExists = () => true, precompressed = () => null }) {
  const cache = new Map();
  // The sizes of the .gz/.br files scripts/precompress.js wrote (what the gateway sends), else computed.
  const sizeOf = (file) => {
    if (!cache.has(file)) cache.set(file, precompressed(file) ?? compressedSizes(readFile(file)));
    return cache.get(file);
  };
  const sum = (files) =>
    files.map(sizeOf).reduce((acc, s) => ({ raw: acc.raw + s.raw, gzip: acc.gzip + s.gzip, brotli: acc.brotli + s.brotli }), {
      raw: 0,
      gzip: 0,
      brotli: 0,
    });
  return pages.map(({ page, route }) => {
    const routes = Array.isArray(route) ? route : [route];
    for (const r of routes) {
      if (!manifest[r] && !fileExists(r)) throw new Error(`web budget: ${page} renders ${r}, which does not exist (update web/src/app/route-manifest.ts)`);
    }
    const files = filesForPage(manifest, routes);
    return { page, files: files.js, js: sum(files.js), css: sum(files.css) };
  });
}

/** Pages whose JavaScript is over `budgetKb` kB gzip. */
function overBudget(rows, budgetKb = PUBLIC_PAGE_JS_GZIP_BUDGET_KB) {
  return rows.filter((row) => row.js.gzip > budgetKb * 1000);
}

const kb = (bytes) => (bytes / 1000).toFixed(1);

function formatTable(rows, budgetKb = PUBLIC_PAGE_JS_GZIP_BUDGET_KB, targetKb = PUBLIC_PAGE_JS_GZIP_TARGET_KB) {
  const header = ['Page', 'JS gzip kB', 'JS brotli kB', 'JS raw kB', 'CSS gzip kB', 'files', `≤ ${targetKb} kB`];
  const body = rows.map((r) => [
    r.page,
    kb(r.js.gzip),
    kb(r.js.brotli),
    kb(r.js.raw),
    kb(r.css.gzip),
    String(r.files.length),
    r.js.gzip <= targetKb * 1000 ? 'yes' : 'no',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((line) => line[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [
    `JavaScript of a first visit to each public page (target: ${targetKb} kB gzip; the build fails above ${budgetKb} kB)`,
    line(header),
    widths.map((w) => '-'.repeat(w)).join('  '),
    ...body.map(line),
  ].join('\n');
}

function main(argv) {
  const json = argv.includes('--json');
  const dist = resolve(argv.find((a) => !a.startsWith('--')) ?? join(__dirname, '..', 'web', 'dist'));
  const webRoot = join(__dirname, '..', 'web');
  const manifestPath = join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) {
    console.error(`web budget: ${manifestPath} is missing (build.manifest must be on in web/vite.config.ts)`);
    return 1;
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  const rows = measurePages(manifest, {
    readFile: (file) => readFileSync(join(dist, file)),
    fileExists: (route) => existsSync(join(webRoot, route)),
    precompressed: (file) => {
      const path = join(dist, file);
      if (!existsSync(`${path}.gz`) || !existsSync(`${path}.br`)) return null;
      return { raw: statSync(path).size, gzip: statSync(`${path}.gz`).size, brotli: statSync(`${path}.br`).size };
    },
  });
  if (json) console.log(JSON.stringify(rows.map(({ page, js, css }) => ({ page, js, css })), null, 2));
  else console.log(formatTable(rows));
  const over = overBudget(rows);
  // Only a production build is held to the budget: a build with NODE_ENV=test or development
  // (jest's e2e stack) carries React's development code.
  const mode = process.env.NODE_ENV;
  if (mode && mode !== 'production') {
    console.log(`(NODE_ENV=${mode}: not a production build, sizes not checked)`);
    return 0;
  }
  if (over.length > 0) {
    console.error(
      `\nweb budget exceeded: ${over.map((r) => `${r.page} needs ${kb(r.js.gzip)} kB`).join(', ')} of JavaScript (gzip); ` +
        `the build's limit is ${PUBLIC_PAGE_JS_GZIP_BUDGET_KB} kB per public page (the issue's target: ${PUBLIC_PAGE_JS_GZIP_TARGET_KB} kB; scripts/web-budget.js). ` +
        'Load what the page does not need at first with import() / React.lazy.',
    );
    return 1;
  }
  return 0;
}

module.exports = {
  PUBLIC_PAGE_JS_GZIP_TARGET_KB,
  PUBLIC_PAGE_JS_GZIP_BUDGET_KB,
  PUBLIC_PAGES,
  entryKeys,
  chunksForPage,
  filesForPage,
  measurePages,
  overBudget,
  formatTable,
};

if (require.main === module) process.exitCode = main(process.argv.slice(2));
