#!/usr/bin/env node
'use strict';
/**
 * Trusted documents (issue 24 point 6): the GraphQL request bytes each page's browser sends, with
 * the documents named by their hash (now) against the same requests with the documents' full text
 * (before). It starts its own production stack (own ports, database, stream, Redis prefix; the
 * gateway holds browsers to the web build's registered documents), loads public pages and the demo
 * customer's dashboard in Chromium (one fresh context per page, service worker off so that every
 * request is the page's own), and records every /graphql request: request line + headers + body, as
 * HTTP/1.1 puts them on the wire. "Before" is each recorded request sent as the app sent it before
 * trusted documents: a POST with `{"operationName","variables","query"}` (the registered text from
 * the manifest), the same headers, its Content-Length. It fails when the gateway refused a request
 * (PERSISTED_QUERY_NOT_FOUND or PERSISTED_QUERY_REQUIRED): the app and the manifest disagree.
 *
 *   node scripts/trusted-documents-bytes.js
 */
const { readFileSync } = require('node:fs');
const { join } = require('node:path');
const { chromium } = require('playwright-core');
const { buildStale, root, TRUSTED_DOCUMENTS } = require('./lib/build');
const { CHROMIUM_ARGS, CHROMIUM_PATH } = require('./lib/chromium');
const { randomPortOffset, startThrowawayStack, throwawayNames } = require('./lib/stack');

// Own ports (away from the browser tests' 300–890 and the bench's 500), unless TRUSTED_BYTES_PORT_OFFSET says.
const portOffset = async () =>
  process.env.TRUSTED_BYTES_PORT_OFFSET ? Number(process.env.TRUSTED_BYTES_PORT_OFFSET) : randomPortOffset({ from: 900, step: 10, count: 20 });

/** Bytes of a request as HTTP/1.1 writes it: request line, each header line, the blank line, the body. */
function requestBytes(method, path, headers, body) {
  let bytes = Buffer.byteLength(`${method} ${path} HTTP/1.1\r\n`);
  for (const { name, value } of headers) bytes += Buffer.byteLength(`${name}: ${value}\r\n`);
  return bytes + 2 + body;
}

/** The request as the app sent it before trusted documents: the document's text in a POST body. */
function beforeBytes(request, manifest) {
  const url = new URL(request.url);
  const sent = request.method === 'GET' ? Object.fromEntries(url.searchParams) : JSON.parse(request.body || '{}');
  const parse = (v) => (typeof v === 'string' ? JSON.parse(v) : v);
  const hash = parse(sent.extensions)?.persistedQuery?.sha256Hash;
  const query = sent.query ?? manifest.get(hash);
  if (!query) throw new Error(`${sent.operationName}: hash ${hash} is not in the manifest`);
  const body = JSON.stringify({ operationName: sent.operationName, variables: parse(sent.variables) ?? {}, query });
  const headers = request.headers.filter(({ name }) => !/^content-(length|type)$/i.test(name));
  headers.push({ name: 'Content-Type', value: 'application/json' }, { name: 'Content-Length', value: String(Buffer.byteLength(body)) });
  return requestBytes('POST', url.pathname, headers, Buffer.byteLength(body));
}

/** Loads a page in a fresh context and returns its /graphql requests (method, url, headers, body) and refusals. */
async function graphqlRequestsOf(browser, siteUrl, path, prepare) {
  const context = await browser.newContext({ baseURL: siteUrl, serviceWorkers: 'block', locale: 'fr-FR' });
  const page = await context.newPage();
  if (prepare) await prepare(page);
  const requests = [];
  const refusals = [];
  const onRequest = (request) => {
    if (new URL(request.url()).pathname !== '/graphql') return;
    const recorded = request.headersArray().then((headers) => ({ method: request.method(), url: request.url(), headers, body: request.postData() ?? '' }));
    recorded.catch(() => undefined);
    requests.push(recorded);
  };
  page.on('request', onRequest);
  page.on('response', async (response) => {
    if (new URL(response.url()).pathname !== '/graphql' || response.status() === 304) return;
    const answer = await response.json().catch(() => null);
    for (const error of answer?.errors ?? []) {
      if (/^PERSISTED_QUERY_/.test(error.extensions?.code ?? '')) refusals.push(`${path}: ${error.extensions.code} (${response.request().method()} ${response.url().slice(0, 120)})`);
    }
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  // A visitor's first touch makes the page live (Apollo Client and its queries): one click on the page's body.
  await page.mouse.click(5, 5);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
  page.off('request', onRequest);
  const recorded = await Promise.all(requests);
  await context.close();
  return { recorded, refusals };
}

async function signInAsCustomer(page, demo) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Email').fill(demo.customer.email);
  await form.getByLabel('Mot de passe', { exact: true }).fill(demo.customer.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth'), { timeout: 30_000 });
  await page.waitForLoadState('networkidle');
}

async function main() {
  buildStale({ log: () => undefined });
  const manifest = new Map(JSON.parse(readFileSync(TRUSTED_DOCUMENTS, 'utf8')).operations.map((op) => [op.id, op.body]));
  const offset = await portOffset();
  const port = 4000 + offset;
  console.log(`Trusted documents: production stack on 127.0.0.1:${port}, Chromium, ${manifest.size} registered operations.`);
  const stack = await startThrowawayStack(throwawayNames('trusted'), {
    production: true,
    port,
    publicUrl: `http://127.0.0.1:${port}`,
    portOffset: offset,
    dataDir: join(root, '.data', 'trusted-bytes'),
    logLevel: 'warn',
    quiet: true,
    demoVideoMaxSeconds: 10,
    waitForDemoVideosMs: 300_000,
  });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const pages = [
      ['/', null],
      ['/actualites', null],
      ['/videos', null],
      ['/pdfs', null],
      ['/faq', null],
      ['/contact', null],
      ['/dashboard', (page) => signInAsCustomer(page, stack.demo)],
    ];
    const rows = [];
    const refusals = [];
    for (const [path, prepare] of pages) {
      const { recorded, refusals: refused } = await graphqlRequestsOf(browser, stack.url, path, prepare);
      refusals.push(...refused);
      // The dashboard's context signed in first (not counted): its requests are the page's own, reloaded.
      const after = recorded.reduce((sum, r) => sum + requestBytes(r.method, new URL(r.url).pathname + new URL(r.url).search, r.headers, Buffer.byteLength(r.body)), 0);
      const before = recorded.reduce((sum, r) => sum + beforeBytes(r, manifest), 0);
      rows.push({ path: prepare ? `${path} (signed in)` : path, requests: recorded.length, gets: recorded.filter((r) => r.method === 'GET').length, before, after });
    }
    printTable(rows);
    if (refusals.length) {
      console.error(`\nThe gateway refused ${refusals.length} request(s) of the web app:\n  ${refusals.join('\n  ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stack.stop();
  }
}

function printTable(rows) {
  const kb = (n) => (n / 1024).toFixed(1);
  console.log('\nGraphQL request bytes per page (request line + headers + body), before (full documents) and after (hashes)');
  console.log(`${'page'.padEnd(24)} ${'requests'.padStart(8)} ${'as GET'.padStart(7)} ${'before kB'.padStart(10)} ${'after kB'.padStart(9)} ${'saved'.padStart(7)}`);
  for (const r of rows) {
    console.log(`${r.path.padEnd(24)} ${String(r.requests).padStart(8)} ${String(r.gets).padStart(7)} ${kb(r.before).padStart(10)} ${kb(r.after).padStart(9)} ${`${(100 * (1 - r.after / r.before)).toFixed(0)} %`.padStart(7)}`);
  }
  const sum = (k) => rows.reduce((s, r) => s + r[k], 0);
  console.log(`${'total'.padEnd(24)} ${String(sum('requests')).padStart(8)} ${String(sum('gets')).padStart(7)} ${kb(sum('before')).padStart(10)} ${kb(sum('after')).padStart(9)} ${`${(100 * (1 - sum('after') / sum('before'))).toFixed(0)} %`.padStart(7)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
