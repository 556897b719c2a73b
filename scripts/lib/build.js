'use strict';
/**
 * Builds what is stale: TypeScript project references (incremental), the composed supergraph (when a
 * subgraph SDL or the composer changed) and the web app (when its sources changed). The development
 * gateway composes the running subgraphs itself; a production gateway serves the composed file only.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, readdirSync, statSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name === 'dist-ssr' || entry.name === 'dist-routes' || entry.name === 'dist-manifest' || entry.name === 'e2e') continue;
    const p = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function run(cmd, args, label, stdio = 'inherit', env = process.env) {
  const res = spawnSync(cmd, args, { cwd: root, stdio, env });
  if (res.status !== 0) throw new Error(`${label} failed (exit ${res.status})`);
}

function buildStale({ log = console.log, web = true } = {}) {
  log('• Compilation TypeScript (incrémentale)…');
  run(process.execPath, [require.resolve('typescript/bin/tsc', { paths: [root] }), '-b'], 'tsc -b');
  composeSupergraphIfStale(log);
  // The browser's app (web/dist), the gateway's server-rendering bundle (web/dist-ssr) and the trusted
  // documents' manifest (web/dist-manifest) come from one build (web/package.json): any missing or
  // older than a source rebuilds them all.
  const outputs = [join(root, 'web', 'dist', 'index.html'), SSR_BUNDLE, TRUSTED_DOCUMENTS];
  const webSources = newestMtime(join(root, 'web'));
  if (web && outputs.some((file) => !existsSync(file) || statSync(file).mtimeMs < webSources)) {
    log('• Construction de l’application web…');
    // A production build whoever calls (jest sets NODE_ENV=test, which would give React's development JSX).
    run('npm', ['run', 'build', '-w', '@lbf/web'], 'web build', 'inherit', { ...process.env, NODE_ENV: 'production' });
  }
}

/** The server-rendering bundle the gateway loads (gateway/src/config.ts, SSR_BUNDLE's default). */
const SSR_BUNDLE = join(root, 'web', 'dist-ssr', 'entry-server.cjs');

/** The web app's registered operations (gateway/src/config.ts DEFAULT_TRUSTED_DOCUMENTS). */
const TRUSTED_DOCUMENTS = join(root, 'web', 'dist-manifest', 'persisted-query-manifest.json');

/** The file a production gateway reads (gateway/src/config.ts DEFAULT_SUPERGRAPH_FILE). */
const SUPERGRAPH_FILE = join(root, 'gateway', 'dist', 'supergraph.graphql');

/** Writes gateway/dist/supergraph.graphql when it is missing or older than a schema or the composer. */
function composeSupergraphIfStale(log = console.log) {
  const composer = join(root, 'gateway', 'dist', 'schema', 'compose-supergraph.js');
  const servicesDir = join(root, 'services');
  const inputs = [composer, ...readdirSync(servicesDir).map((name) => join(servicesDir, name, 'src', 'schema.graphql'))].filter((p) => existsSync(p));
  const newestInput = Math.max(...inputs.map((p) => statSync(p).mtimeMs));
  if (existsSync(SUPERGRAPH_FILE) && statSync(SUPERGRAPH_FILE).mtimeMs >= newestInput) return false;
  log('• Composition du supergraphe…');
  // Its errors (stderr) name the subgraph and the conflict; its one-line success note is noise here.
  run(process.execPath, [composer], 'supergraph composition', ['ignore', 'ignore', 'inherit']);
  return true;
}

module.exports = { buildStale, composeSupergraphIfStale, root, SUPERGRAPH_FILE, SSR_BUNDLE, TRUSTED_DOCUMENTS };
