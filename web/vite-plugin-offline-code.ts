import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/**
 * Names in index.html the chunks of Apollo Client (src/apollo/client.ts and what it imports) and of
 * the toasts (sonner), which the first page no longer loads (src/data/apollo.ts fetches Apollo on
 * first need, src/components/ui/toast.tsx sonner once the page is live). The service worker
 * caches every /assets/ file the shell names when it installs (web/public/sw.js, precacheShell), so a
 * visitor who goes offline before touching anything can still move between the pages kept for them.
 * `rel="lbf-app-code"` means nothing to the browser: nothing is fetched for it.
 */
export function offlineCode(moduleSuffixes: readonly string[] = ['/src/apollo/client.ts', '/node_modules/sonner/dist/index.mjs']): Plugin {
  return {
    name: 'lbf:offline-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle as OutputBundle | undefined;
        if (!bundle) return html;
        const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const add = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const imported = byName.get(name);
            if (imported) add(imported);
          }
        };
        for (const suffix of moduleSuffixes) {
          const entry = chunks.find((c) => c.facadeModuleId?.endsWith(suffix));
          if (!entry) throw new Error(`offline-code: no chunk for ${suffix}`);
          add(entry);
        }
        // What the page itself already names is left out.
        const links = [...files].filter((f) => !html.includes(`/${f}"`)).map((f) => `<link rel="lbf-app-code" href="/${f}" />`);
        return html.replace('</head>', `  ${links.join('\n    ')}\n  </head>`);
      },
    },
  };
}
