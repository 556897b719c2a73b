import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { precompiledGql } from './vite-plugin-gql';
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

export default defineConfig(({ isSsrBuild }) => ({
  // plugin-react only for its JSX transform (oxc, automatic runtime → react/jsx-runtime → compat's):
  // React Fast Refresh patches React's renderer, which is not there, so a change reloads the page.
  plugins: [precompiledGql(), react({ refreshExclude: /./ }), tailwindcss(), offlineCode(), modulesAfterLoad()],
  resolve: {
    alias: [
      // The server's render runs the public pages' data hooks on Apollo itself (src/data/hooks.server.ts).
      ...(isSsrBuild ? [{ find: /^@\/data\/hooks$/, replacement: fileURLToPath(new URL('./src/data/hooks.server.ts', import.meta.url)) }] : []),
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
    cssCodeSplit: true,
    sourcemap: false,
    // The vendor chunk (Preact, router) and Apollo's are well under this; the video
    // player's chunk (hls.js) is the one above this, loaded on video pages only.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every page needs to boot, in one file rather than a dozen round trips. (Grouping the
            // app's own start-up modules the same way cut the home from 34 files to 29, but changed the
            // order modules run in, and a nested admin dialog's second Escape then failed every time.)
            { name: 'vendor', tags: ['$initial'], test: /node_modules/ },
          ],
        },
      },
    },
  },
}));
