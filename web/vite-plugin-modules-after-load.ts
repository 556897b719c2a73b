import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import { ENTRY_REL, PRELOAD_REL } from './src/lib/module-links';

/**
 * The browser runs this (inline, allowed by its hash: gateway/src/web/inline-scripts.ts) where index.html
 * names the app's modules. A public page arrives as complete HTML with its critical CSS
 * (gateway/src/ssr), readable and with working links before any JavaScript: its entry module
 * (main.tsx, a few kB: the session, the visit, what makes the page live when wanted) is fetched once
 * the page has loaded, so that on a slow network the HTML, the image at the top and the stylesheet
 * get the bandwidth first; the app's own modules (start-app.tsx and what it imports, the route's
 * chunks) only once the app is wanted (main.tsx). The app shell (signed-in pages: an empty #root)
 * shows nothing without them, so it fetches them all at once. A page whose load event is slow (a
 * large image on 2G) gets its entry after 5 s anyway.
 */
const MODULES_AFTER_LOAD = `(function (d, w) {
  var started = false;
  function start(all) {
    if (started) return;
    started = true;
    var links = all ? d.querySelectorAll('link[rel="${PRELOAD_REL}"]') : [];
    for (var i = 0; i < links.length; i++) {
      var preload = d.createElement('link');
      preload.rel = 'modulepreload';
      preload.crossOrigin = '';
      preload.href = links[i].href;
      d.head.appendChild(preload);
    }
    var entry = d.querySelector('link[rel="${ENTRY_REL}"]');
    if (!entry) return;
    var script = d.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.href;
    d.head.appendChild(script);
  }
  var root = d.getElementById('root');
  if (!root || !root.firstElementChild) return start(true);
  w.addEventListener('load', function () { start(false); });
  setTimeout(function () { start(false); }, 5000);
})(document, window);`;

/**
 * The chunk of `moduleSuffix` (the app, which the entry imports when it is wanted) and every chunk
 * it imports statically, transitively: what the app needs besides the entry.
 */
function chunksOf(bundle: OutputBundle, moduleSuffix: string): string[] {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const start = chunks.find((c) => c.facadeModuleId?.endsWith(moduleSuffix));
  if (!start) throw new Error(`modules-after-load: no chunk for ${moduleSuffix}`);
  const files: string[] = [];
  const visit = (chunk: OutputChunk) => {
    if (files.includes(chunk.fileName)) return;
    files.push(chunk.fileName);
    for (const name of chunk.imports) {
      const imported = byName.get(name);
      if (imported) visit(imported);
    }
  };
  visit(start);
  return files;
}

/**
 * Rewrites the module tags Vite writes into index.html: the entry `<script type="module">` and its
 * `<link rel="modulepreload">`s become inert links the loader above reads, the app's modules
 * (`appModule`'s chunks, which the entry imports when the app is wanted) are named the same way,
 * and the loader goes right after #root (it looks at whether the server filled it). The service
 * worker still finds every /assets/ file by its href (web/public/sw.js, precacheShell).
 */
export function modulesAfterLoad(appModule = '/src/start-app.tsx'): Plugin {
  return {
    name: 'lbf:modules-after-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        if (entries.length !== 1) throw new Error(`modules-after-load: expected one entry script, found ${entries.length}`);
        if (!html.includes('<div id="root"></div>')) throw new Error('modules-after-load: no empty #root in index.html');
        const bundle = ctx.bundle as OutputBundle | undefined;
        const appLinks = bundle
          ? chunksOf(bundle, appModule)
              .filter((file) => !html.includes(`/${file}"`))
              .map((file) => `<link rel="${PRELOAD_REL}" href="/${file}">`)
          : [];
        return html
          .replace(entries[0]![0], `<link rel="${ENTRY_REL}" href="${entries[0]![1]}">`)
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, `<link rel="${PRELOAD_REL}" href="$1">`)
          .replace('</head>', `  ${appLinks.join('\n    ')}\n  </head>`)
          .replace('<div id="root"></div>', `<div id="root"></div>\n    <script>${MODULES_AFTER_LOAD}</script>`);
      },
    },
  };
}
