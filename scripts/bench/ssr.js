'use strict';
/**
 * The `ssr` part of `npm run bench` (BENCH_ONLY=ssr), on the bench's production stack: what the
 * gateway does for a phone's first request of a public page. autocannon (scripts/bench/load.js, its
 * own process) GETs / and /actualites through the gateway as a browser's navigation does
 * (Accept: text/html, Accept-Encoding: gzip, deflate, br; no cookie: an anonymous visitor) and
 * prints requests/s, p50/p99, and each page's HTML size (as sent, compressed, and decoded).
 *
 * It says what it measured: a page whose #root holds markup is server-rendered; an empty #root is
 * the client-rendered app's shell (index.html), which costs the server nothing but shows nothing
 * until the JavaScript has loaded and asked for the data.
 */
const http = require('node:http');
const zlib = require('node:zlib');
const { runLoad } = require('./load');

const PAGES = ['/', '/actualites'];
const NAVIGATION = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8', 'accept-encoding': 'gzip, deflate, br' };

/** One GET as a browser's navigation: status, content-encoding, bytes on the wire and decoded HTML. */
function getPage(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: NAVIGATION }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const wire = Buffer.concat(chunks);
        const encoding = String(res.headers['content-encoding'] ?? 'identity');
        const decode = { gzip: zlib.gunzipSync, deflate: zlib.inflateSync, br: zlib.brotliDecompressSync }[encoding] ?? ((b) => b);
        resolve({ status: res.statusCode, encoding, wireBytes: wire.length, html: decode(wire).toString('utf8') });
      });
    });
    req.on('error', reject);
  });
}

/**
 * What #root holds: the markup between `<div id="root">` and its closing tag (nested divs counted).
 * Empty for the client-rendered shell; null when the page has no #root at all.
 */
function rootMarkup(html) {
  const open = /<div\b[^>]*\bid=["']?root\b["']?[^>]*>/i.exec(html);
  if (!open) return null;
  const start = open.index + open[0].length;
  const tags = /<div\b[^>]*>|<\/div\s*>/gi;
  tags.lastIndex = start;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[0][1] === '/' ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index).trim();
  }
  return html.slice(start).trim();
}

/** One autocannon run of GET `url` (no body) in a fresh process. */
function loadGet(url, headers, { connections, seconds, warmupSeconds }) {
  return runLoad({ url, method: 'GET', headers, connections, seconds, warmupSeconds });
}

async function benchSsr({ stackUrl: base, printTable, connections, seconds, warmupSeconds }) {
  const rows = [];
  const notes = [];
  for (const path of PAGES) {
    const page = await getPage(`${base}${path}`);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}`);
    const markup = rootMarkup(page.html);
    const kind =
      markup === null ? 'no #root in the HTML' : markup ? `server-rendered: #root holds ${Buffer.byteLength(markup).toLocaleString('en-US')} bytes of markup` : 'client-rendered app shell: #root is empty';
    notes.push(`   ${path.padEnd(12)} HTML ${page.wireBytes.toLocaleString('en-US')} bytes as sent (${page.encoding}), ${Buffer.byteLength(page.html).toLocaleString('en-US')} decoded; ${kind}`);
    rows.push([`GET ${path}`, await loadGet(`${base}${path}`, NAVIGATION, { connections, seconds, warmupSeconds })]);
  }
  printTable(`11. Public pages' HTML through the gateway (GET, Accept: text/html, gzip/br accepted, anonymous, ${connections} connections)`, rows);
  for (const line of notes) console.log(line);
  return rows;
}

module.exports = { benchSsr, rootMarkup };
