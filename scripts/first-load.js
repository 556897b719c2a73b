'use strict';
/**
 * Bytes of a first visit to a page as the server sends them: the HTML, then every script and
 * stylesheet it names (<script src>, <link rel=modulepreload|lbf-modulepreload|lbf-module|stylesheet>), each fetched once with
 * the browser's Accept-Encoding. Counts the bytes on the wire (the body as sent, before decoding);
 * a lazy chunk the page asks for only once it runs is not counted.
 *
 *   node scripts/first-load.js http://localhost:4000/ [--encoding "br, gzip"]
 */
const { request } = require('node:http');
const { request: requestTls } = require('node:https');
const { brotliDecompressSync, gunzipSync } = require('node:zlib');

/** One GET; resolves with the status, headers and the body as it came over the wire. */
function get(url, headers) {
  return new Promise((resolve, reject) => {
    const send = url.startsWith('https:') ? requestTls : request;
    const req = send(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

function decoded(res) {
  const encoding = res.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(res.body);
  if (encoding === 'gzip') return gunzipSync(res.body);
  return res.body;
}

async function firstLoad(pageUrl, acceptEncoding = 'br, gzip') {
  const rows = [];
  const page = await get(pageUrl, { accept: 'text/html', 'accept-encoding': acceptEncoding });
  rows.push({ url: new URL(pageUrl).pathname, status: page.status, encoding: page.headers['content-encoding'] ?? 'identity', bytes: page.body.length });
  const html = decoded(page).toString('utf8');
  const urls = new Set();
  for (const m of html.matchAll(/<script\b[^>]*\ssrc="([^"]+)"/g)) urls.add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*\brel="(?:modulepreload|lbf-modulepreload|lbf-module|stylesheet)"[^>]*\shref="([^"]+)"/g)) urls.add(m[1]);
  for (const path of urls) {
    const res = await get(new URL(path, pageUrl).href, { 'accept-encoding': acceptEncoding });
    rows.push({ url: path, status: res.status, encoding: res.headers['content-encoding'] ?? 'identity', bytes: res.body.length });
  }
  return rows;
}

async function main(argv) {
  const i = argv.indexOf('--encoding');
  const encoding = i >= 0 ? argv[i + 1] : 'br, gzip';
  const url = argv.find((a, j) => !a.startsWith('--') && argv[j - 1] !== '--encoding') ?? 'http://localhost:4000/';
  const rows = await firstLoad(url, encoding);
  for (const r of rows) console.log(`${String(r.bytes).padStart(8)}  ${r.encoding.padEnd(8)}  ${r.status}  ${r.url}`);
  const total = rows.reduce((sum, r) => sum + r.bytes, 0);
  console.log(`${String(total).padStart(8)}  bytes in ${rows.length} responses (Accept-Encoding: ${encoding})`);
}

module.exports = { firstLoad };

if (require.main === module) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(err);
    process.exitCode = 1;
  });
}
