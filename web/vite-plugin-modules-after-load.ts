import type { Plugin } from 'vite';

/** `<link rel="lbf-module">`: the entry module the loader starts (nothing is fetched for this rel). */
const ENTRY_REL = 'lbf-module';
/** `<link rel="lbf-modulepreload">`: a module the loader preloads (the gateway writes its route's the same way). */
const PRELOAD_REL = 'lbf-modulepreload';

/**
 * The browser runs this (inline, allowed by its hash: gateway/src/inline-scripts.ts) where index.html
 * names the app's modules. A public page arrives as complete HTML with its critical CSS
 * (gateway/src/ssr), readable and with working links before any JavaScript: its modules are fetched
 * once it has loaded, so that on a slow network the HTML, the image at the top and the stylesheet
 * get the bandwidth first, and the 30-odd module requests do not hold up the first paint. The app
 * shell (signed-in pages: an empty #root) shows nothing without them, so it fetches them at once.
 * A page whose load event is slow (a large image on 2G) gets them after 5 s anyway.
 */
const MODULES_AFTER_LOAD = `(function (d, w) {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var links = d.querySelectorAll('link[rel="${PRELOAD_REL}"]');
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
  if (!root || !root.firstElementChild) return start();
  w.addEventListener('load', start);
  setTimeout(start, 5000);
})(document, window);`;

/**
 * Rewrites the module tags Vite writes into index.html: the entry `<script type="module">` and its
 * `<link rel="modulepreload">`s become inert links the loader above reads, and the loader goes right
 * after #root (it looks at whether the server filled it). The service worker still finds every
 * /assets/ file by its href (web/public/sw.js, precacheShell).
 */
export function modulesAfterLoad(): Plugin {
  return {
    name: 'lbf:modules-after-load',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const entries = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>/g)];
        if (entries.length !== 1) throw new Error(`modules-after-load: expected one entry script, found ${entries.length}`);
        if (!html.includes('<div id="root"></div>')) throw new Error('modules-after-load: no empty #root in index.html');
        return html
          .replace(entries[0]![0], `<link rel="${ENTRY_REL}" href="${entries[0]![1]}">`)
          .replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, `<link rel="${PRELOAD_REL}" href="$1">`)
          .replace('<div id="root"></div>', `<div id="root"></div>\n    <script>${MODULES_AFTER_LOAD}</script>`);
      },
    },
  };
}
