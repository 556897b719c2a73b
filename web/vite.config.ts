import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig, type UserConfig } from 'vite';
import { graphqlDocuments } from './vite-plugin-graphql';
import { modulesAfterLoad } from './vite-plugin-modules-after-load';
import { offlineCode } from './vite-plugin-offline-code';

// The gateway serves /graphql (HTTP + graphql-ws) and /media on one origin in production;
// in development Vite proxies both so the refresh cookie (path /graphql) stays same-origin.
const gateway = process.env.LBF_GATEWAY_URL ?? 'http://127.0.0.1:4000';

/**
 * The app is written against React's API and runs on Preact 11 + preact/compat (issue 11: ~12 kB
 * gzip instead of React's ~68 kB on every public page). Exact-match aliases, so that every import of
 * React — ours and node_modules' (Radix, react-router, Apollo, sonner, recharts, tiptap…) — resolves
 * to the one copy of preact/compat, in the browser build and in the SSR bundle alike.
 */
const reactToPreact = (ssr: boolean) => [
  // The server's `react` is compat with marked lazies (src/react-server.ts says why).
  { find: /^react$/, replacement: ssr ? fileURLToPath(new URL('./src/react-server.ts', import.meta.url)) : 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * `vite build --ssr src/entry-server.tsx` (issue 11): the server's render of the public pages, one
 * CommonJS file with every dependency inside (web/dist-ssr/entry-server.cjs), which the gateway
 * loads with require() (gateway/src/ssr); React's production build whatever NODE_ENV the gateway runs with.
 */
const ssrBuild: UserConfig = {
  ssr: { noExternal: true, target: 'node' },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  build: {
    outDir: 'dist-ssr',
    target: 'node20',
    sourcemap: false,
    copyPublicDir: false,
    emptyOutDir: true,
    rolldownOptions: {
      output: { format: 'cjs', entryFileNames: 'entry-server.cjs', codeSplitting: false },
    },
  },
};

/**
 * Whether module `id` is imported by the module whose id ends with `rootSuffix`, statically, through
 * any chain of static imports (what runs when that module runs).
 */
function importedStaticallyBy(rootSuffix: string, id: string, ctx: ChunkingContext): boolean {
  const seen = new Set([id]);
  const queue = [id];
  while (queue.length > 0) {
    const info = ctx.getModuleInfo(queue.pop()!);
    for (const importer of info?.importers ?? []) {
      if (importer.endsWith(rootSuffix)) return true;
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  return false;
}

/**
 * hls.js built from its published source (node_modules/hls.js/src) with only what the player uses:
 * the lesson's separate audio rendition (alternate audio), AES-128 and Media Capabilities (its ABR
 * asks the browser which rungs decode smoothly; without it the first rung switched to was not always
 * the lowest), without subtitles, DRM, CMCD, content steering, interstitials, I-frame playlists,
 * variable substitution or MPEG-2 TS's advanced codecs (issue 25 point 1: the player's chunk is most
 * of the bytes before the first frame on Slow 4G). hls.js's own build sets these flags for its
 * `light` flavour, which also leaves out alternate audio and Media Capabilities. Its bundled dependencies (url-toolkit, @svta/cml-*) are devDependencies
 * here at the versions its package.json names; hls.js is pinned to match.
 */
const HLS_SOURCE = fileURLToPath(new URL('../node_modules/hls.js/src/exports-named.ts', import.meta.url));
const HLS_FEATURES = {
  __VERSION__: JSON.stringify(JSON.parse(readFileSync(new URL('../node_modules/hls.js/package.json', import.meta.url), 'utf8')).version),
  __USE_ALT_AUDIO__: 'true',
  __USE_EME_DRM__: 'false',
  __USE_SUBTITLES__: 'false',
  __USE_CMCD__: 'false',
  __USE_CONTENT_STEERING__: 'false',
  __USE_VARIABLE_SUBSTITUTION__: 'false',
  __USE_M2TS_ADVANCED_CODECS__: 'false',
  __USE_MEDIA_CAPABILITIES__: 'true',
  __USE_INTERSTITIALS__: 'false',
  __USE_IFRAMES__: 'false',
};

export default defineConfig(({ isSsrBuild }) => ({
  define: isSsrBuild ? undefined : HLS_FEATURES,
  // plugin-react only for its JSX transform (oxc, automatic runtime → react/jsx-runtime → compat's):
  // React Fast Refresh patches React's renderer, which is not there, so a change reloads the page.
  plugins: [graphqlDocuments(), react({ refreshExclude: /./ }), tailwindcss(), offlineCode(), modulesAfterLoad()],
  resolve: {
    alias: [
      // The server's render runs the public pages' data hooks on Apollo itself (src/data/hooks.server.ts).
      ...(isSsrBuild ? [{ find: /^@\/data\/hooks$/, replacement: fileURLToPath(new URL('./src/data/hooks.server.ts', import.meta.url)) }] : []),
      ...(isSsrBuild ? [] : [{ find: /^hls\.js$/, replacement: HLS_SOURCE }]),
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...reactToPreact(Boolean(isSsrBuild)),
    ],
  },
  server: {
    proxy: {
      '/graphql': { target: gateway, ws: true, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
    },
  },
  preview: {
    proxy: {
      '/graphql': { target: gateway, ws: true, changeOrigin: false },
      '/media': { target: gateway, changeOrigin: false },
    },
  },
  ...(isSsrBuild ? ssrBuild : {}),
  build: isSsrBuild ? ssrBuild.build : {
    outDir: 'dist',
    // dist/.vite/manifest.json: which chunks each page loads, read by scripts/web-budget.js.
    manifest: true,
    target: 'es2020',
    // Vite's modulepreload polyfill would be a module of its own before main.tsx (a second request
    // for every page); the browsers without modulepreload (Safari before 17) fetch the modules when
    // they are imported instead.
    modulePreload: { polyfill: false },
    cssCodeSplit: true,
    sourcemap: false,
    // The vendor chunk (Preact, router) and Apollo's are well under this; the video
    // player's chunk (hls.js) is the one above this, loaded on video pages only.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The app (start-app.tsx) is an entry of its own, which main.tsx imports when the app is wanted:
      // the libraries it runs with are then grouped as an entry's are ('vendor' below).
      input: { index: fileURLToPath(new URL('./index.html', import.meta.url)), 'start-app': fileURLToPath(new URL('./src/start-app.tsx', import.meta.url)) },
      output: {
        codeSplitting: {
          groups: [
            // What every page runs as it starts (main.tsx and its imports: the session, the visit, what
            // makes the page live when wanted), in the entry's file: Rolldown would otherwise leave each
            // module the app shares with it (the session, the printed documents…) in a chunk of its own,
            // half a dozen requests for a few kB.
            { name: (id, ctx) => (!id.includes('/node_modules/') && (id.endsWith('/src/main.tsx') || importedStaticallyBy('/src/main.tsx', id, ctx)) ? 'index' : null), priority: 2 },
            // What the app needs to run (Preact, the router and their kind: the libraries start-app.tsx
            // imports), in one file rather than a dozen round trips, fetched once the app is wanted.
            // (Grouping the app's own modules the same way cut the home from 34 files to 29, but changed
            // the order modules run in, and a nested admin dialog's second Escape then failed every time.)
            // The route manifest (src/app/route-manifest.ts) with them: a leaf of plain data that the router
            // and most pages import (their links), which would otherwise be one more file and one more
            // import in each page's chunk on every first visit.
            { name: 'vendor', tags: ['$initial'], test: /node_modules|\/src\/app\/route-manifest\.ts$/, priority: 1 },
          ],
        },
      },
    },
  },
}));
